/**
 * Tables of mac data as DataFrameResponses: quote rows with one column per
 * requested field (the original's field names; null where the answering source
 * has no such field) plus change %, and every table's top-level `source` (mac or
 * derived). Float32 values are written as the shortest decimal that reads back as
 * the same float32 (19.18, not 19.18000030517578).
 */
import { float32Decimal } from "../../../core/bars/index.ts";
import type { MacQuoteRow } from "../../../core/quotes/index.ts";
import { fieldSpec } from "../../tdx/index.ts";
import { type Column, dataFrameJson, num, str } from "../frames/data-frame.ts";
import { changePct, type Source } from "../../../core/app/boards/mac-service.ts";

export const clean = (x: number | null | undefined): number => (x === null || x === undefined ? NaN : float32Decimal(x));
const round4 = (x: number) => Math.round(x * 1e4) / 1e4;

export function quoteRowsJson(rows: readonly MacQuoteRow[], bits: readonly number[], source: Source): Uint8Array<ArrayBuffer> {
  const names = [...bits].sort((a, b) => a - b).map((b) => fieldSpec(b).name);
  const cols: Column[] = [
    num(
      "market",
      rows.map((r) => r.market),
    ),
    str(
      "code",
      rows.map((r) => r.code),
    ),
    str(
      "name",
      rows.map((r) => r.name),
    ),
    ...names.map((n) =>
      num(
        n,
        rows.map((r) => clean(r.values[n])),
      ),
    ),
    num(
      "change_pct",
      rows.map((r) => round4(changePct(clean(r.values.close), clean(r.values.pre_close)))),
    ),
  ];
  return dataFrameJson(cols, rows.length, { source });
}

/** Row objects of the same table (for the summary's member list). */
export function quoteRowObjects(rows: readonly MacQuoteRow[], bits: readonly number[]): Record<string, unknown>[] {
  const names = [...bits].sort((a, b) => a - b).map((b) => fieldSpec(b).name);
  return rows.map((r) => {
    const o: Record<string, unknown> = { market: r.market, code: r.code, name: r.name };
    for (const n of names) {
      const v = clean(r.values[n]);
      o[n] = Number.isFinite(v) ? v : null;
    }
    const c = round4(changePct(clean(r.values.close), clean(r.values.pre_close)));
    o.change_pct = Number.isFinite(c) ? c : null;
    return o;
  });
}
