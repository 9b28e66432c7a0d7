/**
 * Caller-supplied OHLCV records as a request-body field: checked by the
 * application's parser (core/app/bars/ohlcv-records.ts) inside the schema, so
 * problems arrive as ordinary 422 items naming the row.
 */
import { z } from "@hono/zod-openapi";
import { type OhlcvOptions, type OhlcvRecords, parseOhlcvRecords } from "../../../core/app/bars/ohlcv-records.ts";

export const OHLCV_RECORD_DOC =
  "OHLCV records, oldest first: {datetime|date|trade_date|time, open, high, low, close, vol?, amount?}; times as " +
  '"YYYY-MM-DD", "YYYYMMDD" (or the integer), optionally with " HH:MM[:SS]" or "THH:MM[:SS]"; numbers may be numeric strings; other keys pass through';

/**
 * The request-body field for `min`..`max` records: checked by
 * {@link parseOhlcvRecords} inside the schema, so problems arrive as ordinary
 * 422 items, and parsed to {@link OhlcvRecords}.
 */
export function ohlcvRecordsField(min: number, max: number, opts: OhlcvOptions = {}) {
  return z
    .array(z.record(z.string(), z.unknown()))
    .min(min)
    .max(max)
    .transform((rows, ctx): OhlcvRecords => {
      const r = parseOhlcvRecords(rows, "_", opts);
      if (r.ok) return r;
      // loc ["body", "_", row, col] → the path under this field; the item travels in `params`.
      for (const item of r.errors) ctx.addIssue({ code: "custom", path: item.loc.slice(2), message: item.msg, params: { fastapi: item } });
      return z.NEVER;
    })
    .openapi({ description: OHLCV_RECORD_DOC });
}
