/**
 * Moving-average crossover signals for tests and benchmarks (the strategy plugins
 * are built elsewhere): an entry where the fast SMA crosses above the slow one
 * (fast < slow on the previous bar, fast > slow on this bar), an exit on the
 * opposite cross — backtesting.py's `crossover` convention.
 */
import type { SignalArrays } from "../../../core/backtest/kernel.ts";

/** Simple moving average of `n` bars by a running sum (NaN during warm-up). */
export function sma(values: Float64Array, n: number, out: Float64Array = new Float64Array(values.length)): Float64Array {
  let sum = 0;
  for (let i = 0; i < values.length; i++) {
    sum += values[i]!;
    if (i >= n) sum -= values[i - n]!;
    out[i] = i >= n - 1 ? sum / n : Number.NaN;
  }
  return out;
}

/** Crossover flags of `fast` over `slow`, written into `out` (allocated when absent). */
export function crossSignals(fast: Float64Array, slow: Float64Array, out: SignalArrays = { entries: new Uint8Array(fast.length), exits: new Uint8Array(fast.length) }): SignalArrays {
  const { entries, exits } = out;
  entries[0] = 0;
  exits[0] = 0;
  for (let i = 1; i < fast.length; i++) {
    const f0 = fast[i - 1]!,
      s0 = slow[i - 1]!,
      f1 = fast[i]!,
      s1 = slow[i]!;
    entries[i] = f0 < s0 && f1 > s1 ? 1 : 0;
    exits[i] = s0 < f0 && s1 > f1 ? 1 : 0;
  }
  return out;
}

export function maCross(close: Float64Array, fastN: number, slowN: number): SignalArrays {
  return crossSignals(sma(close, fastN), sma(close, slowN));
}
