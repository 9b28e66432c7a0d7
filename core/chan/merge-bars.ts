/**
 * chan.py's inclusion processing (包含处理). A raw bar in inclusion with the
 * newest merged bar (either range contains the other, equal edges included)
 * joins it using that bar's own creation direction: up keeps the higher high
 * and higher low, down the lower ones. Otherwise it opens a new merged bar, up
 * or down by strict comparison; the first bar is up. A flat bar (high = low)
 * sitting on the merged high (up) or low (down) leaves the range alone.
 */
import type { BarSeries } from "../bars/index.ts";
import { fractalAt } from "./fractals.ts";
import { MergedColumns, type MergedBars } from "./merged-bars.ts";
import type { ColumnSource } from "./workspace.ts";

export class ChanMerge {
  readonly bars: MergedColumns;

  constructor(capacity?: number, columns?: ColumnSource) {
    this.bars = new MergedColumns(capacity, columns);
  }

  /** Adds raw bar `i`; true when it opened a new merged bar (the one before may now carry a fractal). */
  push(i: number, high: number, low: number): boolean {
    const m = this.bars;
    const k = m.length - 1;
    if (k < 0) {
      m.open(i, high, low, 1);
      return true;
    }
    const h = m.high[k]!;
    const l = m.low[k]!;
    if ((h >= high && l <= low) || (h <= high && l >= low)) {
      if (m.dir[k] === 1) {
        if (high !== low || high !== h) m.absorb(i, high, low, Math.max(h, high), Math.max(l, low));
        else m.absorb(i, high, low, h, l);
      } else if (high !== low || low !== l) {
        m.absorb(i, high, low, Math.min(h, high), Math.min(l, low));
      } else {
        m.absorb(i, high, low, h, l);
      }
      return false;
    }
    m.open(i, high, low, high > h ? 1 : -1);
    if (k >= 1) m.fx[k] = fractalAt(m.high, m.low, k);
    return true;
  }
}

/** Merged bars of a whole series. */
export function mergeBars(bars: BarSeries, columns?: ColumnSource): MergedBars {
  const b = new ChanMerge(bars.length, columns);
  for (let i = 0; i < bars.length; i++) b.push(i, bars.high[i]!, bars.low[i]!);
  return b.bars.view();
}
