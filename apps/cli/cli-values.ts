/**
 * How command-line values are spelled (easy_tdx's CLI conventions, cli/parsers.py):
 * markets as SZ/SH/BJ or 0/1/2, periods as DAILY/5MIN/... or the API's category
 * names, stock lists as "SZ 000001,SH 600519" (or SZ:000001), parameters as
 * `NAME=VALUE` lists. Only spelling is translated here; the service's routes
 * decide what is valid (an unknown market reaches them and answers 422).
 */
import { BAR_CATEGORY_NAMES, type BarCategory } from "../../core/bars/index.ts";
import { UsageError } from "./cli-args.ts";

const MARKET_NUMBERS: Record<string, string> = { "0": "SZ", "1": "SH", "2": "BJ" };

export function market(text: string): string {
  const t = text.trim().toUpperCase();
  return MARKET_NUMBERS[t] ?? t;
}

const PERIODS: Record<string, BarCategory> = {
  "1MIN": "MIN_1",
  "1": "MIN_1",
  "5MIN": "MIN_5",
  "5": "MIN_5",
  "15MIN": "MIN_15",
  "15": "MIN_15",
  "30MIN": "MIN_30",
  "30": "MIN_30",
  "60MIN": "MIN_60",
  "60": "MIN_60",
  "120MIN": "MIN_120",
  DAILY: "DAY",
  D: "DAY",
  WEEKLY: "WEEK",
  W: "WEEK",
  MONTHLY: "MONTH",
  M: "MONTH",
  QUARTERLY: "SEASON",
  YEARLY: "YEAR",
  Y: "YEAR",
};

export const PERIOD_HELP = "bar period: DAILY, WEEKLY, MONTHLY, YEARLY, 1MIN, 5MIN, 15MIN, 30MIN, 60MIN, 120MIN (or DAY, MIN_5 ...)";

/** The API category of a period spelling; `what` names the option in the error. */
export function category(text: string, what = "--period"): BarCategory {
  const t = text.trim().toUpperCase();
  const c = PERIODS[t] ?? (BAR_CATEGORY_NAMES as readonly string[]).find((n) => n === t);
  if (!c) throw new UsageError(`${what}: unknown period ${JSON.stringify(text)} (${PERIOD_HELP})`);
  return c as BarCategory;
}

/** easy_tdx's adjustment spellings (cli/parsers.py `parse_adjust`): NONE/0, QFQ/FQ/1, HFQ/2. */
const ADJUSTS: Record<string, "NONE" | "QFQ" | "HFQ"> = { NONE: "NONE", "0": "NONE", QFQ: "QFQ", FQ: "QFQ", "1": "QFQ", HFQ: "HFQ", "2": "HFQ" };

/** The API `adjust` of an adjustment spelling. */
export function adjust(text: string): "NONE" | "QFQ" | "HFQ" {
  const a = ADJUSTS[text.trim().toUpperCase()];
  if (!a) throw new UsageError(`--adjust: expected NONE, QFQ or HFQ (or 0, 1, 2, FQ) (got ${JSON.stringify(text)})`);
  return a;
}

/** `"SZ 000001,SH 600519"` or `"SZ:000001 SH:600519"` → [{market, code}]. */
export function stockList(text: string): { market: string; code: string }[] {
  const items = text.match(/[A-Za-z0-9]+[\s:.]+\d{6}|\d{6}\.[A-Za-z]{2}/g) ?? [];
  if (items.length === 0) throw new UsageError(`expected stocks as "SZ 000001,SH 600519" (got ${JSON.stringify(text)})`);
  return items.map((item) => {
    const suffix = /^(\d{6})\.([A-Za-z]{2})$/.exec(item);
    if (suffix) return { market: market(suffix[2]!), code: suffix[1]! };
    const [m, code] = item.split(/[\s:.]+/);
    return { market: market(m!), code: code! };
  });
}

/** `SZ:000001` symbols of a stock list (the backtest bodies' spelling). */
export function symbols(text: string): string[] {
  return stockList(text).map((s) => `${s.market}:${s.code}`);
}

function scalar(v: string): number | boolean | string {
  if (v === "true" || v === "false") return v === "true";
  const n = Number(v);
  return v.trim() !== "" && Number.isFinite(n) ? n : v;
}

/** `A=1,B=x` (also repeated options) → {A: 1, B: "x"}; numbers and booleans typed. */
export function assignments(parts: readonly string[], what: string): Record<string, number | boolean | string> {
  const out: Record<string, number | boolean | string> = {};
  for (const p of parts.flatMap((x) => x.split(","))) {
    if (p.trim() === "") continue;
    const m = /^\s*([^=\s]+)\s*=\s*(.*?)\s*$/.exec(p);
    if (!m) throw new UsageError(`${what}: expected NAME=VALUE (got ${JSON.stringify(p)})`);
    out[m[1]!] = scalar(m[2]!);
  }
  return out;
}

/** `YYYYMMDD` or `YYYY-MM-DD` → the YYYYMMDD number the routes take. */
export function ymdNumber(text: string, what: string): number {
  const m = /^(\d{4})-?(\d{2})-?(\d{2})$/.exec(text.trim());
  if (!m) throw new UsageError(`${what}: expected a date as YYYYMMDD (got ${JSON.stringify(text)})`);
  return Number(`${m[1]}${m[2]}${m[3]}`);
}
