/**
 * `DataFrameResponse` (adapters/http/DECISIONS.md): `{"count", "columns", "data": [rows]}`,
 * written straight from columns. Tables such as 800 bars are the hot path of the
 * API; building row objects only to stringify them costs more than the rest of
 * the request, so rows are written as JSON bytes directly (see row-json.ts).
 * Non-finite numbers become `null`, never `NaN`.
 */
import { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { freshJsonResponse } from "./json-bytes-response.ts";
import { JsonWriter } from "./json-writer.ts";
import { writeRows, type Column } from "./row-json.ts";

export { any, num, plain, str, type Column } from "./row-json.ts";

/**
 * The JSON bytes of a DataFrameResponse of `n` rows; `extra` adds top-level fields
 * after `data` (e.g. which adjustment was applied).
 */
export function dataFrameJson(columns: readonly Column[], n: number, extra?: Record<string, unknown>): Uint8Array<ArrayBuffer> {
  const w = new JsonWriter();
  w.ascii(`{"count":${n},"columns":`)
    .value(columns.map((c) => c.name))
    .ascii(`,"data":`);
  writeRows(w, columns, n);
  if (extra) for (const [k, v] of Object.entries(extra)) w.byte(44).string(k).byte(58).value(v);
  return w.byte(125).finish();
}

/** A DataFrameResponse from row objects (for small tables); NaN becomes null. */
export function rowsFrame(columns: readonly string[], rows: readonly object[]) {
  return {
    count: rows.length,
    columns: [...columns],
    data: rows.map((r) => {
      const o: Record<string, unknown> = {};
      for (const c of columns) {
        const v = (r as Record<string, unknown>)[c];
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

/** A 200 response carrying the JSON bytes of a DataFrameResponse written for it (see `freshJsonResponse`). */
export const frameResponse = (c: Context, json: Uint8Array<ArrayBuffer>) => freshJsonResponse<z.output<typeof DataFrameSchema>>(c, json);
