/**
 * czsc's inclusion processing (`remove_include`, legacy Python at c87ff254),
 * for its stroke rule. The direction comes from the last two merged bars' highs;
 * when those highs are equal nothing merges, and the first two raw bars never
 * merge. A merged bar's extreme is attributed like chan.py's (last raw bar
 * reaching it), which is czsc's `dt` for every fractal middle bar. `dir` is up
 * when a bar opened above the previous high. Fractal marks are set on final
 * values, once a bar's successor is itself followed by another bar.
 */
import { fractalAt } from "./fractals.ts";
import { MergedColumns } from "./merged-bars.ts";
import type { ColumnSource } from "./workspace.ts";

export class CzscMerge {
  readonly bars: MergedColumns;

  constructor(capacity?: number, columns?: ColumnSource) {
    this.bars = new MergedColumns(capacity, columns);
  }

  push(i: number, high: number, low: number): void {
    const m = this.bars;
    const n = m.length;
    if (n >= 2) {
      const h1 = m.high[n - 2]!;
      const h2 = m.high[n - 1]!;
      const l2 = m.low[n - 1]!;
      if (h1 !== h2 && ((h2 <= high && l2 >= low) || (h2 >= high && l2 <= low))) {
        if (h1 < h2) m.absorb(i, high, low, Math.max(h2, high), Math.max(l2, low));
        else m.absorb(i, high, low, Math.min(h2, high), Math.min(l2, low));
        return;
      }
    }
    m.open(i, high, low, n === 0 || high > m.high[n - 1]! ? 1 : -1);
    if (n >= 3) m.fx[n - 2] = fractalAt(m.high, m.low, n - 2);
  }
}
