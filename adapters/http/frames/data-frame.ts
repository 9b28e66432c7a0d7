/**
 * `DataFrameResponse` (api-decisions.md): `{"count", "columns", "data": [rows]}`,
 * written straight from columns. Tables such as 800 bars are the hot path of the
 * API; building row objects only to stringify them costs more than the rest of
 * the request, so rows are written as JSON bytes directly (see json-writer.ts).
 * Non-finite numbers become `null`, never `NaN`.
 */
import { z } from "@hono/zod-openapi";
import { encodeFragment, JsonWriter } from "./json-writer.ts";

/**
 * One column: numbers (NaN → null), strings, strings that need no JSON escaping
 * (dates, times: written without a pass through the escaper), or any JSON values.
 */
export type Column =
  | { readonly name: string; readonly num: ArrayLike<number> }
  | { readonly name: string; readonly str: ArrayLike<string | null> }
  | { readonly name: string; readonly plain: ArrayLike<string> }
  | { readonly name: string; readonly any: ArrayLike<unknown> };

export const num = (name: string, values: ArrayLike<number>): Column => ({ name, num: values });
export const str = (name: string, values: ArrayLike<string | null>): Column => ({ name, str: values });
/** Strings known to hold no quote, backslash or control character (e.g. "2024-01-02 09:31"). */
export const plain = (name: string, values: ArrayLike<string>): Column => ({ name, plain: values });
export const any = (name: string, values: ArrayLike<unknown>): Column => ({ name, any: values });

/**
 * The JSON bytes of a DataFrameResponse of `n` rows; `extra` adds top-level fields
 * after `data` (e.g. which adjustment was applied).
 */
export function dataFrameJson(columns: readonly Column[], n: number, extra?: Record<string, unknown>): Uint8Array<ArrayBuffer> {
  const w = new JsonWriter();
  const keys = columns.map((c, k) => encodeFragment((k === 0 ? "{" : ",") + JSON.stringify(c.name) + ":"));
  w.ascii(`{"count":${n},"columns":`).value(columns.map((c) => c.name)).ascii(`,"data":[`);
  for (let i = 0; i < n; i++) {
    if (i > 0) w.byte(44);
    for (let k = 0; k < columns.length; k++) {
      const c = columns[k];
      w.bytes(keys[k]);
      if ("num" in c) w.number(c.num[i]);
      else if ("plain" in c) w.byte(34).ascii(c.plain[i]).byte(34);
      else if ("str" in c) {
        const v = c.str[i];
        if (v === null) w.ascii("null");
        else w.string(v);
      } else w.value(c.any[i] ?? null);
    }
    if (columns.length === 0) w.byte(123);
    w.byte(125);
  }
  w.byte(93);
  if (extra) for (const [k, v] of Object.entries(extra)) w.byte(44).string(k).byte(58).value(v);
  return w.byte(125).finish();
}

/** A DataFrameResponse from row objects (for small tables); NaN becomes null. */
export function rowsFrame(columns: readonly string[], rows: readonly Record<string, unknown>[]) {
  return {
    count: rows.length,
    columns: [...columns],
    data: rows.map((r) => {
      const o: Record<string, unknown> = {};
      for (const c of columns) {
        const v = r[c];
        o[c] = typeof v === "number" && !Number.isFinite(v) ? null : (v ?? null);
      }
      return o;
    }),
  };
}

export const DataFrameSchema = z
  .object({
    count: z.number().int().openapi({ description: "number of rows" }),
    columns: z.array(z.string()).openapi({ description: "column names in order (present even when data is empty)" }),
    data: z.array(z.record(z.string(), z.unknown())).openapi({ description: "row records; missing values are null" }),
  })
  .catchall(z.unknown())
  .openapi("DataFrameResponse");

/** A 200 response carrying the JSON bytes of a DataFrameResponse. */
export function frameResponse(json: Uint8Array<ArrayBuffer>): Response {
  return new Response(json, { status: 200, headers: { "content-type": "application/json; charset=utf-8" } });
}
