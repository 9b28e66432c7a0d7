/**
 * Test oracle: the inline-records parser as it was before its fast path for
 * clean records (issue 6), kept verbatim so that property tests can check the
 * current parser gives the same series and the same 422 items for any input.
 */
import { allocSeries, type BarSeries } from "../../../core/bars/series.ts";
import type { ValidationItem } from "../../../adapters/http/validation/fastapi-errors.ts";

const TIME_KEYS = ["datetime", "date", "trade_date", "time"] as const;
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

type TimeKey = (typeof TIME_KEYS)[number];

interface OhlcvRecords {
  readonly series: BarSeries;
  /** True when some bar has a time of day. */
  readonly intraday: boolean;
  /** The time column the records use (null when optional and absent; then `time` is NaN). */
  readonly timeKey: TimeKey | null;
  /** The records as sent, for answers that echo input columns. */
  readonly rows: readonly Record<string, unknown>[];
}

type OhlcvResult = ({ ok: true } & OhlcvRecords) | { ok: false; errors: ValidationItem[] };

interface OhlcvOptions {
  /** Indicators need no times; every other use does. Default true. */
  readonly requireTime?: boolean;
}

/** Parses `rows` found at `body.<field>`; stops collecting after 20 problems. */
export function referenceParse(rows: readonly unknown[], field: string, opts: OhlcvOptions = {}): OhlcvResult {
  const requireTime = opts.requireTime ?? true;
  const first = rows[0];
  const firstKey =
    first !== null && typeof first === "object" ? TIME_KEYS.find((k) => (first as Record<string, unknown>)[k] != null) : undefined;
  const timeKey: TimeKey | null = firstKey ?? (requireTime ? "date" : null);
  const s = allocSeries(rows.length);
  const errors: ValidationItem[] = [];
  let intraday = false;
  const err = (i: number, col: string, type: string, msg: string, input: unknown) =>
    errors.push({ type, loc: ["body", field, i, col], msg, input });
  // pydantic's wording: a string that is not a number, or a value of the wrong type.
  const notNumber = (i: number, col: string, v: unknown) =>
    typeof v === "string"
      ? err(i, col, "float_parsing", "Input should be a valid number, unable to parse string as a number", v)
      : err(i, col, "float_type", "Input should be a valid number", v);
  for (let i = 0; i < rows.length && errors.length < 20; i++) {
    const r = rows[i];
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
      if (t === undefined) err(i, key, "value_error", "Value error, not a date/time (YYYY-MM-DD or YYYY-MM-DD HH:MM)", row[key]);
      else {
        s.time[i] = t;
        if (t % 86_400_000 !== 0) intraday = true;
        if (i > 0 && t <= s.time[i - 1]) {
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
    for (const [col, alias] of [["vol", "volume"], ["amount", undefined]] as const) {
      const name = row[col] !== undefined ? col : alias !== undefined && row[alias] !== undefined ? alias : undefined;
      if (name === undefined) {
        s[col][i] = NaN;
        continue;
      }
      const x = parseNumber(row[name]);
      if (x === undefined) notNumber(i, name, row[name]);
      else s[col][i] = x;
    }
    if (s.high[i] < s.low[i]) err(i, "high", "value_error", `Value error, high (${s.high[i]}) is below low (${s.low[i]}) in row ${i}`, row.high);
  }
  return errors.length ? { ok: false, errors } : { ok: true, series: s, intraday, timeKey, rows: rows as Record<string, unknown>[] };
}
