/**
 * Caller-supplied OHLCV records (indicator compute, chan analysis, backtests)
 * → a BarSeries, with every problem reported as a FastAPI item naming the row:
 * `loc: ["body", <field>, <row>, <column>]`. Accepted per row: a time column
 * (`date`, `datetime`, `trade_date` or `time`; "YYYY-MM-DD", "YYYY/MM/DD",
 * "YYYYMMDD", optionally followed by " HH:MM" or " HH:MM:SS", or YYYYMMDD as a
 * number), `open`, `high`, `low`, `close` (numbers or numeric strings), and
 * optional `vol` (or `volume`) and `amount`. Rows must be in ascending time
 * order without duplicates, and `high` must not be below `low`.
 */
import { allocSeries, type BarSeries } from "../../../core/bars/series.ts";
import type { ValidationItem } from "./fastapi-errors.ts";

const TIME_KEYS = ["date", "datetime", "trade_date", "time"] as const;
const DATE = /^(\d{4})[-/]?(\d{2})[-/]?(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/;

const digit = (s: string, i: number) => s.charCodeAt(i) - 48;
const DIGITS = [0, 1, 2, 3, 5, 6, 8, 9];

/** "YYYY-MM-DD", the common case, without a regular expression. */
function plainDate(s: string): number | undefined {
  if (s.length !== 10 || s.charCodeAt(4) !== 45 || s.charCodeAt(7) !== 45) return undefined;
  for (const i of DIGITS) if (digit(s, i) < 0 || digit(s, i) > 9) return undefined;
  const y = digit(s, 0) * 1000 + digit(s, 1) * 100 + digit(s, 2) * 10 + digit(s, 3);
  const m = digit(s, 5) * 10 + digit(s, 6);
  const d = digit(s, 8) * 10 + digit(s, 9);
  if (!(y >= 0 && m >= 1 && m <= 12 && d >= 1 && d <= 31)) return undefined;
  const t = Date.UTC(y, m - 1, d);
  return new Date(t).getUTCDate() === d ? t : undefined;
}

function parseTime(v: unknown): number | undefined {
  if (typeof v === "string") {
    const t = plainDate(v);
    if (t !== undefined) return t;
  }
  const text = typeof v === "number" && Number.isInteger(v) ? String(v) : typeof v === "string" ? v.trim() : undefined;
  const m = text === undefined ? null : DATE.exec(text);
  if (!m) return undefined;
  const [y, mo, d, h, mi, s] = m.slice(1).map((x) => (x === undefined ? 0 : Number(x)));
  const t = Date.UTC(y, mo - 1, d, h, mi, s);
  const back = new Date(t);
  if (back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d || h > 23 || mi > 59 || s > 59) return undefined;
  return t;
}

function parseNumber(v: unknown): number | undefined {
  if (typeof v === "number") return Number.isFinite(v) ? v : undefined;
  if (typeof v === "string" && v.trim() !== "") {
    const x = Number(v);
    return Number.isFinite(x) ? x : undefined;
  }
  return undefined;
}

export type OhlcvResult = { ok: true; series: BarSeries; intraday: boolean } | { ok: false; errors: ValidationItem[] };

/** Parses `rows` found at `body.<field>`; stops collecting after 20 problems. */
export function parseOhlcvRecords(rows: readonly unknown[], field: string): OhlcvResult {
  const s = allocSeries(rows.length);
  const errors: ValidationItem[] = [];
  let intraday = false;
  const err = (i: number, col: string, type: string, msg: string, input: unknown) =>
    errors.push({ type, loc: ["body", field, i, col], msg, input });
  for (let i = 0; i < rows.length && errors.length < 20; i++) {
    const r = rows[i];
    if (r === null || typeof r !== "object" || Array.isArray(r)) {
      errors.push({ type: "dict_type", loc: ["body", field, i], msg: "Input should be a valid dictionary", input: r });
      continue;
    }
    const row = r as Record<string, unknown>;
    const key = TIME_KEYS.find((k) => row[k] !== undefined);
    if (!key) err(i, "date", "missing", "Field required (a date, datetime, trade_date or time column)", row);
    else {
      const t = parseTime(row[key]);
      if (t === undefined) err(i, key, "value_error", "Value error, not a date/time (YYYY-MM-DD or YYYY-MM-DD HH:MM)", row[key]);
      else {
        s.time[i] = t;
        if (t % 86_400_000 !== 0) intraday = true;
        if (i > 0 && t <= s.time[i - 1]) {
          err(i, key, "value_error", t === s.time[i - 1] ? "Value error, duplicate time" : "Value error, rows are not in ascending time order", row[key]);
        }
      }
    }
    for (const col of ["open", "high", "low", "close"] as const) {
      if (row[col] === undefined) err(i, col, "missing", "Field required", row);
      else {
        const x = parseNumber(row[col]);
        if (x === undefined) err(i, col, "float_parsing", "Input should be a valid number", row[col]);
        else s[col][i] = x;
      }
    }
    for (const [col, alias] of [["vol", "volume"], ["amount", undefined]] as const) {
      const name = row[col] !== undefined ? col : alias !== undefined && row[alias] !== undefined ? alias : undefined;
      if (name === undefined) {
        s[col][i] = NaN;
        continue;
      }
      const x = parseNumber(row[name]);
      if (x === undefined) err(i, name, "float_parsing", "Input should be a valid number", row[name]);
      else s[col][i] = x;
    }
    if (s.high[i] < s.low[i]) err(i, "high", "value_error", "Value error, high is below low", row.high);
  }
  return errors.length ? { ok: false, errors } : { ok: true, series: s, intraday };
}
