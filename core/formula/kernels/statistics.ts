/**
 * Window statistics (core/formula/LANGUAGE.md §3.5). A value needs N valid bars; an
 * invalid bar in the window makes the result invalid. STD and VAR are the
 * *sample* forms (divide by N−1), as TDX; STDP/VARP divide by N (TA-Lib's
 * STDDEV is STDP).
 *
 * Rolling variance keeps Σ(x−K) and Σ(x−K)² about a shift K that is moved to
 * the window mean every N bars, so sums stay small and a long history (or an
 * index near 3000 points) does not lose precision to cancellation, while the
 * cost stays O(n). A jump of level between re-centrings (0 → 1e7, then moves
 * of cents) would cancel all but a few bits of Σ(x−K)² − (Σ(x−K))²/N, and a
 * far value leaving the window takes the bits of Σ(x−K)² itself: where that
 * difference falls below LOSS of the magnitude the sums' rounding is relative
 * to, they are re-centred on that bar's window at once (O(N), and only after
 * the deviations have shrunk some 256-fold against it). That magnitude is, in
 * the loop that handles gaps, the largest Σ(x−K)² since the sums were last
 * recomputed; in the fast loop (recomputed every 256 bars anyway) Σ(x−K)² with
 * the square of the deviation leaving the window, one compare per bar.
 *
 * Exactness (issue 17). A window whose values are all equal has no
 * deviation: STD, VAR (and the P forms, DEVSQ) are then exactly 0, where the
 * rolling sums would leave a residue of their rounding (a run of equal
 * values up to the bar is counted alongside them). AVEDEV measures the
 * deviations from the window's exact mean (the MA kernel, exact-sums.ts), so
 * equal decimal values give exactly 0 and its mean is MA's to the bit (CCI's
 * numerator and denominator agree). A window of bitwise-equal values that are
 * not decimals (thirds: the typical price (H+L+C)/3 with H ≠ L) has a mean one
 * ulp off them, so a deviation within a few ulps of the mean has its window
 * read again, and gives exactly 0 if its values are all equal; CCI's
 * (TYP − MA)/(0.015·0) is then a division by zero, no value, as in HQChart.
 */
import { ma } from "./averages.ts";
import { windowTotal } from "./exact-sums.ts";
import { firstValid, type Operand } from "./operand.ts";
import { perBarWindow } from "./per-bar-window.ts";
import { doubles } from "./doubles.ts";
import { RANGE } from "./ranges.ts";

export type Moment = "std" | "stdp" | "var" | "varp" | "devsq";

/** From Σ(x−mean)² (never negative: exactM2 sums squares) of N values; the sample forms of one value are 0/0, no value. */
function finish(m2: number, N: number, kind: Moment): number {
  switch (kind) {
    case "std":
      return Math.sqrt(m2 / (N - 1));
    case "stdp":
      return Math.sqrt(m2 / N);
    case "var":
      return m2 / (N - 1);
    case "varp":
      return m2 / N;
    case "devsq":
      return m2;
  }
}

/** Whether x[lo..hi] are all equal; an invalid value equals nothing, itself included. */
function allEqual(x: Float64Array, lo: number, hi: number): boolean {
  for (let j = lo; j <= hi; j++) if (x[j] !== x[lo]) return false;
  return true;
}

/** Σ(x−mean)² over x[lo..hi], exactly 0 when the values are all equal; an invalid value makes the mean, so the result, NaN. */
function exactM2(x: Float64Array, lo: number, hi: number): number {
  if (allEqual(x, lo, hi)) return 0;
  const mean = windowMean(x, lo, hi);
  let m2 = 0;
  for (let j = lo; j <= hi; j++) {
    const d = x[j]! - mean;
    m2 += d * d;
  }
  return m2;
}

export function moment(out: Float64Array, x: Float64Array, len: Operand, kind: Moment): void {
  if (typeof len !== "number") {
    fixedOrVariable(out, len, (lo, hi) => finish(exactM2(x, lo, hi), hi - lo + 1, kind));
    return;
  }
  const n = out.length;
  const f = firstValid(x);
  // no value before the first full window, nor for an invalid length; the loops below write the rest
  out.fill(NaN);
  const N = Math.trunc(len);
  if (!(N >= 1 && N <= n)) return;
  const sqrt = kind === "std" || kind === "stdp";
  // the sample forms of one value: 0 · ∞, no value
  const scale = kind === "std" || kind === "var" ? 1 / (N - 1) : kind === "devsq" ? 1 : 1 / N;
  // N is within [1, n] here; an integer makes `i - N` a cheaper index
  if (momentWithoutGaps(out, x, f, N | 0, scale, sqrt)) return;
  const flat = finish(0, N, kind);
  let K = x[f]!;
  let s1 = 0;
  let s2 = 0;
  let bad = 0;
  let sinceAnchor = 0;
  let run = 0;
  // the largest Σ(x−K)² since the sums were last recomputed: their rounding is relative to it
  let peak = 0;
  for (let i = f; i < n; i++) {
    const v = x[i]!;
    // bar f − 1 is invalid (or before bar 0), equal to nothing
    run = v === x[i - 1] ? run + 1 : 1;
    if (v === v) {
      const d = v - K;
      s1 += d;
      s2 += d * d;
      peak = Math.max(peak, s2);
    } else bad++;
    if (i - N >= f) {
      const o = x[i - N]!;
      if (o === o) {
        const d = o - K;
        s1 -= d;
        s2 -= d * d;
      } else bad--;
    }
    if (i < f + N - 1) continue;
    if (bad > 0) {
      out[i] = NaN;
      continue;
    }
    if (++sinceAnchor >= N || s2 - (s1 * s1) / N < peak * LOSS) {
      // re-centre on the current window mean and recompute the sums exactly
      sinceAnchor = 0;
      K += s1 / N;
      s1 = 0;
      s2 = 0;
      for (let j = i - N + 1; j <= i; j++) {
        const d = x[j]! - K;
        s1 += d;
        s2 += d * d;
      }
      peak = s2;
    }
    // rounding can leave a residue below 0 where the deviations are tiny
    const m2 = Math.max(s2 - (s1 * s1) / N, 0);
    const r = m2 * scale;
    out[i] = run >= N ? flat : sqrt ? Math.sqrt(r) : r;
  }
}

/** How many values in a row up to x[i] equal it, counting at most N (N of them: a window without deviation). */
function equalRun(x: Float64Array, i: number, N: number): number {
  let k = 1;
  while (k < N && x[i - k] === x[i]) k++;
  return k;
}

/** Σ(x−K) and Σ(x−K)² over x[lo..hi] with K = their mean, written to `sums`; returns K. */
function anchor(x: Float64Array, lo: number, hi: number, sums: number[]): number {
  let s = 0;
  for (let j = lo; j <= hi; j++) s += x[j]!;
  const K = s / (hi - lo + 1);
  let s1 = 0;
  let s2 = 0;
  for (let j = lo; j <= hi; j++) {
    const d = x[j]! - K;
    s1 += d;
    s2 += d * d;
  }
  sums[0] = s1;
  sums[1] = s2;
  return K;
}

/** Bars between re-centrings of the rolling sums: often enough to bound drift, rarely enough to cost nothing. */
const RECENTRE = 256;
/** Re-centre at once where Σ(x−K)² − (Σ(x−K))²/N is less than this share of the sums' magnitude (about 37 of 53 bits left). */
const LOSS = 2 ** -16;

/**
 * The common case: no invalid value after the first. Every RECENTRE bars the
 * sums are recomputed about the current window's mean; in between, a
 * branch-free loop rolls them (V8 boxes floats that a branch inside the loop
 * may reassign, several times slower). Returns false if an invalid value
 * turns up; the caller then redoes the work with gap handling.
 */
function momentWithoutGaps(out: Float64Array, x: Float64Array, f: number, N: number, scale: number, sqrt: boolean): boolean {
  const n = out.length;
  const sums = doubles(2, 0);
  // each block writes at least its first bar, so `start` always moves on
  for (let start = f + N - 1; start < n; ) {
    const K = anchor(x, start - N + 1, start, sums);
    start = rollMoments(out, x, start, Math.min(n, start + RECENTRE), N, K, sums[0]!, sums[1]!, scale, sqrt);
    if (start < 0) return false;
  }
  return true;
}

/**
 * Writes bars [from, end) from sums about K that already cover the window ending at `from`. Returns
 * `end`; or the bar at which the sums lost too much to cancellation (LOSS; not written: the caller
 * re-centres there); or −1 if an invalid value turned up.
 */
function rollMoments(out: Float64Array, x: Float64Array, from: number, end: number, N: number, K: number, s1: number, s2: number, scale: number, sqrt: boolean): number {
  // numbers for the compiler (a parameter may be anything): sums carried round the loop from a parameter as it is
  // were kept boxed, a new heap number per bar
  s1 = +s1;
  s2 = +s2;
  const invN = 1 / N;
  // 0 (or no value when N is 1 for the sample forms, whose scale is ∞) on a window of equal values; its root is itself
  const flat = 0 * scale;
  let run = equalRun(x, from, N);
  if (sqrt) {
    out[from] = run >= N ? flat : Math.sqrt(Math.max(s2 - s1 * s1 * invN, 0) * scale);
    for (let i = from + 1; i < end; i++) {
      const d = x[i]! - K;
      const e = x[i - N]! - K;
      s1 += d - e;
      s2 += d * d - e * e;
      run = x[i] === x[i - 1] ? run + 1 : 1;
      const m2 = s2 - s1 * s1 * invN;
      if (m2 < (s2 + e * e) * LOSS) return i;
      out[i] = run >= N ? flat : Math.sqrt(Math.max(m2, 0) * scale);
    }
  } else {
    out[from] = run >= N ? flat : Math.max(s2 - s1 * s1 * invN, 0) * scale;
    for (let i = from + 1; i < end; i++) {
      const d = x[i]! - K;
      const e = x[i - N]! - K;
      s1 += d - e;
      s2 += d * d - e * e;
      run = x[i] === x[i - 1] ? run + 1 : 1;
      const m2 = s2 - s1 * s1 * invN;
      if (m2 < (s2 + e * e) * LOSS) return i;
      out[i] = run >= N ? flat : Math.max(m2, 0) * scale;
    }
  }
  return s2 === s2 ? end : -1;
}

/** Window mean, or NaN when the window is incomplete or holds an invalid bar. */
function windowMean(x: Float64Array, lo: number, hi: number): number {
  let s = 0;
  for (let j = lo; j <= hi; j++) s += x[j]!;
  return s / (hi - lo + 1);
}

/**
 * Each bar's window of N bars, reduced; none where it would reach before bar 0. A window reaching
 * before X's first valid bar holds an invalid one, which every reduction here turns into NaN.
 */
function fixedOrVariable(out: Float64Array, len: Operand, reduce: (lo: number, hi: number) => number): void {
  if (typeof len !== "number") {
    perBarWindow(out, len, { start: 0, partial: false, zeroMeansAll: false }, reduce);
    return;
  }
  const N = Math.trunc(len);
  for (let i = 0; i < out.length; i++) out[i] = N >= 1 && i - N + 1 >= 0 ? reduce(i - N + 1, i) : NaN;
}

function meanAbsDeviation(x: Float64Array, lo: number, hi: number): number {
  const m = windowTotal(x, lo, hi, hi - lo + 1, false);
  let s = 0;
  let flat = true;
  for (let j = lo; j <= hi; j++) {
    s += Math.abs(x[j]! - m);
    flat &&= x[j] === x[lo];
  }
  return flat && m === m ? 0 : s / (hi - lo + 1);
}

/** AVEDEV(X,N): mean absolute deviation from the window's exact mean (CCI's denominator). */
export function avedev(out: Float64Array, x: Float64Array, len: Operand): void {
  if (typeof len !== "number") {
    fixedOrVariable(out, len, (lo, hi) => meanAbsDeviation(x, lo, hi));
    return;
  }
  // the means are MA's (no value where a window is short or holds an invalid bar), written into `out` and each
  // replaced by its bar's deviation (a bar reads its own mean only): no column of means to allocate
  const n = out.length;
  ma(out, x, len);
  const N = Math.trunc(len);
  for (let from = 0; from < n; from += RANGE) deviations(out, x, from, Math.min(n, from + RANGE), N);
}

/**
 * A deviation this small is all a window of equal values can show (a few
 * units in the mean's last place, or the 2^-32 by which the exact mean may
 * read a value as its decimal, exact-sums.ts): only then is the window read
 * again, and if its values are all equal the deviation is exactly 0.
 */
const FLAT = 2 ** -40;
const FLAT_ABS = 2 ** -31;

/** `d`, bar i's deviation from its window's mean m, or exactly 0 when the N values up to bar i are all equal. */
function flatOr(d: number, x: Float64Array, i: number, m: number, N: number): number {
  if (!(d <= Math.abs(m) * FLAT + FLAT_ABS)) return d;
  for (let j = i - N + 1; j < i; j++) if (x[j] !== x[i]) return d;
  return 0;
}

/**
 * Bars `[from, to)` (see ranges.ts): the deviations from each window's mean
 * (in `out`, replaced). A window's terms go to two sums in turn, the first
 * taking its oldest bar (half the dependency chain); two neighbouring bars are
 * summed side by side, four chains in all (CCI's inner cost). Each bar's sums
 * take its terms in the same order either way, so its value is one bar's.
 */
function deviations(out: Float64Array, x: Float64Array, from: number, to: number, N: number): void {
  let i = from;
  for (; i + 1 < to; i += 2) {
    const m = out[i]!;
    const p = out[i + 1]!;
    // no mean, no deviation: the NaN stays
    if (m !== m || p !== p) {
      if (m === m) out[i] = deviation(x, i, m, N);
      if (p === p) out[i + 1] = deviation(x, i + 1, p, N);
      continue;
    }
    let d0 = 0;
    let d1 = 0;
    let e0 = 0;
    let e1 = 0;
    let j = i - N + 1;
    for (; j + 1 < i; j += 2) {
      const a = x[j + 1]!;
      d0 += Math.abs(x[j]! - m);
      e0 += Math.abs(a - p);
      d1 += Math.abs(a - m);
      e1 += Math.abs(x[j + 2]! - p);
    }
    if (j === i) {
      // an odd number of terms: the newest bar ends the first sum
      d0 += Math.abs(x[i]! - m);
      e0 += Math.abs(x[i + 1]! - p);
    } else {
      // an even number: the two newest bars end the sums
      d0 += Math.abs(x[j]! - m);
      d1 += Math.abs(x[i]! - m);
      e0 += Math.abs(x[i]! - p);
      e1 += Math.abs(x[i + 1]! - p);
    }
    out[i] = flatOr((d0 + d1) / N, x, i, m, N);
    out[i + 1] = flatOr((e0 + e1) / N, x, i + 1, p, N);
  }
  if (i < to) {
    const m = out[i]!;
    if (m === m) out[i] = deviation(x, i, m, N);
  }
}

/** Bar i's mean absolute deviation from its window's mean m, its terms in turn to two sums as above. */
function deviation(x: Float64Array, i: number, m: number, N: number): number {
  let d0 = 0;
  let d1 = 0;
  let j = i - N + 1;
  for (; j < i; j += 2) {
    d0 += Math.abs(x[j]! - m);
    d1 += Math.abs(x[j + 1]! - m);
  }
  if (j === i) d0 += Math.abs(x[i]! - m);
  return flatOr((d0 + d1) / N, x, i, m, N);
}

/** Least-squares line through the window against bar index: [slope, value at the newest bar]. */
function fit(x: Float64Array, lo: number, hi: number, atEnd: boolean): number {
  // one bar: sxx is 0, the slope 0/0, no value
  const N = hi - lo + 1;
  const mk = (N - 1) / 2;
  const my = windowMean(x, lo, hi);
  let sxy = 0;
  let sxx = 0;
  for (let j = lo, k = 0; j <= hi; j++, k++) {
    sxy += (k - mk) * (x[j]! - my);
    sxx += (k - mk) * (k - mk);
  }
  const slope = sxy / sxx;
  return atEnd ? my + slope * (N - 1 - mk) : slope;
}

/** SLOPE(X,N): least-squares slope per bar (TA-Lib LINEARREG_SLOPE). */
export function slope(out: Float64Array, x: Float64Array, len: Operand): void {
  fixedOrVariable(out, len, (lo, hi) => fit(x, lo, hi, false));
}

/** FORCAST(X,N): the least-squares line at the current bar (TA-Lib LINEARREG, not TSF). */
export function forcast(out: Float64Array, x: Float64Array, len: Operand): void {
  fixedOrVariable(out, len, (lo, hi) => fit(x, lo, hi, true));
}

/** COVAR(X,Y,N): population covariance over the window (HQChart divides by N). */
export function covar(out: Float64Array, x: Float64Array, y: Float64Array, len: Operand): void {
  fixedOrVariable(out, len, (lo, hi) => {
    const mx = windowMean(x, lo, hi);
    const my = windowMean(y, lo, hi);
    let s = 0;
    for (let j = lo; j <= hi; j++) s += (x[j]! - mx) * (y[j]! - my);
    return s / (hi - lo + 1);
  });
}

/**
 * RELATE(X,Y,N): correlation coefficient over the window; invalid when either side is flat. Flat is
 * read from the values (all equal), not from Σ(x−mean)²: the mean of equal decimals such as 0.1 can
 * differ from them by a rounding, which leaves a deviation of noise and a correlation of noise.
 */
export function relate(out: Float64Array, x: Float64Array, y: Float64Array, len: Operand): void {
  fixedOrVariable(out, len, (lo, hi) => {
    const mx = windowMean(x, lo, hi);
    const my = windowMean(y, lo, hi);
    let sxy = 0;
    let sxx = 0;
    let syy = 0;
    for (let j = lo; j <= hi; j++) {
      const dx = x[j]! - mx;
      const dy = y[j]! - my;
      sxy += dx * dy;
      sxx += dx * dx;
      syy += dy * dy;
    }
    return allEqual(x, lo, hi) || allEqual(y, lo, hi) ? NaN : sxy / Math.sqrt(sxx * syy);
  });
}
