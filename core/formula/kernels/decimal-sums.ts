/**
 * Window sums that decide signals exactly (issue 17): MA, SUM and WMA read
 * their windows through here.
 *
 * Rule. Bar data are decimals: prices in ticks of 0.01 or 0.001, volumes in
 * whole shares or lots, amounts in yuan and fen. A series is *decimal at
 * scale S* (S = 10^k, k ≤ 6) when every valid value v lies within 2^-20 of an
 * integer q after scaling (|v·S − q| ≤ 2^-20; a price that is the double
 * nearest to its decimal is within about 1e-13 of it, and so are sums and
 * differences of such prices, whose last-bit noise this absorbs) and |q| is
 * small enough that any window's total of q stays below 2^53. Such a series is
 * taken as those decimals: windows are summed as integers q (exact in doubles
 * below 2^53, so adding a value and later subtracting it leaves nothing
 * behind) and the result is one division of two exact integers (Σq / (N·S)
 * for MA, Σq / S for SUM), which IEEE rounds correctly. Correct rounding is
 * monotonic, so two windows whose decimal means are equal give bit-identical
 * doubles whatever their lengths, a window of zeros (or of decimal terms that
 * cancel) gives exactly 0, and a strict comparison of two results never holds
 * where the decimals tie: no epsilon is needed downstream.
 *
 * The scale is guessed from the first 64 values and checked on every value
 * before the sums run (a loop that stops at the first misfit); a later value
 * needing more digits makes the series be scanned for its smallest scale.
 *
 * Fallback (a series that is not decimal to 6 places, such as (H+L+C)/3 or
 * C·1.003, or too large): the running sum of doubles as before (TA-Lib's
 * method), except that a window whose values are all equal gives that value
 * exactly (MA) or N times it correctly rounded (SUM): equal inputs give equal
 * averages whatever the window, and a window of zeros gives exactly 0. With
 * invalid values inside the series (rare: IF(…,DRAWNULL) and the like) the
 * same decimal rule holds when the valid values are decimal; otherwise a
 * window with no non-zero valid value gives exactly 0.
 */
import { doubles } from "./doubles.ts";
import { RANGE } from "./ranges.ts";

/** 1.5·2^52: for |r| < 2^51, (r + MAGIC) − MAGIC is r rounded to an integer (one add and one subtract, no call). */
const MAGIC = 6755399441055744;
/** How far (in units of the last decimal place) a value may lie from its decimal. */
const SNAP = 2 ** -20;
const MAX_DIGITS = 6;
const PROBE = 64;

/**
 * The largest |q| allowed when a window adds up `terms` scaled values, each
 * with a weight up to `weight` (WMA): the total then stays below 2^52.
 */
export function scaledLimit(terms: number, weight = 1): number {
  return Math.min(2 ** 50, 2 ** 52 / (Math.max(1, terms) * weight));
}

/** Whether every valid value of x[from..to) is decimal at scale S with |q| ≤ limit (an invalid one fails unless `gaps`). */
function decimalAt(x: Float64Array, from: number, to: number, S: number, limit: number, gaps: boolean): boolean {
  for (let i = from; i < to; i++) {
    const v = x[i]!;
    if (v !== v && gaps) continue;
    const r = v * S;
    const q = r + MAGIC - MAGIC;
    if (!(Math.abs(r - q) <= SNAP && Math.abs(q) <= limit)) return false;
  }
  return true;
}

/**
 * The smallest scale 10^k (k ≤ 6) at which the valid values of x[from..to)
 * are decimal, from `least` on; 0 if there is none (or, unless `gaps`, if a
 * value is invalid).
 */
export function decimalScale(x: Float64Array, from: number, to: number, limit: number, least = 1, gaps = true): number {
  for (let k = 0, S = 1; k <= MAX_DIGITS; k++, S *= 10) if (S >= least && decimalAt(x, from, to, S, limit, gaps)) return S;
  return 0;
}

/** Value v at scale S as an integer (valid only where decimalAt holds). */
export function scaled(v: number, S: number): number {
  return v * S + MAGIC - MAGIC;
}

/**
 * Σ x[lo..hi] / per: in integers at scale S when S > 0, else in doubles (a
 * window of zeros still sums to exactly 0). An invalid value makes the total
 * invalid, or is left out when `skip`.
 */
export function windowTotal(x: Float64Array, lo: number, hi: number, S: number, per: number, skip = false): number {
  let s = 0;
  for (let j = lo; j <= hi; j++) {
    const v = x[j]!;
    if (v === v || !skip) s += S > 0 ? scaled(v, S) : v;
  }
  return S > 0 ? s / (per * S) : s / per;
}

/**
 * Windows of N values from bar f (N ≥ 1; N > length for a running total
 * that never drops a value): out[i] = Σ/d for every bar from f on, partial
 * windows included (the caller overwrites what its function leaves invalid).
 * `perTerm` is what d is per scaled unit: N for MA (d = N·S), 1 for SUM
 * (d = S). Returns false (having written garbage) when the series has an
 * invalid value after f, is not decimal at its scale, or is too large; the
 * fallback loops below then take over.
 */
export function exactWindows(out: Float64Array, x: Float64Array, f: number, N: number, perTerm: number): boolean {
  const n = out.length;
  const limit = scaledLimit(Math.min(N, n));
  const guess = decimalScale(x, f, Math.min(n, f + PROBE), limit, 1, false);
  if (guess === 0) return false;
  // checked before the sums, in a loop that stops at the first misfit, so the sums' loop has no test
  const S = decimalAt(x, f, n, guess, limit, false) ? guess : decimalScale(x, f, n, limit, guess * 10, false);
  if (S === 0) return false;
  const d = S * perTerm;
  const warm = Math.min(n, f + N);
  let t = 0;
  for (let from = f; from < warm; from += RANGE) t = scaledAdd(out, x, from, Math.min(warm, from + RANGE), S, d, t);
  for (let from = warm; from < n; from += RANGE) t = scaledRoll(out, x, from, Math.min(n, from + RANGE), N, S, d, t);
  return true;
}

/** Bars [from, to) while the window fills, from the integer total `t` so far (see ranges.ts); returns the total. */
function scaledAdd(out: Float64Array, x: Float64Array, from: number, to: number, S: number, d: number, t: number): number {
  for (let i = from; i < to; i++) {
    t += x[i]! * S + MAGIC - MAGIC;
    out[i] = t / d;
  }
  return t;
}

/**
 * Bars [from, to) of full windows. The change of the total is the scaled
 * difference of the entering and leaving values rounded to an integer: both
 * lie within 2^-20 of their decimals, so that is exactly q_in − q_out.
 */
function scaledRoll(out: Float64Array, x: Float64Array, from: number, to: number, N: number, S: number, d: number, t: number): number {
  for (let i = from; i < to; i++) {
    t += (x[i]! - x[i - N]!) * S + MAGIC - MAGIC;
    out[i] = t / d;
  }
  return t;
}

/**
 * The fallback without invalid values: a running sum of doubles, out[i] =
 * s·inv, except that a window of equal values gives value·m(i) (m = 1 for MA;
 * the number of values in the window for SUM, `count` true). Returns false
 * (garbage written) when an invalid value turns up.
 */
export function roundedWindows(out: Float64Array, x: Float64Array, f: number, N: number, inv: number, count: boolean): boolean {
  const n = out.length;
  // [the running sum, the number of changes between neighbours inside the window]
  const st = doubles(2, 0);
  const warm = Math.min(n, f + N);
  for (let from = f; from < warm; from += RANGE) roundedAdd(out, x, f, from, Math.min(warm, from + RANGE), inv, count, st);
  const m = count ? N : 1;
  for (let from = warm; from < n; from += RANGE) roundedRoll(out, x, from, Math.min(n, from + RANGE), N, inv, m, st);
  return st[0] === st[0];
}

function roundedAdd(
  out: Float64Array,
  x: Float64Array,
  f: number,
  from: number,
  to: number,
  inv: number,
  count: boolean,
  st: number[],
): void {
  let s = st[0]!;
  let changes = st[1]!;
  for (let i = from; i < to; i++) {
    const v = x[i]!;
    s += v;
    if (i > f) changes += +(v !== x[i - 1]!);
    out[i] = changes === 0 ? v * (count ? i - f + 1 : 1) : s * inv;
  }
  st[0] = s;
  st[1] = changes;
}

function roundedRoll(out: Float64Array, x: Float64Array, from: number, to: number, N: number, inv: number, m: number, st: number[]): void {
  let s = st[0]!;
  let changes = st[1]!;
  for (let i = from; i < to; i++) {
    const v = x[i]!;
    const o = x[i - N]!;
    s += v - o;
    changes += +(v !== x[i - 1]!) - +(x[i - N + 1]! !== o);
    out[i] = changes === 0 ? v * m : s * inv;
  }
  st[0] = s;
  st[1] = changes;
}
