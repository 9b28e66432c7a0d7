/** Hand-made bar series for the chan tests (high, low per bar; daily from 2001-01-01). */
import { allocSeries, type BarSeries } from "../../../core/bars/series.ts";

export function series(rows: readonly (readonly [number, number])[]): BarSeries {
  const s = allocSeries(rows.length);
  rows.forEach(([h, l], i) => {
    s.time[i] = Date.UTC(2001, 0, 1 + i);
    s.open[i] = l;
    s.close[i] = h;
    s.high[i] = h;
    s.low[i] = l;
    s.vol[i] = 1;
    s.amount[i] = NaN;
  });
  return s;
}

/**
 * A top at merged bar 6, a bottom at 13, and bar 14 that opens at 95 but then
 * swallows an outside bar up to 125, above the top: chan.py decides a stroke
 * when the bar after its end opens, so it saw 95 and the down stroke 6→13 stands.
 */
export const OPENING_BAR_ROWS: readonly (readonly [number, number])[] = [
  [100, 90],
  [95, 85],
  [92, 80],
  [100, 88],
  [105, 95],
  [110, 100],
  [118, 108],
  [112, 104],
  [108, 99],
  [104, 95],
  [100, 90],
  [96, 86],
  [92, 82],
  [88, 78],
  [95, 84],
  [125, 70],
  [120, 100],
  [122, 98],
  [118, 95],
  [121, 99],
  [125, 104],
  [130, 110],
  [135, 115],
  [140, 120],
  [136, 116],
  [132, 112],
];
