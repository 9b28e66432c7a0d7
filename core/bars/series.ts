/**
 * Columnar bar series: the one shape every engine in `core/` reads.
 *
 * `time` holds market wall-clock time (Asia/Shanghai) encoded as if it were UTC,
 * in milliseconds: `Date.UTC(2024, 9, 16, 9, 31)` is the bar of 2024-10-16 09:31
 * in Shanghai. Formatting with UTC getters gives the market's own clock, so no
 * time-zone arithmetic is needed anywhere in the core. Daily and longer bars sit
 * at 00:00 of their date.
 *
 * `vol` is in shares for stocks (lots for index bars, as the spec says), and
 * `amount` in CNY. Missing values are NaN.
 */
export interface BarSeries {
  readonly length: number;
  readonly time: Float64Array;
  readonly open: Float64Array;
  readonly high: Float64Array;
  readonly low: Float64Array;
  readonly close: Float64Array;
  readonly vol: Float64Array;
  readonly amount: Float64Array;
}

export type BarField = "open" | "high" | "low" | "close" | "vol" | "amount";

/** One bar of a series as a record. */
export interface Bar {
  readonly time: number;
  readonly open: number;
  readonly high: number;
  readonly low: number;
  readonly close: number;
  readonly vol: number;
  readonly amount: number;
}

/** Bar `i` of `s` as a record; an index outside the series is the caller's bug, so it throws rather than reading undefined. */
export function barAt(s: BarSeries, i: number): Bar {
  if (!Number.isInteger(i) || i < 0 || i >= s.length) throw new RangeError(`bar ${i} of a series of ${s.length}`);
  return { time: s.time[i]!, open: s.open[i]!, high: s.high[i]!, low: s.low[i]!, close: s.close[i]!, vol: s.vol[i]!, amount: s.amount[i]! };
}

/** An empty series of `n` bars (all fields zero), ready to be filled in place. */
export function allocSeries(n: number): BarSeries {
  return {
    length: n,
    time: new Float64Array(n),
    open: new Float64Array(n),
    high: new Float64Array(n),
    low: new Float64Array(n),
    close: new Float64Array(n),
    vol: new Float64Array(n),
    amount: new Float64Array(n),
  };
}

/** Bars `[from, to)` as views over the same buffers (no copy). */
export function sliceSeries(s: BarSeries, from: number, to: number = s.length): BarSeries {
  const a = Math.max(0, Math.min(from, s.length));
  const b = Math.max(a, Math.min(to, s.length));
  return {
    length: b - a,
    time: s.time.subarray(a, b),
    open: s.open.subarray(a, b),
    high: s.high.subarray(a, b),
    low: s.low.subarray(a, b),
    close: s.close.subarray(a, b),
    vol: s.vol.subarray(a, b),
    amount: s.amount.subarray(a, b),
  };
}

/** Bars `[from, to)` in buffers of their own (no view keeps the source's buffers alive). */
export function copySeries(s: BarSeries, from = 0, to: number = s.length): BarSeries {
  const v = sliceSeries(s, from, to);
  return { length: v.length, time: v.time.slice(), open: v.open.slice(), high: v.high.slice(), low: v.low.slice(), close: v.close.slice(), vol: v.vol.slice(), amount: v.amount.slice() };
}

/** The bars of ascending, non-overlapping `parts` (oldest part first) in one series; a single part is returned as is. */
export function concatSeries(parts: readonly BarSeries[]): BarSeries {
  if (parts.length === 1) return parts[0]!;
  const out = allocSeries(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    for (const f of ["time", "open", "high", "low", "close", "vol", "amount"] as const) out[f].set(p[f], at);
    at += p.length;
  }
  return out;
}
