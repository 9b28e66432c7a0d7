/**
 * Caller-supplied OHLCV records (indicator compute, formula compute, chan
 * analysis, backtests) → a BarSeries, in one pass, with every problem reported
 * as a FastAPI item naming the row: `loc: ["body", <field>, <row>, <column>]`.
 * Accepted per row: a time column (`datetime`, `date`, `trade_date` or `time`;
 * "YYYY-MM-DD", "YYYY/MM/DD", "YYYYMMDD", optionally followed by " HH:MM" or
 * " HH:MM:SS" (or "T" instead of the space: the bar endpoints' own
 * "YYYY-MM-DDTHH:MM:SS" goes back in as it came out), or YYYYMMDD as a number), `open`, `high`, `low`, `close` (numbers
 * or numeric strings), and optional `vol` (or `volume`) and `amount`. Rows must
 * be in ascending time order without duplicates, and `high` must not be below
 * `low`. Other keys pass through untouched (the raw rows are kept).
 */
import { allocSeries, type BarSeries, DAY_MS } from "../../bars/index.ts";
import type { FieldIssue } from "../app-errors.ts";

const TIME_KEYS = ["datetime", "date", "trade_date", "time"] as const;
const DATE = /^(\d{4})[-/]?(\d{2})[-/]?(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/;

/** Days from 1970-01-01 to the first of each month of a common year. */
const MONTH_START = [0, 31, 59, 90, 120, 151, 181, 212, 243, 273, 304, 334];
const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/**
 * "YYYY-MM-DD" with a four-digit year from 1000, the common case, by calendar
 * arithmetic (no regular expression, no Date); anything else is left to the
 * general pattern (which also maps years below 100 as Date.UTC does).
 */
function plainDate(s: string): number | undefined {
  if (s.length !== 10) return undefined;
  const day = plainDayOfCodes(s.charCodeAt(0), s.charCodeAt(1), s.charCodeAt(2), s.charCodeAt(3), s.charCodeAt(4), s.charCodeAt(5), s.charCodeAt(6), s.charCodeAt(7), s.charCodeAt(8), s.charCodeAt(9));
  return day === undefined ? undefined : day * DAY_MS;
}

/**
 * The day number since 1970-01-01 of {@link plainDate}'s text as ten character codes (a string's, or ten bytes
 * of a request body read without a string). Days, not milliseconds: a day number is a small integer, while the
 * milliseconds, past 2^31, came back from the call as a new heap number for every bar of a body.
 */
export function plainDayOfCodes(c0: number, c1: number, c2: number, c3: number, c4: number, c5: number, c6: number, c7: number, c8: number, c9: number): number | undefined {
  if (c4 !== 45 || c7 !== 45) return undefined;
  const y0 = c0 - 48;
  const y1 = c1 - 48;
  const y2 = c2 - 48;
  const y3 = c3 - 48;
  const m0 = c5 - 48;
  const m1 = c6 - 48;
  const d0 = c8 - 48;
  const d1 = c9 - 48;
  // Unsigned compares: a character below "0" wraps to a large number.
  if ((y0 - 1) >>> 0 > 8 || y1 >>> 0 > 9 || y2 >>> 0 > 9 || y3 >>> 0 > 9 || m0 >>> 0 > 9 || m1 >>> 0 > 9 || d0 >>> 0 > 9 || d1 >>> 0 > 9) return undefined;
  const y = y0 * 1000 + y1 * 100 + y2 * 10 + y3;
  const m = m0 * 10 + m1;
  const d = d0 * 10 + d1;
  if (m < 1 || m > 12 || d < 1) return undefined;
  const leap = y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0);
  if (d > MONTH_DAYS[m - 1]! + (leap && m === 2 ? 1 : 0)) return undefined;
  // Whole days before this year since 1970 (Gregorian leap rule), then into the year.
  const p = y - 1;
  return 365 * (y - 1970) + Math.floor(p / 4) - Math.floor(p / 100) + Math.floor(p / 400) - 477 + MONTH_START[m - 1]! + (leap && m > 2 ? 1 : 0) + d - 1;
}

function parseTime(v: unknown): number | undefined {
  if (typeof v === "string") {
    const t = plainDate(v);
    if (t !== undefined) return t;
  }
  const text = typeof v === "number" && Number.isInteger(v) ? String(v) : typeof v === "string" ? v.trim() : undefined;
  const m = text === undefined ? null : DATE.exec(text);
  if (!m) return undefined;
  const [y, mo, d, h, mi, s] = m.slice(1, 7).map((x) => (x === undefined ? 0 : Number(x))) as [number, number, number, number, number, number];
  const t = Date.UTC(y, mo - 1, d, h, mi, s);
  const back = new Date(t);
  if (back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d || h > 23 || mi > 59 || s > 59) return undefined;
  return t;
}

const finite = (v: unknown): v is number => Number.isFinite(v);

function parseNumber(v: unknown): number | undefined {
  if (typeof v === "number") return Number.isFinite(v) ? v : undefined;
  if (typeof v === "string" && v.trim() !== "") {
    const x = Number(v);
    return Number.isFinite(x) ? x : undefined;
  }
  return undefined;
}

export type TimeKey = (typeof TIME_KEYS)[number];

export interface OhlcvRecords {
  readonly series: BarSeries;
  /** True when some bar has a time of day. */
  readonly intraday: boolean;
  /** The time column the records use (null when optional and absent; then `time` is NaN). */
  readonly timeKey: TimeKey | null;
  /** The records as sent, for answers that echo input columns. */
  readonly rows: readonly Record<string, unknown>[];
}

export type OhlcvResult = ({ ok: true } & OhlcvRecords) | { ok: false; errors: FieldIssue[] };

export interface OhlcvOptions {
  /** Indicators need no times; every other use does. Default true. */
  readonly requireTime?: boolean;
  /** Every record through the full checks, skipping the fast path for clean ones (which must give exactly the same; tests compare). */
  readonly checkEveryRecord?: boolean;
}

/** Parses `rows` found at `body.<field>`; stops collecting after 20 problems. */
export function parseOhlcvRecords(rows: readonly unknown[], field: string, opts: OhlcvOptions = {}): OhlcvResult {
  const requireTime = opts.requireTime ?? true;
  const fast = !opts.checkEveryRecord;
  const first = rows[0];
  const firstKey = first !== null && typeof first === "object" ? TIME_KEYS.find((k) => (first as Record<string, unknown>)[k] != null) : undefined;
  const timeKey: TimeKey | null = firstKey ?? (requireTime ? "date" : null);
  const s = allocSeries(rows.length);
  const errors: FieldIssue[] = [];
  let intraday = false;
  const err = (i: number, col: string, type: string, msg: string, input: unknown) => errors.push({ type, loc: ["body", field, i, col], msg, input });
  // pydantic's wording: a string that is not a number, or a value of the wrong type.
  const notNumber = (i: number, col: string, v: unknown) =>
    typeof v === "string" ? err(i, col, "float_parsing", "Input should be a valid number, unable to parse string as a number", v) : err(i, col, "float_type", "Input should be a valid number", v);
  const { time, open, high, low, close, vol, amount } = s;
  for (let i = 0; i < rows.length && errors.length < 20; i++) {
    const r = rows[i];
    // Fast path: a record as clients send it (a YYYY-MM-DD string, finite numbers, in order, high ≥ low) is
    // stored straight away; anything else, including every problem, goes through the checks below.
    if (fast && timeKey !== null && typeof r === "object" && r !== null) {
      const row = r as Record<string, unknown>;
      const tv = row[timeKey];
      const o = row.open;
      const h = row.high;
      const l = row.low;
      const c = row.close;
      const v = row.vol;
      const a = row.amount;
      const volOk = finite(v) || (v === undefined && row.volume === undefined);
      if (typeof tv === "string" && finite(o) && finite(h) && finite(l) && finite(c) && h >= l && volOk && (finite(a) || a === undefined) && !Array.isArray(r)) {
        const t = plainDate(tv);
        if (t !== undefined && (i === 0 || t > time[i - 1]!)) {
          time[i] = t;
          open[i] = o;
          high[i] = h;
          low[i] = l;
          close[i] = c;
          vol[i] = v === undefined ? NaN : (v as number);
          amount[i] = a === undefined ? NaN : (a as number);
          continue;
        }
      }
    }
    if (r === null || typeof r !== "object" || Array.isArray(r)) {
      errors.push({ type: "dict_type", loc: ["body", field, i], msg: "Input should be a valid dictionary", input: r });
      continue;
    }
    const row = r as Record<string, unknown>;
    const key = timeKey;
    if (key === null) s.time[i] = NaN;
    else if (row[key] == null) err(i, key, "missing", "Field required (every record needs the time column the first one uses)", row);
    else {
      const t = parseTime(row[key]);
      if (t === undefined) err(i, key, "value_error", "Value error, not a date/time (YYYY-MM-DD, YYYY-MM-DD HH:MM or YYYY-MM-DDTHH:MM:SS)", row[key]);
      else {
        s.time[i] = t;
        if (t % 86_400_000 !== 0) intraday = true;
        if (i > 0 && t <= s.time[i - 1]!) {
          const what = t === s.time[i - 1] ? "duplicates the time of" : "is earlier than";
          err(i, key, "value_error", `Value error, row ${i} ${what} row ${i - 1}; records must be strictly increasing in time, oldest first`, row[key]);
        }
      }
    }
    for (const col of ["open", "high", "low", "close"] as const) {
      if (row[col] === undefined) err(i, col, "missing", "Field required", row);
      else {
        const x = parseNumber(row[col]);
        if (x === undefined) notNumber(i, col, row[col]);
        else s[col][i] = x;
      }
    }
    for (const [col, alias] of [
      ["vol", "volume"],
      ["amount", undefined],
    ] as const) {
      const name = row[col] !== undefined ? col : alias !== undefined && row[alias] !== undefined ? alias : undefined;
      if (name === undefined) {
        s[col][i] = NaN;
        continue;
      }
      const x = parseNumber(row[name]);
      if (x === undefined) notNumber(i, name, row[name]);
      else s[col][i] = x;
    }
    if (s.high[i]! < s.low[i]!) err(i, "high", "value_error", `Value error, high (${s.high[i]}) is below low (${s.low[i]}) in row ${i}`, row.high);
  }
  return errors.length ? { ok: false, errors } : { ok: true, series: s, intraday, timeKey, rows: rows as Record<string, unknown>[] };
}
