/**
 * OHLCV records as callers send them (easy_tdx's `data` / `ohlcv` fields: a
 * list of row objects) and their conversion to a `BarSeries`. Everything a
 * computation would silently get wrong is a 422 naming the row: a missing or
 * non-numeric price or volume, high below low, and a time column that is not
 * strictly increasing (unsorted or duplicate bars). Numbers may arrive as
 * numeric strings, as pydantic's lax mode accepts them; other keys pass
 * through untouched.
 */
import { z } from "@hono/zod-openapi";
import { allocSeries, type BarSeries } from "../../../core/bars/series.ts";

const NUMERIC = /^\s*[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?\s*$/;
const toNumber = (v: unknown) => (typeof v === "string" && NUMERIC.test(v) ? Number(v) : v);
const field = (description: string) => z.preprocess(toNumber, z.number()).openapi({ type: "number", description });

const TIME = /^(\d{4})-?(\d{2})-?(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/;

/**
 * A bar time as market wall-clock encoded as UTC (the `BarSeries` convention):
 * "YYYY-MM-DD", "YYYYMMDD", either with " HH:MM[:SS]" (or "T..."), or the
 * integer YYYYMMDD. NaN when it is none of these or not a calendar date.
 */
export function parseRecordTime(v: unknown): number {
  const text = typeof v === "number" && Number.isInteger(v) ? String(v) : typeof v === "string" ? v.trim() : "";
  const m = TIME.exec(text);
  if (!m) return NaN;
  const [y, mo, d, h, mi, s] = [+m[1]!, +m[2]!, +m[3]!, +(m[4] ?? 0), +(m[5] ?? 0), +(m[6] ?? 0)];
  const t = Date.UTC(y, mo - 1, d, h, mi, s);
  const back = new Date(t);
  const valid = back.getUTCFullYear() === y && back.getUTCMonth() === mo - 1 && back.getUTCDate() === d && h < 24 && mi < 60 && s < 60;
  return valid ? t : NaN;
}

const TIME_FORMS = `"YYYY-MM-DD", "YYYYMMDD" (also as an integer) or either with " HH:MM[:SS]"`;

export const OhlcvRecordSchema = z
  .object({
    date: z.unknown().optional().openapi({ description: `bar date (${TIME_FORMS}), daily and longer bars` }),
    datetime: z.unknown().optional().openapi({ description: `bar time (${TIME_FORMS}), minute bars; used when present` }),
    open: field("opening price"),
    high: field("highest price (not below low)"),
    low: field("lowest price"),
    close: field("closing price"),
    vol: field("volume, in the caller's unit (formulas see it as VOL)"),
    amount: field("turnover (AMOUNT); optional").optional(),
  })
  .catchall(z.unknown())
  .openapi("OhlcvRecord", {
    description:
      "One bar. Numbers may be JSON numbers or numeric strings. Other keys are allowed and echoed where the answer " +
      "keeps the input columns. The time key (`datetime` if the first record has it, else `date`) is optional, but " +
      "when used every record needs it and times must be strictly increasing (oldest first).",
  });

export type OhlcvRecord = z.output<typeof OhlcvRecordSchema>;

/** The time key the records use: `datetime` when the first record has one, else `date`, else none. */
export function timeKeyOf(rows: readonly Record<string, unknown>[]): "date" | "datetime" | null {
  const first = rows[0];
  if (!first) return null;
  return first.datetime != null ? "datetime" : first.date != null ? "date" : null;
}

/** Cross-row checks, located as `[row, field]` under the array. */
function checkRows(rows: readonly OhlcvRecord[], ctx: z.RefinementCtx): void {
  const key = timeKeyOf(rows);
  let previous = -Infinity;
  rows.forEach((r, i) => {
    if (r.high < r.low) ctx.addIssue({ code: "custom", path: [i, "high"], message: `high (${r.high}) is below low (${r.low}) in row ${i}` });
    if (key === null) return;
    const raw = r[key];
    if (raw == null) {
      ctx.addIssue({ code: "invalid_type", expected: "string", path: [i, key], message: "", input: undefined });
      return;
    }
    const t = parseRecordTime(raw);
    if (t !== t) {
      ctx.addIssue({ code: "custom", path: [i, key], message: `'${String(raw)}' is not a time of the form ${TIME_FORMS}` });
      return;
    }
    if (t <= previous) {
      const what = t === previous ? "duplicates the time of" : "is earlier than";
      ctx.addIssue({ code: "custom", path: [i, key], message: `row ${i} ${what} row ${i - 1}; records must be strictly increasing in time, oldest first` });
    }
    previous = Math.max(previous, t);
  });
}

/** A list of `min`..`max` OHLCV records, checked row by row and across rows. */
export const ohlcvRecords = (min: number, max: number) => z.array(OhlcvRecordSchema).min(min).max(max).superRefine(checkRows);

/** Checked records as a bar series (amount NaN where absent; time NaN when the records carry none). */
export function recordsToSeries(rows: readonly OhlcvRecord[]): BarSeries {
  const s = allocSeries(rows.length);
  const key = timeKeyOf(rows);
  rows.forEach((r, i) => {
    s.time[i] = key === null ? NaN : parseRecordTime(r[key]);
    s.open[i] = r.open;
    s.high[i] = r.high;
    s.low[i] = r.low;
    s.close[i] = r.close;
    s.vol[i] = r.vol;
    s.amount[i] = r.amount ?? NaN;
  });
  return s;
}
