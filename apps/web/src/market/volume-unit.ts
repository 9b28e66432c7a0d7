/**
 * Volume as TDX shows it: in lots (手). `/bars` gives a stock's volume in
 * shares, `/bars/index` an index's in lots (adapters/http/README.md §2); quotes, the
 * minute line and ticks are in lots already. Stock bars are converted here,
 * once, as they are loaded, so the chart, its tooltip and what indicators and
 * formulas read (VOL, in lots as in TDX) share one unit.
 */
import type { BarRow } from "../api/types.ts";

export const SHARES_PER_LOT = 100;

/** Stock bar rows with `vol` in lots (index rows are already). */
export function stockBarsInLots<T extends BarRow>(rows: readonly T[]): T[] {
  return rows.map((r) => (r.vol === null ? r : { ...r, vol: r.vol / SHARES_PER_LOT }));
}
