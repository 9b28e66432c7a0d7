/**
 * Force measures of a line for divergence (chan.py `cal_macd_metric`).
 * Strokes read the MACD histogram (and volume, amount, RSI) over every raw bar
 * of their merged bars, first to last, not only between the two extremes;
 * segments offer only `slope` and `amp`. Peak and area start from 1e-7 so a
 * ratio never divides by zero.
 */
import type { BarSeries } from "../bars/index.ts";
import type { Lines, StrokeLines } from "./lines.ts";
import type { MergedBars } from "./merged-bars.ts";
import type { MacdAlgo } from "./options.ts";

/** Force of line `i`; `reverse` measures the hump at its end rather than its start (`area` only). */
export type LineMetric = (i: number, algo: MacdAlgo, reverse?: boolean) => number;

export interface MetricSeries {
  readonly bars: BarSeries;
  /** MACD histogram per raw bar. */
  readonly hist: Float64Array;
  /** RSI per raw bar (needed only for `rsi`). */
  readonly rsi: Float64Array | null;
}

/** `slope`: relative move per raw bar; `amp`: relative move. Shared by both levels. */
function priceMetric(bars: BarSeries, up: boolean, b: number, e: number, algo: "slope" | "amp"): number {
  if (algo === "slope") {
    const n = e - b + 1;
    return up ? (bars.high[e]! - bars.low[b]!) / bars.high[e]! / n : (bars.high[b]! - bars.low[e]!) / bars.high[b]! / n;
  }
  return up ? (bars.high[e]! - bars.low[b]!) / bars.low[b]! : (bars.high[b]! - bars.low[e]!) / bars.high[b]!;
}

export function strokeMetric(lines: StrokeLines, merged: MergedBars, s: MetricSeries): LineMetric {
  return (i, algo, reverse) => {
    const up = lines.dir[i] === 1;
    const b = lines.beginBar[i]!;
    const e = lines.endBar[i]!;
    const from = merged.first[lines.beginMerged[i]!]!;
    const to = merged.last[lines.endMerged[i]!]!;
    const h = s.hist;
    switch (algo) {
      case "slope":
      case "amp":
        return priceMetric(s.bars, up, b, e, algo);
      case "peak": {
        let peak = 1e-7;
        for (let k = from; k <= to; k++) if (up ? h[k]! > peak : -h[k]! > peak) peak = Math.abs(h[k]!);
        return peak;
      }
      case "full_area": {
        let sum = 1e-7;
        for (let k = Math.max(from, b); k <= Math.min(to, e); k++) if (up ? h[k]! > 0 : h[k]! < 0) sum += Math.abs(h[k]!);
        return sum;
      }
      case "area": {
        // the histogram hump touching the start (forward) or the end (backward) extreme
        let sum = 1e-7;
        const at = reverse ? e : b;
        const sign = h[at]!;
        for (let k = at; k >= from && k <= to && h[k]! * sign > 0; k += reverse ? -1 : 1) sum += Math.abs(h[k]!);
        return sum;
      }
      case "diff": {
        let max = -Infinity;
        let min = Infinity;
        for (let k = from; k <= to; k++) {
          max = Math.max(max, h[k]!);
          min = Math.min(min, h[k]!);
        }
        return max - min;
      }
      case "rsi": {
        const r = s.rsi!;
        let ext = up ? -Infinity : Infinity;
        for (let k = from; k <= to; k++) ext = up ? Math.max(ext, r[k]!) : Math.min(ext, r[k]!);
        return up ? ext : 10000 / (ext + 1e-7);
      }
      default: {
        const v = algo === "amount" || algo === "amount_avg" ? s.bars.amount : s.bars.vol;
        let sum = 0;
        for (let k = from; k <= to; k++) {
          if (Number.isNaN(v[k]!)) return 0;
          sum += v[k]!;
        }
        return algo === "amount_avg" || algo === "volumn_avg" ? sum / (e - b + 1) : sum;
      }
    }
  };
}

export function segmentMetric(lines: Lines, bars: BarSeries): LineMetric {
  return (i, algo) => {
    if (algo !== "slope" && algo !== "amp") throw new Error(`segment force measure ${algo} is not slope or amp`);
    return priceMetric(bars, lines.dir[i] === 1, lines.beginBar[i]!, lines.endBar[i]!, algo);
  };
}
