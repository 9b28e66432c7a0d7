/**
 * Window sums that decide signals exactly (issue 17): MA, SUM and WMA read
 * their windows through here.
 *
 * Rule. Bar data are decimals (prices in ticks of 0.01 or 0.001, volumes in
 * whole shares or lots). A value v is *decimal at scale P* (P = 10^k or
 * 3·10^k, k ≤ 6: the thirds make a typical price (H+L+C)/3 or (3C+H+L+O)/6
 * decimal too) when r = v·P lies within 2^-32·P + 2^-50·|r| of an integer q
 * (a price that is the double nearest its decimal lies within a few units in
 * the last place of it, and so do sums and differences of a few prices, whose
 * noise this absorbs) and |r| ≤ min(2^46, 2^52/N). A window whose values are
 * all decimal at P is read as those decimals: its total is the integer Σq,
 * exact in a double (it stays below 2^52, so a value added and later
 * subtracted leaves nothing behind), and the result is one division of two
 * exact integers (Σq / (P·N) for MA, Σq / P for SUM), which IEEE rounds
 * correctly. Correct rounding is monotonic and does not depend on P or on
 * anything before the window: two windows with equal decimal means give
 * bit-identical doubles whatever their lengths, a window of zeros (or of
 * decimal terms that cancel) gives exactly 0, and a strict comparison of two
 * results never holds where the decimals tie, so no epsilon is needed
 * downstream.
 *
 * Causality. Every decision is made bar by bar from the bars seen so far,
 * never from later ones: P starts at 1 and grows (never shrinks, always to a
 * multiple of itself) when a value arrives that is decimal only at a finer
 * scale (then the current window is summed again at the new scale). Two
 * decimals within the tolerance of one value are further apart than twice it,
 * so a value reads as the same rational whatever P, and the result does not
 * depend on when P grew. A value that is not decimal at any scale (C/7,
 * SQRT(V), anything finer than 6 places) is added to a separate double sum,
 * and the window's result is then the double expression (Σq/P + rest)/N; when
 * the last such value has left the window that sum is reset to exactly 0, so
 * no residue outlives the values that caused it. Which sum a value went to is
 * a function of the value, P and the cap alone (every value of the window is
 * read again when P grows), so the value leaving is read again, and removing
 * it undoes exactly what adding it did.
 *
 * Magnitude. The absolute part of the tolerance, 2^-32 ≈ 2.3e-10, is what
 * makes a value within it of 0 read as the decimal 0: the noise of a
 * difference of sums of prices (0.1·3 − 0.3 = 5.6e-17) counts as no value, so
 * a window of such values sums to exactly 0. The price of it: a series whose
 * values are all genuinely that small (C/1e11, or squared daily returns of a
 * series that moves one part in 10^5) sums to 0 too, where the double sum
 * would give its tiny total; scale such a series up before the window
 * (SUM(C,2)/1e11 rather than SUM(C/1e11,2)). Values of 2.3e-10 and above are
 * read as the decimals they are, or added as doubles, exactly as above.
 *
 * A running total (SUM(X,0)) has no window to bound it: values are decimal up
 * to |r| ≤ 2^46, and once the total would pass 2^52 it continues as a double
 * sum for the rest of the series.
 *
 * Speed (bench/exact-sums.bench.ts, against the running sums this replaced):
 * while a window is all decimal (prices, volumes, typical prices) the fast
 * loops take a range of bars at once under a screen (screenedRoll: the sums
 * of the squared roundings and sizes bound every value's test, off the
 * total's chain, with the checked loop where it cannot vouch), a rounded
 * difference and a division per bar, two bars a turn: about 1.25 to 1.4
 * times a running sum's CPU time on 10,000 bars (1.5 to 1.7 one bar a
 * turn). The rest cannot be skipped, as a kernel cannot
 * know that a column it read before is unchanged. A window mixing decimal and
 * other values (a ratio of prices, ROC, CR's line) takes mixedRoll: a value's
 * kind alternates at random there, and both the entering and the leaving
 * value are tested; values it cannot place (invalid, decimal only at a finer
 * scale) go to the general loop, slide. A window holding non-decimal values
 * alone (a ratio of prices all along: CR's averages, VR's, TRIX's) takes
 * oddRoll, one test per entering value and none for the leaving one
 * (0.72–0.79 times the general loop's time on MA of a price ratio, in an A/B
 * of the two in one process).
 */
import { RANGE } from "./ranges.ts";

/** 1.5·2^52: for |r| < 2^51, (r + MAGIC) − MAGIC is r rounded to an integer (one add and one subtract, no call). */
const MAGIC = 6755399441055744;
/** Absolute noise absorbed (≈ 2.3e-10, a few hundred units in the last place of a price below 10,000). */
const ABS = 2 ** -32;
/** Relative noise absorbed, in units of the scaled value (four units in its last place). */
const REL = 2 ** -50;
const LIMIT = 2 ** 52;
/**
 * Bars the general loop goes on with only decimal values in its window before
 * it hands back to the fast loops: where the kinds mix, the next value that is
 * not decimal is often near, and the fast loops' screen would fail on it at
 * the cost of its whole range.
 */
const CALM = 64;
/**
 * The scales, each with its multiples after it: 10^k, and 3·10^k for
 * thirds of decimals (the typical price (H+L+C)/3, (3C+H+L+O)/6 …). Every
 * scale divides the finest, so a value decimal at any is decimal there.
 */
const SCALES = [1, 3, 10, 30, 100, 300, 1e3, 3e3, 1e4, 3e4, 1e5, 3e5, 1e6, 3e6];
const FINEST = 3e6;

/** v·P rounded to an integer when v is decimal at scale P with |v·P| ≤ cap; NaN otherwise (and for an invalid v). */
function scaledOrNaN(v: number, P: number, cap: number): number {
  const r = v * P;
  const q = r + MAGIC - MAGIC;
  return Math.abs(r - q) <= ABS * P + Math.abs(r) * REL && Math.abs(r) <= cap ? q : NaN;
}

/**
 * The smallest scale that is a multiple of P at which v is decimal within the
 * cap, or 0 (none). Within the cap at the finest scale one test there answers
 * for every scale (each divides it); past it a coarser scale may still hold v
 * (541540801.45 in cents), so the scales are tried in turn.
 */
function scaleFrom(v: number, P: number, cap: number): number {
  if (Math.abs(v * FINEST) <= cap && Number.isNaN(scaledOrNaN(v, FINEST, cap))) return 0;
  for (let k = 0; k < SCALES.length; k++) {
    const S = SCALES[k]!;
    if (S % P === 0 && !Number.isNaN(scaledOrNaN(v, S, cap))) return S;
  }
  return 0;
}

/**
 * The largest |v·P| a window of N values may hold: its total then stays
 * below 2^52, and two values' errors (at most 2^-32·P + 2^-50·2^46 + rounding)
 * stay far below ½, so the change of a total can be taken as the rounded
 * scaled difference of the entering and leaving values.
 */
const capFor = (N: number) => Math.min(2 ** 46, LIMIT / N);

// the running state, carried from range to range (see ranges.ts)
const T = 0; // Σq of the decimal values in the window
const REST = 1; // double sum of the others
const ODD = 2; // how many values in the window are valid but not decimal at P
const BAD = 3; // how many are invalid
const SCALE = 4; // P, one of SCALES
const CAP = 5; // the largest |v·P| allowed (0 once a running total has overflowed)
const RARE = 6; // 1 when the general loop stopped before a value it leaves to the rare path
const CHECKED = 7; // 1 once a range failed the screen and the checked loop took all of it (see fast)

/**
 * MA (`mean`: full windows of N valid values, invalid inside any other) or
 * SUM (partial windows from bar f, invalid values skipped; N > series length
 * for a running total) of x from its first valid bar f, into out[f..].
 */
export function exactWindows(out: Float64Array, x: Float64Array, f: number, N: number, mean: boolean, running: boolean): void {
  const n = out.length;
  // a literal holding a fraction is an array of doubles from the start (kernels/doubles.ts), and cheaper to make
  const st = [0.5, 0, 0, 0, 0, 0, 0, 0];
  st[T] = 0;
  st[SCALE] = 1;
  st[CAP] = capFor(running ? 1 : N);
  // a window longer than the series never drops a value; an integer makes `i - w` a cheaper index
  const w = Math.min(N, n + 1) | 0;
  for (let i = f; i < n; ) {
    const to = Math.min(n, i + RANGE);
    if (st[ODD] === 0 && st[BAD] === 0) {
      // every value in the window is decimal at P: the fast loops, up to a value that is not
      i = fast(out, x, f, w, mean, running, i, to, st);
      if (i === to) continue;
    }
    if (st[ODD] === w) {
      // every value in the window is neither decimal nor invalid (never a running total's: its n + 1 bars are never
      // all there): the double sum alone, up to a value that is not so
      i = oddRoll(out, x, w, N, mean, i, to, st);
      if (i === to) continue;
    }
    if (running && st[ODD]! > 0 && st[CAP]! > 0) {
      // a running total that already holds a value that is not decimal: both sums, up to a value it leaves to slide
      i = mixedTotal(out, x, i, to, st);
      if (i === to) continue;
    }
    if (st[BAD] === 0 && !running && i - w >= f) {
      // full windows of both kinds: slide's sums with fewer tests, up to a value it leaves to slide
      i = mixedRoll(out, x, w, N, mean, i, to, st);
      if (i >= 0) continue;
      i = -1 - i;
    }
    i = slide(out, x, f, w, N, mean, running, i, to, st);
    if (st[RARE] === 1) {
      // bar i's value is invalid or needs a finer scale: the rare path, then back to the loops
      st[RARE] = 0;
      leave(x, f, w, i, st);
      enter(x, f, N, i, st);
      if (running && !(Math.abs(st[T]!) <= LIMIT)) spill(st);
      write(out, f, w, N, mean, i, st);
      i++;
    }
  }
}

/** v·P (= r) rounded (= q) is the decimal the rule reads, and within the cap. */
const decimalAt = (r: number, q: number, tol: number, cap: number) => Math.abs(r - q) <= tol + Math.abs(r) * REL && Math.abs(r) <= cap;

/**
 * Bars [from, to) while every value in the window is decimal at P (ODD and
 * BAD are 0): the total changes by the rounded scaled difference of the
 * entering and leaving values (exactly q_in − q_out, see capFor), one add on
 * the loop's chain. Returns `to`, or the first bar whose value is not decimal
 * at P (or would take a running total past 2^52), before touching it.
 */
function fast(out: Float64Array, x: Float64Array, f: number, w: number, mean: boolean, running: boolean, from: number, to: number, st: number[]): number {
  const P = st[SCALE]!;
  const tol = ABS * P;
  const cap = st[CAP]!;
  if (running) {
    // a first value needing a finer scale (the series' first, at P = 1) would waste the screened range
    const r = x[from]! * P;
    if (!decimalAt(r, r + MAGIC - MAGIC, tol, cap)) return from;
    if (st[CHECKED] === 0) {
      const screened = screenedTotal(out, x, P, tol, cap, from, to, st[T]!);
      if (screened === screened) {
        st[T] = screened;
        return to;
      }
    }
    return checked(total(out, x, P, tol, cap, from, to, st), to, st);
  }
  const D = mean ? P * w : P;
  let t = st[T]!;
  let i = from;
  // while the window fills
  for (const end = Math.min(to, f + w); i < end; i++) {
    const r = x[i]! * P;
    const q = r + MAGIC - MAGIC;
    if (!decimalAt(r, q, tol, cap)) break;
    t += q;
    if (!mean || i - f >= w - 1) out[i] = t / D;
  }
  st[T] = t;
  if (i < f + w) return i;
  // full windows: a screened range, and the checked loop where the screen cannot vouch for one
  if (st[CHECKED] === 0) {
    const screened = screenedRoll(out, x, w, P, tol, cap, D, i, to, st[T]!);
    if (screened === screened) {
      st[T] = screened;
      return to;
    }
  }
  return checked(roll(out, x, w, P, tol, cap, D, i, to, st), to, st);
}

/**
 * The screen bounds every value's distance to its decimal by the absolute
 * tolerance alone; values whose noise is relative (a typical price times a
 * volume, scaled to about 3·10^9 at P = 300, is off by up to about 10^-6
 * where the absolute part allows 7·10^-8) fail it in every range although
 * each passes the rule. Once the checked loop has taken a whole range after a
 * failed screen, the later ranges go to it directly rather than computing
 * each twice: MFI's two sums took 37 µs each on 10,000 bars, 21 now, where a
 * screened MA of prices takes 17. The values written are the same.
 */
function checked(i: number, to: number, st: number[]): number {
  if (i === to) st[CHECKED] = 1;
  return i;
}

/**
 * A range of full windows whose values are all decimal at P, without a test
 * per value: each value's distance e to its nearest multiple of 1/P and its
 * size are summed as squares beside the rolling total (off its chain), and
 * the range stands only if Σe² ≤ tol²/2 and Σr² < cap², which bound every
 * |e| by tol and every |r| by the cap (a sum of squares rounds to no less
 * than any of its terms, so a value even an ulp past the cap fails the strict
 * bound), so every value passes the rule's test (a NaN or an infinity fails
 * the bound). Returns the total, or NaN when the bound fails (what was
 * written is then written again by the checked loop).
 *
 * Two bars a turn: the totals are exact integers, so bar i + 1's total can be
 * taken as t + (d_i + d_i+1) from bar i − 1's, and bar i's as t + d_i beside
 * it, one addition on the loop's chain per two bars; the squares are summed
 * in two halves (even and odd bars) for the same reason. The chains of
 * additions were the loop's bound: an MA of 10,000 closes took 11.7 µs so
 * against 17.6 (24 random walks in turn), the same totals and outputs.
 */
function screenedRoll(out: Float64Array, x: Float64Array, w: number, P: number, tol: number, cap: number, D: number, from: number, to: number, t: number): number {
  let e2 = 0;
  let e2odd = 0;
  let r2 = 0;
  let r2odd = 0;
  let i = from;
  for (; i + 1 < to; i += 2) {
    const v0 = x[i]!;
    const v1 = x[i + 1]!;
    const r0 = v0 * P;
    const r1 = v1 * P;
    const e0 = r0 - (r0 + MAGIC - MAGIC);
    const e1 = r1 - (r1 + MAGIC - MAGIC);
    e2 += e0 * e0;
    e2odd += e1 * e1;
    r2 += r0 * r0;
    r2odd += r1 * r1;
    const d0 = (v0 - x[i - w]!) * P + MAGIC - MAGIC;
    const d1 = (v1 - x[i + 1 - w]!) * P + MAGIC - MAGIC;
    out[i] = (t + d0) / D;
    t += d0 + d1;
    out[i + 1] = t / D;
  }
  if (i < to) {
    const v = x[i]!;
    const r = v * P;
    const e = r - (r + MAGIC - MAGIC);
    e2 += e * e;
    r2 += r * r;
    t += (v - x[i - w]!) * P + MAGIC - MAGIC;
    out[i] = t / D;
  }
  return e2 + e2odd <= tol * tol * 0.5 && r2 + r2odd < cap * cap ? t : NaN;
}

/**
 * A running total's range [from, to) under screenedRoll's screen (two bars a
 * turn, the same way), and one more bound: no partial total passes 2^52, as each |q| ≤ |r| + ½ and
 * Σ|r| ≤ √(len·Σr²) (with room for the rounding of that bound). Returns the
 * total, or NaN when a bound fails (total() then writes the range again).
 */
function screenedTotal(out: Float64Array, x: Float64Array, P: number, tol: number, cap: number, from: number, to: number, t: number): number {
  const start = t;
  // two bars a turn, as screenedRoll
  let e2 = 0;
  let e2odd = 0;
  let r2 = 0;
  let r2odd = 0;
  let i = from;
  for (; i + 1 < to; i += 2) {
    const r0 = x[i]! * P;
    const r1 = x[i + 1]! * P;
    const q0 = r0 + MAGIC - MAGIC;
    const q1 = r1 + MAGIC - MAGIC;
    const e0 = r0 - q0;
    const e1 = r1 - q1;
    e2 += e0 * e0;
    e2odd += e1 * e1;
    r2 += r0 * r0;
    r2odd += r1 * r1;
    out[i] = (t + q0) / P;
    t += q0 + q1;
    out[i + 1] = t / P;
  }
  if (i < to) {
    const r = x[i]! * P;
    const q = r + MAGIC - MAGIC;
    const e = r - q;
    e2 += e * e;
    r2 += r * r;
    t += q;
    out[i] = t / P;
  }
  const len = to - from;
  const squares = r2 + r2odd;
  return e2 + e2odd <= tol * tol * 0.5 && squares < cap * cap && Math.abs(start) + Math.sqrt(len * squares) + 2 * len + 2 <= LIMIT ? t : NaN;
}

/** A running total's bars [from, to) from the total so far, up to a value that is not decimal or a total past 2^52. */
function total(out: Float64Array, x: Float64Array, P: number, tol: number, cap: number, from: number, to: number, st: number[]): number {
  let t = st[T]!;
  let i = from;
  for (; i < to; i++) {
    const r = x[i]! * P;
    const q = r + MAGIC - MAGIC;
    if (!(decimalAt(r, q, tol, cap) && Math.abs(t + q) <= LIMIT)) break;
    t += q;
    out[i] = t / P;
  }
  st[T] = t;
  return i;
}

/** Full windows of `fast`, each value tested, from the stored total; stores the total and returns where it stopped. */
function roll(out: Float64Array, x: Float64Array, w: number, P: number, tol: number, cap: number, D: number, from: number, to: number, st: number[]): number {
  let t = st[T]!;
  let i = from;
  for (; i < to; i++) {
    const v = x[i]!;
    const r = v * P;
    if (!(Math.abs(r - (r + MAGIC - MAGIC)) <= tol + Math.abs(r) * REL && Math.abs(r) <= cap)) break;
    t += (v - x[i - w]!) * P + MAGIC - MAGIC;
    out[i] = t / D;
  }
  st[T] = t;
  return i;
}

/**
 * The general loop over bars [from, to) (see ranges.ts). Which sum a value
 * went to is a function of the value and the current P and cap (every value
 * of the window is read again when P grows, see rescan), so the leaving
 * value is read again rather than recorded. Returns once the window has held
 * only decimal values for CALM bars (back to the fast loops), or at
 * the bar whose value is invalid or needs a finer scale, before touching it
 * (RARE set), or at `to`.
 */
function slide(out: Float64Array, x: Float64Array, f: number, w: number, N: number, mean: boolean, running: boolean, from: number, to: number, st: number[]): number {
  const nan = 0 / 0;
  let t = st[T]!;
  let rest = st[REST]!;
  let odd = st[ODD]! | 0;
  let bad = st[BAD]! | 0;
  const P = st[SCALE]!;
  const tol = ABS * P;
  const tolFine = ABS * FINEST;
  let cap = st[CAP]!;
  const D = P * N;
  let calm = 0;
  let i = from;
  for (; i < to; i++) {
    const v = x[i]!;
    const r = v * P;
    const q = r + MAGIC - MAGIC;
    if (decimalAt(r, q, tol, cap)) t += q;
    else {
      const r6 = v * FINEST;
      // invalid, or decimal at a finer scale than P (one test within the cap at the finest; past it, scaleFrom tries the
      // coarser scales): the caller's rare path
      if (v !== v || decimalAt(r6, r6 + MAGIC - MAGIC, tolFine, cap) || (!(Math.abs(r6) <= cap) && scaleFrom(v, P, cap) > 0)) {
        st[RARE] = 1;
        break;
      }
      rest += v;
      odd++;
    }
    if (i - w >= f) {
      const o = x[i - w]!;
      const ro = o * P;
      const qo = ro + MAGIC - MAGIC;
      if (decimalAt(ro, qo, tol, cap)) t -= qo;
      else if (o !== o) bad--;
      else {
        rest -= o;
        odd--;
      }
    }
    // no residue outlives the values in the double sum
    if (odd === 0) rest = 0;
    if (running && !(Math.abs(t) <= LIMIT)) {
      st[T] = t;
      st[REST] = rest;
      spill(st);
      t = st[T]!;
      rest = st[REST]!;
      odd = 1;
      cap = 0;
    }
    // (SUM: rest is exactly +0 while odd is 0, and t is never −0, so t / P + rest is then t / P)
    if (mean) {
      if (i - f >= w - 1) out[i] = bad > 0 ? nan : odd === 0 ? t / D : (t / P + rest) / N;
    } else out[i] = t / P + rest;
    // which loop takes the next bars changes only the speed: they write the same values
    // Stryker disable next-line ConditionalExpression,EqualityOperator,ArithmeticOperator: only the loop for the next bars
    calm = (odd | bad) !== 0 ? 0 : calm + 1;
    // Stryker disable next-line ConditionalExpression,EqualityOperator,LogicalOperator,BlockStatement: only the loop for the next bars
    // Stryker disable next-line ConditionalExpression,LogicalOperator: only the loop for the next bars
    if (odd === w || calm === CALM || (running && odd > 0 && cap > 0)) {
      // back to oddRoll, the fast loops or mixedTotal
      i++;
      break;
    }
  }
  st[T] = t;
  st[REST] = rest;
  st[ODD] = odd;
  st[BAD] = bad;
  st[CAP] = cap;
  return i;
}

/**
 * oddRoll's test that a value is decimal at no scale: with r = v·FINEST, a
 * value decimal at a scale P (P divides FINEST) lies within
 * FINEST/P·(2^-32·P + REL·|v·P| + ½ ulp) of an integer at FINEST, and r's own
 * rounding adds ½ ulp: less than 2^-32·FINEST + 2^-49·|r|. So |r − round(r)|
 * above that rules out every scale in one test (a value between the two
 * bounds goes to slide, which applies the rule itself). The magic rounding
 * is exact below 2^51, and from |r| = 2^50 on its two roundings err by at
 * most 8·2^-53·|r| < 2^-49·|r|: such values (and NaN, ±∞) fail the test.
 */
// Stryker disable next-line UnaryOperator: 2^49 fails every value, which then goes to slide (the same values, slower)
const ODD_REL = 2 ** -49;

/** That test: r = v·FINEST, `tol` = ABS·FINEST; true when v is decimal at no scale (false for NaN and ±∞). */
const decimalNowhere = (r: number, tol: number) => Math.abs(r - (r + MAGIC - MAGIC)) > tol + Math.abs(r) * ODD_REL;

/**
 * Full windows of values that are all neither decimal (at P or finer) nor
 * invalid (ODD = w, so T is exactly 0), not a running total: slide's
 * arithmetic, without reading the leaving value's kind again (it is one of
 * the window's, so it went to the double sum too), and one test of the
 * entering value (ODD_REL). Returns `to`, or the first bar whose value fails
 * that test, before touching it (slide then takes it). Ratios of prices (CR,
 * VR, EMV, TRIX …) spend their whole series here.
 */
function oddRoll(out: Float64Array, x: Float64Array, w: number, N: number, mean: boolean, from: number, to: number, st: number[]): number {
  const tol = ABS * FINEST;
  // slide writes t / P + rest, with t = +0 here and rest never −0 (it starts at +0 and takes nonzero values): rest
  let rest = st[REST]!;
  let i = from;
  // Stryker disable next-line ConditionalExpression,EqualityOperator: stopping at once (slide takes the bars) or also taking bar `to` (as slide would; past the end undefined fails the test): same values
  for (; i < to; i++) {
    const v = x[i]!;
    const r = v * FINEST;
    if (!decimalNowhere(r, tol)) break;
    rest += v;
    rest -= x[i - w]!;
    out[i] = mean ? rest / N : rest;
  }
  st[REST] = rest;
  return i;
}

/**
 * Full windows (not a running total) of decimal values at P and values
 * decimal at no scale, with no invalid one: slide's arithmetic, in its order,
 * with the entering value tested first as oddRoll tests it (a value passing
 * that test is one slide would add to the double sum: in a price ratio's
 * window, most of them) and only otherwise at P. Returns `to`, or the bar
 * after the one where the window became all of one kind again for good (ODD
 * = w: oddRoll; decimal values only for CALM bars: the fast loops); or −1 − i
 * for bar i, untouched, whose value is neither kind (invalid, decimal only at
 * a finer scale, or between the two tests): slide takes it. CR's four
 * averages of its ratio ran half their bars in slide, at about three times
 * oddRoll's cost a bar.
 */
function mixedRoll(out: Float64Array, x: Float64Array, w: number, N: number, mean: boolean, from: number, to: number, st: number[]): number {
  let t = st[T]!;
  let rest = st[REST]!;
  let odd = st[ODD]! | 0;
  const P = st[SCALE]!;
  const tol = ABS * P;
  const tolFine = ABS * FINEST;
  const cap = st[CAP]!;
  const D = P * N;
  let calm = 0;
  let i = from;
  for (; i < to; i++) {
    const v = x[i]!;
    if (decimalNowhere(v * FINEST, tolFine)) {
      rest += v;
      odd++;
    } else {
      const r = v * P;
      const q = r + MAGIC - MAGIC;
      if (!decimalAt(r, q, tol, cap)) {
        i = -1 - i;
        break;
      }
      t += q;
    }
    // the leaving value read as slide reads it (the window holds no invalid value)
    const o = x[i - w]!;
    const ro = o * P;
    const qo = ro + MAGIC - MAGIC;
    if (decimalAt(ro, qo, tol, cap)) t -= qo;
    else {
      rest -= o;
      odd--;
    }
    if (odd === 0) rest = 0;
    if (mean) out[i] = odd === 0 ? t / D : (t / P + rest) / N;
    else out[i] = t / P + rest;
    calm = odd === 0 ? calm + 1 : 0;
    if (odd === w || calm === CALM) {
      i++;
      break;
    }
  }
  st[T] = t;
  st[REST] = rest;
  st[ODD] = odd;
  return i;
}

/**
 * A running total (SUM(X,0)) holding a value that is not decimal (ODD > 0)
 * and not spilled: slide's arithmetic without a window, each value tested
 * first as oddRoll tests it (decimal at no scale: the double sum) and only
 * otherwise at P (the exact total). Returns `to`, or the first bar whose
 * value is neither (invalid, decimal only at a finer scale, or past the cap
 * at P) or would take the total past 2^52, before touching it: slide takes
 * it. ZLJC's running
 * total of a ratio, a fifth of whose values are decimals, ran in slide at 77
 * µs on 10,000 bars.
 */
function mixedTotal(out: Float64Array, x: Float64Array, from: number, to: number, st: number[]): number {
  let t = st[T]!;
  let rest = st[REST]!;
  let odd = st[ODD]! | 0;
  const P = st[SCALE]!;
  const tol = ABS * P;
  const tolFine = ABS * FINEST;
  const cap = st[CAP]!;
  let i = from;
  for (; i < to; i++) {
    const v = x[i]!;
    if (decimalNowhere(v * FINEST, tolFine)) {
      rest += v;
      odd++;
    } else {
      const r = v * P;
      const q = r + MAGIC - MAGIC;
      if (!(decimalAt(r, q, tol, cap) && Math.abs(t + q) <= LIMIT)) break;
      t += q;
    }
    out[i] = t / P + rest;
  }
  st[T] = t;
  st[REST] = rest;
  st[ODD] = odd;
  return i;
}

/** A running total too large for exact integers: a double sum from here on (nothing leaves it, so ODD stays above 0). */
function spill(st: number[]): void {
  st[REST] = st[REST]! + st[T]! / st[SCALE]!;
  st[T] = 0;
  st[ODD] = 1;
  st[CAP] = 0;
}

/** The value leaving the window at bar i (if one does) taken out of the sums (the rare path), read as slide reads it. */
function leave(x: Float64Array, f: number, w: number, i: number, st: number[]): void {
  if (i - w < f) return;
  const o = x[i - w]!;
  const q = scaledOrNaN(o, st[SCALE]!, st[CAP]!);
  if (q === q) st[T] = st[T]! - q;
  else if (o !== o) st[BAD]!--;
  else if (--st[ODD]! === 0) st[REST] = 0;
  else st[REST] = st[REST]! - o;
}

/** Bar i's output from the sums (the rare path; the loop above writes the same expressions). */
function write(out: Float64Array, f: number, w: number, N: number, mean: boolean, i: number, st: number[]): void {
  const P = st[SCALE]!;
  const t = st[T]!;
  const odd = st[ODD]!;
  if (mean) {
    if (i - f >= w - 1) out[i] = st[BAD]! > 0 ? NaN : odd === 0 ? t / (P * N) : (t / P + st[REST]!) / N;
    // REST is +0 while ODD is 0 (every path that empties ODD sets it so) and t is never −0: t / P + 0 is t / P
  } else out[i] = t / P + st[REST]!;
}

/**
 * Bar i's value v is not decimal at the current scale (the rare path): it is
 * invalid, or decimal at a finer scale (P grows and the window is summed
 * again). slide hands over no other value: one decimal at no scale it adds
 * to the double sum itself, and one it hands over is decimal within the cap
 * at the finest scale or at a scale scaleFrom found, so scaleFrom finds it.
 */
function enter(x: Float64Array, f: number, N: number, i: number, st: number[]): void {
  const v = x[i]!;
  if (v !== v) st[BAD]!++;
  else rescan(x, Math.max(f, i - N + 1), i, scaleFrom(v, st[SCALE]!, st[CAP]!), st);
}

/**
 * The window [lo, hi] summed again at scale P. A running total's partial sums
 * at a finer scale may pass 2^53 where its total does not (values that
 * cancel), so Σq is taken as two exact sums, of the multiples of 2^26 and of
 * the remainders (|q| ≤ 2^46: exact for fewer than 2^27 values), added once:
 * the total correctly rounded, exact below 2^53.
 */
function rescan(x: Float64Array, lo: number, hi: number, P: number, st: number[]): void {
  const cap = st[CAP]!;
  let t = 0;
  let low = 0;
  let rest = 0;
  let odd = 0;
  let bad = 0;
  for (let j = hi; j >= lo; j--) {
    const v = x[j]!;
    const q = scaledOrNaN(v, P, cap);
    if (q === q) {
      const l = q % 67108864;
      t += q - l;
      low += l;
    } else if (v !== v) bad++;
    else {
      rest += v;
      odd++;
    }
  }
  st[T] = t + low;
  st[REST] = rest;
  st[ODD] = odd;
  st[BAD] = bad;
  st[SCALE] = P;
}

/**
 * Σ w·x[lo..hi] / per for a window resolved on its own (the per-bar window
 * lengths of perBarWindow, WMA's windows with an invalid or non-decimal
 * value): exact by the same rule, at the finest scale its own values need.
 * The weights w are 1, or 1 (oldest) … N (newest) when `weighted`. Invalid
 * values make the result invalid, or are left out when `skip`.
 */
export function windowTotal(x: Float64Array, lo: number, hi: number, per: number, skip: boolean, weighted = false): number {
  const N = hi - lo + 1;
  const cap = capFor(weighted ? (N * (N + 1)) / 2 : N);
  let P = 1;
  for (let j = lo; j <= hi; j++) {
    const v = x[j]!;
    if (v !== v) {
      if (!skip) return NaN;
      continue;
    }
    if (Number.isNaN(scaledOrNaN(v, P, cap))) P = scaleFrom(v, P, cap) || P;
  }
  let t = 0;
  let rest = 0;
  // 1 once a value went to the double sum
  let odd = 0;
  for (let j = lo; j <= hi; j++) {
    const w = weighted ? j - lo + 1 : 1;
    const v = x[j]!;
    const q = scaledOrNaN(v, P, cap);
    if (q === q) t += w * q;
    else if (v === v) {
      rest += w * v;
      odd = 1;
    }
  }
  return odd === 0 ? t / (P * per) : (t / P + rest) / per;
}

/**
 * WMA(X,N) in one pass when every value from the first valid bar f on is
 * decimal at one scale P (the finest they need) and |v·P| stays within the
 * cap of N(N+1)/2 weights: with q = v·P, the weighted total W and the plain
 * total S of each window are exact integers, rolled as W += N·q − S and
 * S += q − q(leaving), and each result is W / (P·N(N+1)/2), correctly
 * rounded. Equal to windowTotal's value on every window (a value reads as
 * the same rational at any scale, and no value is near the cap at any
 * scale up to P), so reading the whole series first looks ahead at nothing.
 * Returns false, having written nothing, otherwise (an invalid or
 * non-decimal value, a huge one): the caller then takes the windows one by one.
 */
export function weightedWindows(out: Float64Array, x: Float64Array, f: number, N: number): boolean {
  const n = out.length;
  const weights = (N * (N + 1)) / 2;
  const cap = capFor(weights);
  let P = 1;
  let top = 0;
  for (let i = f; i < n; i++) {
    const v = x[i]!;
    if (Number.isNaN(scaledOrNaN(v, P, cap))) P = scaleFrom(v, P, cap);
    if (P === 0) return false;
    top = Math.max(top, Math.abs(v));
  }
  if (!(top * P <= cap)) return false;
  const D = P * weights;
  out.fill(NaN, 0, f);
  let W = 0;
  let S = 0;
  for (let i = f; i < n; i++) {
    const q = x[i]! * P + MAGIC - MAGIC;
    W += N * q - S;
    S += q - (i - N >= f ? x[i - N]! * P + MAGIC - MAGIC : 0);
    out[i] = i >= f + N - 1 ? W / D : NaN;
  }
  return true;
}

/**
 * The mean of the valid values x[lo..hi] that seeds a recursive average
 * (EXPMEMA): when every value is decimal at the finest scale (and within the
 * cap of hi − lo + 1 values there), the correctly rounded exact mean
 * Σq / (FINEST·N), equal to MA's on the same window; otherwise the double
 * sum in bar order over N. The fused loop's step (recurrences.ts
 * EXPMEMA_STEP) makes the same two sums bar by bar from SEED_DECIMAL's
 * constants, so the two give the same bits.
 */
export function seedMean(x: Float64Array, lo: number, hi: number): number {
  const N = hi - lo + 1;
  const cap = capFor(N);
  let t = 0;
  let u = 0;
  let odd = 0;
  for (let j = lo; j <= hi; j++) {
    const v = x[j]!;
    t += v;
    const q = scaledOrNaN(v, FINEST, cap);
    if (q === q) u += q;
    else odd = 1;
  }
  return odd === 0 ? u / (FINEST * N) : t / N;
}

/** The constants of seedMean's decimal test, for code that repeats it step by step: r = v·scale rounded with magic, within tol + |r|·rel and Math.min(top, limit / N). */
export const SEED_DECIMAL = { scale: FINEST, magic: MAGIC, tol: ABS * FINEST, rel: REL, top: 2 ** 46, limit: LIMIT } as const;
