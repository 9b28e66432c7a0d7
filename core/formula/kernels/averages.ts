/**
 * Moving averages with TDX's recurrences and seeds (core/formula/LANGUAGE.md §3.2).
 *
 * Recursive averages (EMA, SMA, DMA, TMA, EXPMEMA) start on X's first valid
 * bar; a later invalid bar gives an invalid result and the recurrence carries
 * its state over the gap. N is truncated to an integer and N < 1 gives no
 * value on any bar, as for MA (HQChart: parseInt, N ≤ 0 gives nothing); a
 * per-bar N is taken bar by bar. EMA is seeded with X itself, as HQChart
 * (equal to it within a few ulps: the rearranged recurrence below differs in
 * the last bits, up to 9e-15 on MACD's 60-bar oracle); SMA is seeded the same way, the documented recommendation, where
 * HQChart instead skips N bars (the two converge; compare after ~10·N bars).
 * EXPMA is EMA (the [UNVERIFIED] recommendation). Window averages (MA, WMA)
 * need N valid values and are invalid if any value in the window is.
 *
 * Exactness (issue 17). MA and WMA are exact for decimal windows
 * (exact-sums.ts). A recursive average cannot be: its exact value is a
 * fraction with a growing denominator. What holds instead: an input equal to
 * the current average leaves it unchanged to the bit, where a·X + b·Y rounds
 * to a neighbour of X in about one case in five. Every recurrence is written
 * Y = X − b·(X − Y'), b the weight of the old average (1 − a): an input equal
 * to Y' gives X − b·0 = X exactly, and a weight a of 1 (b = 0: EMA(X,1),
 * SMA(X,N,N), DMA with A ≥ 1) gives X exactly, with no test on the loop's
 * chain (the test and select this replaced made RSI's and DMI's loops about
 * three times slower). So on a flat stretch an average that has reached the
 * price stays on it, a constant input gives exactly that constant whatever N
 * (EMA(C,5) and EMA(C,20) tie exactly and a strict CROSS of them cannot
 * fire), and two averages fed the same values from the same seed are
 * bit-identical (the fused loop's steps in recurrences.ts and the indicator
 * kernels of core/indicators repeat the expression). It is TDX's
 * (2·X + (N−1)·Y')/(N+1) rearranged; the two differ in the last bits only.
 * An exact decimal tie of two averages of different lengths elsewhere (a
 * coincidence of fractions) is not guaranteed to give equal doubles.
 */
import { exactWindows, seedMean, weightedWindows, windowTotal } from "./exact-sums.ts";
import { firstValid, type Operand } from "./operand.ts";
import { perBarWindow } from "./per-bar-window.ts";

/**
 * MA(X,N): simple mean of the last N values, the correctly rounded exact mean
 * of a window of decimals (exact-sums.ts); HQChart sums each window afresh in
 * doubles, so on non-decimal input the two may differ in the last bit.
 */
export function ma(out: Float64Array, x: Float64Array, len: Operand): void {
  const n = out.length;
  const f = firstValid(x);
  if (typeof len !== "number") {
    perBarWindow(out, len, { start: f, partial: false, zeroMeansAll: false }, (lo, hi) => windowTotal(x, lo, hi, hi - lo + 1, false));
    return;
  }
  const N = Math.trunc(len);
  if (!(N >= 1)) {
    out.fill(NaN);
    return;
  }
  out.fill(NaN, 0, Math.min(n, f + N - 1));
  exactWindows(out, x, f, N, true, false);
}

/**
 * WMA(X,N): weights 1 (oldest) … N (newest); the correctly rounded exact
 * weighted mean of a window of decimals (exact-sums.ts), in one pass when
 * the whole series is decimal, window by window otherwise.
 */
export function wma(out: Float64Array, x: Float64Array, len: Operand): void {
  const f = firstValid(x);
  const reduce = (lo: number, hi: number) => windowTotal(x, lo, hi, ((hi - lo + 1) * (hi - lo + 2)) / 2, false, true);
  if (typeof len !== "number") {
    perBarWindow(out, len, { start: f, partial: false, zeroMeansAll: false }, reduce);
    return;
  }
  const N = Math.trunc(len);
  if (N >= 1 && f + N - 1 < out.length && weightedWindows(out, x, f, N)) return;
  for (let i = 0; i < out.length; i++) {
    out[i] = N >= 1 && i - N + 1 >= f ? reduce(i - N + 1, i) : NaN;
  }
}

/**
 * Y = X − b·(X − Y') from bar `from` on, seeded with `y` before it (see the
 * header). Returns false if an invalid value was met (the caller redoes the
 * work with gaps handled): NaN then runs through every later Y, so one check
 * at the end finds it. Kept branch-free on purpose: a NaN test inside the
 * loop makes V8 box Y on every bar, three times slower.
 */
function recurrence(out: Float64Array, x: Float64Array, from: number, y: number, b: number): boolean {
  const n = out.length;
  for (let i = from; i < n; i++) {
    const v = x[i]!;
    y = v - b * (v - y);
    out[i] = y;
  }
  return y === y;
}

/** The same recurrence when X has gaps: an invalid bar gives no value and the state carries over it. */
function recurrenceWithGaps(out: Float64Array, x: Float64Array, from: number, y: number, b: number): void {
  for (let i = from; i < out.length; i++) {
    const v = x[i]!;
    if (v === v) {
      y = v - b * (v - y);
      out[i] = y;
    } else out[i] = NaN;
  }
}

function recur(out: Float64Array, x: Float64Array, from: number, y: number, b: number): void {
  if (!recurrence(out, x, from, y, b)) recurrenceWithGaps(out, x, from, y, b);
}

/**
 * EMA(X,N): Y = (2·X + (N−1)·Y') / (N+1), as X − b·(X − Y') with b = (N−1)/(N+1); seeded with X on its first valid bar.
 * A per-bar N is the recurrence with that bar's weight (HQChart instead runs a fresh EMA over the last N bars on each bar).
 */
export function ema(out: Float64Array, x: Float64Array, len: Operand): void {
  const n = out.length;
  if (typeof len === "number" && !(Math.trunc(len) >= 1)) {
    out.fill(NaN);
    return;
  }
  const f = firstValid(x);
  out.fill(NaN, 0, f);
  if (f >= n) return;
  let y = x[f]!;
  out[f] = y;
  if (typeof len === "number") {
    const N = Math.trunc(len);
    recur(out, x, f + 1, y, (N - 1) / (N + 1));
    return;
  }
  if (!(Math.trunc(len[f]!) >= 1)) out[f] = NaN;
  for (let i = f + 1; i < n; i++) {
    const v = x[i]!;
    const N = Math.trunc(len[i]!);
    if (v === v && N >= 1) {
      y = v - ((N - 1) / (N + 1)) * (v - y);
      out[i] = y;
    } else out[i] = NaN;
  }
}

/**
 * EXPMEMA(X,N): the EMA recurrence seeded with the mean of the first N
 * consecutive valid values (an invalid one restarts the count), taken by
 * exact-sums.ts `seedMean` (the correctly rounded mean when they are
 * decimals: MA(X,N)'s value on that bar, a constant for a constant input).
 */
export function expmema(out: Float64Array, x: Float64Array, len: number): void {
  const n = out.length;
  const N = Math.trunc(len);
  out.fill(NaN);
  if (!(N >= 1)) return;
  let run = 0;
  let i = 0;
  for (; i < n; i++) {
    run = x[i] === x[i] ? run + 1 : 0;
    if (run === N) break;
  }
  if (i >= n) return;
  const seed = seedMean(x, i - N + 1, i);
  out[i] = seed;
  recur(out, x, i + 1, seed, (N - 1) / (N + 1));
}

/** SMA(X,N,M): Y = (M·X + (N−M)·Y') / N, as X − b·(X − Y') with b = (N−M)/N; seeded with X on its first valid bar. */
export function sma(out: Float64Array, x: Float64Array, len: Operand, weight: Operand): void {
  const n = out.length;
  if (typeof len === "number" && !(Math.trunc(len) >= 1)) {
    out.fill(NaN);
    return;
  }
  const f = firstValid(x);
  out.fill(NaN, 0, f);
  if (f >= n) return;
  let y = x[f]!;
  out[f] = y;
  if (typeof len === "number" && typeof weight === "number") {
    const N = Math.trunc(len);
    recur(out, x, f + 1, y, (N - weight) / N);
    return;
  }
  if (!(Math.trunc(typeof len === "number" ? len : len[f]!) >= 1)) out[f] = NaN;
  for (let i = f + 1; i < n; i++) {
    const v = x[i]!;
    const N = Math.trunc(typeof len === "number" ? len : len[i]!);
    const M = typeof weight === "number" ? weight : weight[i]!;
    if (v === v && N >= 1 && M === M) {
      y = v - ((N - M) / N) * (v - y);
      out[i] = y;
    } else out[i] = NaN;
  }
}

/** DMA(X,A): Y = A·X + (1−A)·Y', as X − (1−A)·(X − Y'); A ≥ 1 gives X. Seeded with X where X and A are first valid. */
export function dma(out: Float64Array, x: Float64Array, alpha: Operand): void {
  const n = out.length;
  let y = NaN;
  for (let i = 0; i < n; i++) {
    const v = x[i]!;
    const a = Math.min(1, typeof alpha === "number" ? alpha : alpha[i]!);
    if (v !== v || a !== a) {
      out[i] = NaN;
      continue;
    }
    y = y !== y ? v : v - (1 - a) * (v - y);
    out[i] = y;
  }
}

/** TMA(X,A,B): Y = A·Y' + B·X, seeded with X (an other-platform form, as HQChart has it). */
export function tma(out: Float64Array, x: Float64Array, a: Operand, b: Operand): void {
  const n = out.length;
  let y = NaN;
  for (let i = 0; i < n; i++) {
    const v = x[i]!;
    const p = typeof a === "number" ? a : a[i]!;
    const q = typeof b === "number" ? b : b[i]!;
    if (v !== v || p !== p || q !== q) {
      out[i] = NaN;
      continue;
    }
    y = y !== y ? v : p * y + q * v;
    out[i] = y;
  }
}

/**
 * XMA(X,N): centred mean over [i−⌊N/2⌋, i+N−1−⌊N/2⌋], cut at both ends and
 * skipping invalid values. It reads later bars: a future function.
 */
export function xma(out: Float64Array, x: Float64Array, len: number): void {
  const n = out.length;
  const N = Math.max(1, Math.trunc(len));
  const h = Math.floor(N / 2);
  const f = firstValid(x);
  for (let i = 0; i < n; i++) {
    if (i < f) {
      out[i] = NaN;
      continue;
    }
    let s = 0;
    let c = 0;
    for (let j = Math.max(0, i - h), hi = Math.min(n - 1, i + N - 1 - h); j <= hi; j++) {
      const v = x[j]!;
      if (v === v) {
        s += v;
        c++;
      }
    }
    out[i] = c > 0 ? s / c : NaN;
  }
}
