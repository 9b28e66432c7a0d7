/**
 * Reads bars from CSV text with a header row: a date column (`date`,
 * `datetime`, `dt` or `time`; `YYYY-MM-DD`, `YYYYMMDD`, optionally followed
 * by ` HH:MM[:SS]`), then `open`, `high`, `low`, `close`, `vol` (or
 * `volume`) and optionally `amount`, in any order; other columns are ignored.
 * An unnamed first column holding dates is the date column: pandas' `to_csv`
 * writes a DatetimeIndex that way (`,open,high,...`).
 * Times are market wall-clock encoded as UTC, as `BarSeries` expects.
 */
import { allocSeries, type BarSeries } from "../../core/bars/index.ts";

const DATE_RE = /^(\d{4})-?(\d{2})-?(\d{2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?/;

function parseBarTime(text: string): number {
  const m = DATE_RE.exec(text.trim());
  if (!m) return NaN;
  return Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +(m[4] ?? 0), +(m[5] ?? 0), +(m[6] ?? 0));
}

export function parseBarsCsv(text: string): BarSeries {
  const lines = text.split(/\r?\n/).filter((l) => l.trim() !== "");
  if (lines.length === 0) throw new Error("the CSV is empty");
  const header = lines[0]!.split(",").map((h) => h.trim().toLowerCase());
  const find = (...names: string[]) => header.findIndex((h) => names.includes(h));
  const cols = {
    time: find("date", "datetime", "dt", "time", "trade_date"),
    open: find("open"),
    high: find("high"),
    low: find("low"),
    close: find("close"),
    vol: find("vol", "volume"),
    amount: find("amount", "amo"),
  };
  const firstCell = lines[1]?.split(",")[0] ?? "";
  if (cols.time < 0 && header[0] === "" && !Number.isNaN(parseBarTime(firstCell))) cols.time = 0;
  const missing = Object.entries(cols)
    .filter(([k, i]) => i < 0 && k !== "amount")
    .map(([k]) => (k === "time" ? "date/datetime" : k));
  if (missing.length > 0) throw new Error(`the CSV header lacks: ${missing.join(", ")}`);
  const s = allocSeries(lines.length - 1);
  for (let r = 1; r < lines.length; r++) {
    const cells = lines[r]!.split(",");
    const i = r - 1;
    s.time[i] = parseBarTime(cells[cols.time] ?? "");
    s.open[i] = Number(cells[cols.open]);
    s.high[i] = Number(cells[cols.high]);
    s.low[i] = Number(cells[cols.low]);
    s.close[i] = Number(cells[cols.close]);
    s.vol[i] = Number(cells[cols.vol]);
    s.amount[i] = cols.amount >= 0 ? Number(cells[cols.amount]) : NaN;
  }
  return s;
}
