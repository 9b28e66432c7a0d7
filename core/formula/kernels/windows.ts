/**
 * Window aggregates (core/formula/LANGUAGE.md §3.3).
 *
 * HHV, LLV, HHVBARS, LLVBARS and SUM use partial windows from X's first valid
 * bar, as TDX does on a newly listed stock (and HQChart, hikyuu); invalid
 * values inside a window are skipped. N = 0 means "since the first valid bar".
 * COUNT, EXIST and EVERY read X as a condition: invalid counts as false and
 * the result exists from bar 0 (EVERY is 0 until N bars exist).
 */
import { doubles } from "./doubles.ts";
import { firstValid, type Operand } from "./operand.ts";
import { exactWindows, windowTotal } from "./exact-sums.ts";
import { perBarWindow } from "./per-bar-window.ts";
import { RANGE } from "./ranges.ts";

/**
 * Sliding extreme. Values over windows of 2–32 bars by doubling (windows of
 * 2, 4, 8 … picked without a branch, see doubled); longer ones through van
 * Herk/Gil-Werman blocks up to the first invalid bar; positions (the *BARS
 * variants) by rescanning up to N = 32 and through a monotonic deque over a
 * ring buffer beyond (O(n) for any N); a window of one bar, and any range the
 * doubling hands back, by rescanning. Measured on 24 random walks of 10,000
 * bars taken in turn (one series repeated lets the branch predictor learn it,
 * which flattered the branching loops by half), HHV of windows of 6–12 bars
 * took 45–52 µs doubled against 76–80 rescanned, 62–66 against 97 at 16–26,
 * and 77–80 against 81–117 at 34–60, where the blocks stay. `sign` 1 keeps
 * maxima, −1 minima; ties keep the most recent bar, so the *BARS variants
 * count to the latest high/low (HQChart and MyTT agree).
 */
function slidingExtreme(out: Float64Array, x: Float64Array, len: number, sign: number, bars: boolean): void {
  const n = out.length;
  const f = firstValid(x);
  out.fill(NaN, 0, f);
  if (len <= 0) {
    // bar f is valid, so there is always an extreme; an invalid value never compares as one
    let best = f;
    for (let i = f; i < n; i++) {
      if (sign * x[best]! <= sign * x[i]!) best = i;
      out[i] = bars ? i - best : x[best]!;
    }
    return;
  }
  // a window longer than the series covers the same bars as one as long; an integer N is a cheaper index
  const N = Math.max(1, Math.min(len, n)) | 0;
  if (bars ? N <= 32 : N === 1) {
    rescanExtreme(out, x, f, N, sign, bars);
    return;
  }
  if (N <= 32) {
    doubledExtreme(out, x, f, N, sign);
    return;
  }
  if (!bars) {
    // from the first invalid bar on (from the end: nothing)
    rescanWithGaps(out, x, blockExtreme(out, x, f, N, sign), N, sign, false);
    return;
  }
  // a window holds at most N positions; one slot more tells a full ring from an empty one
  const cap = N + 1;
  const dq = new Int32Array(cap);
  let head = 0;
  let tail = 0;
  for (let i = f; i < n; i++) {
    while (head !== tail && dq[head]! <= i - N) head = head + 1 === cap ? 0 : head + 1;
    const v = x[i]!;
    if (v === v) {
      const sv = sign * v;
      while (head !== tail) {
        const back = tail === 0 ? cap - 1 : tail - 1;
        if (sign * x[dq[back]!]! > sv) break;
        tail = back;
      }
      dq[tail] = i;
      tail = tail + 1 === cap ? 0 : tail + 1;
    }
    // positions only: values took the blocks above
    if (head === tail) out[i] = NaN;
    else out[i] = i - dq[head]!;
  }
}

/**
 * The extreme value (not its position) over `[max(f, i−N+1), i]` from bar
 * `f` up to the first invalid value past bar f + N − 1, whose index it
 * returns (the length when there is none): van Herk and Gil-Werman's blocks.
 * Cut the bars into blocks of N from `f`; a window then spans the tail of one
 * block and the head of the next, so its extreme is that of the previous
 * block's suffix extreme and the current block's prefix extreme, three
 * comparisons per bar whatever N. The first window's comparisons pick through
 * a two-slot buffer instead of a branch, which on market data mispredicts
 * every few bars, and the blocks' through `Math.max` (see blocks); the
 * minimum is the maximum of the negated values (negation is exact). Ties keep
 * the later bar, as the rescan does.
 */
function blockExtreme(out: Float64Array, x: Float64Array, f: number, N: number, sign: number): number {
  const end = x.length;
  const pick = doubles(2, 0);
  const suffix = doubles(N, 0);
  let h = -Infinity;
  const first = Math.min(end, f + N);
  // the first N bars from f (windows cut at f, each holding bar f): an invalid value is skipped, as NaN ≥ h is false
  for (let i = f; i < first; i++) {
    const w = sign * x[i]!;
    pick[0] = h;
    pick[1] = w;
    h = pick[+(w >= h)]!;
    out[i] = sign * h;
  }
  // whole blocks, about RANGE bars per call (see ranges.ts)
  const step = N * Math.max(1, Math.floor(RANGE / N));
  for (let b = first; b < end; b += step) {
    const stop = blocks(out, x, b, Math.min(end, b + step), N, sign, suffix);
    if (stop >= 0) return stop;
  }
  return end;
}

/**
 * The blocks starting in `[from, to)`; returns the first invalid bar, or −1.
 * `Math.max` picks (no branch to mispredict); it does not order +0 and −0 as
 * the rule does (the later of equal values), so a zero extreme is read again
 * from the window (latestZero). Only the first block's suffix may hold an
 * invalid value (blockExtreme's first window skips them): it is skipped.
 */
function blocks(out: Float64Array, x: Float64Array, from: number, to: number, N: number, sign: number, suffix: number[]): number {
  const end = x.length;
  for (let b = from; b < to; b += N) {
    let m = -Infinity;
    // suffix[0] would be the whole block, which no window ending in the next block covers
    for (let k = N - 1; k >= 1; k--) {
      const w = sign * x[b - N + k]!;
      if (w === w) m = Math.max(m, w);
      suffix[k] = m;
    }
    let h = -Infinity;
    const e = Math.min(end, b + N);
    for (let i = b, k = 1; i < e; i++, k++) {
      const w = sign * x[i]!;
      if (w !== w) return i;
      h = Math.max(h, w);
      const v = k < N ? Math.max(suffix[k]!, h) : h;
      out[i] = v === 0 ? latestZero(x, i, N) : sign * v;
    }
  }
  return -1;
}

/** The latest zero (+0 or −0) of the window of N bars ending at i, which holds one: a zero extreme as the rule picks it. */
function latestZero(x: Float64Array, i: number, N: number): number {
  for (let j = i; j > i - N; j--) if (x[j] === 0) return x[j]!;
  return 0;
}

/**
 * Values over windows of 2–32 bars: the windows cut at f by rescanning, then
 * ranges of full windows by doubling, each range the doubling cannot vouch
 * for written again by the rescan (from the extreme of the window before it).
 */
function doubledExtreme(out: Float64Array, x: Float64Array, f: number, N: number, sign: number): void {
  const n = out.length;
  if (f >= n) return;
  const head = Math.min(n, f + N - 1);
  const best = sign === 1 ? rescanMax(out, x, f, head, N, f, false) : rescanMin(out, x, f, head, N, f, false);
  if (best < 0) {
    rescanWithGaps(out, x, -1 - best, N, sign, false);
    return;
  }
  for (let from = head; from < n; from += RANGE) {
    const to = Math.min(n, from + RANGE);
    if (doubled(out, x, from, to, N, sign)) continue;
    const last = latestExtreme(x, Math.max(f, from - N), from, sign);
    const at = sign === 1 ? rescanMax(out, x, from, to, N, last, false) : rescanMin(out, x, from, to, N, last, false);
    if (at < 0) {
      rescanWithGaps(out, x, -1 - at, N, sign, false);
      return;
    }
  }
}

/** The latest bar of [lo, hi) holding its extreme (valid values only: a range the doubling or the rescan has taken). */
function latestExtreme(x: Float64Array, lo: number, hi: number, sign: number): number {
  let best = lo;
  for (let j = lo + 1; j < hi; j++) if (sign * x[j]! >= sign * x[best]!) best = j;
  return best;
}

/** doubled's working column: a range of bars and the N − 1 (up to 31) before it. */
const doubling = doubles(RANGE + 32, 0);

/**
 * Bars [from, to), each window of N (2–32) bars lying after X's first valid
 * bar, of sign·X (a minimum is the maximum of the negated values; negation
 * is exact, and one loop for both cost 3 % more than two written out): the
 * maximum of windows of 2 and 4 bars in one pass (M4(j) is the pick
 * of M2(j) and M2(j − 2)), doubled in place (M2k(j) of Mk(j) and Mk(j − k))
 * while 2k ≤ N, and the window of N is the pick of M_k(i) and M_k(i − (N − k)).
 * A pick is a·c + b·(1 − c) with c = +(a ≥ b), a the later value: select.ts's
 * pick without its fallback (a branch there mispredicts about every other
 * bar on market data). For finite values it is exact except that a chosen zero may
 * take the other's sign; an infinity not chosen gives NaN (∞·0), and so does
 * NaN, which every later pick carries to an output. So an output that is
 * neither NaN nor zero is the window's extreme exactly, and the range stands
 * only if every output is such (|o| > 0); otherwise it returns false and the
 * caller's rescan writes it again.
 */
function doubled(out: Float64Array, x: Float64Array, from: number, to: number, N: number, sign: number): boolean {
  const s = doubling;
  const base = from - N + 1;
  const len = to - base;
  let b = sign * x[base]!;
  s[0] = b;
  // M2 at j − 1 and j − 2 (from N = 4 on; their first values are never read as whole windows)
  let m1 = b;
  let m2 = b;
  const four = N >= 4;
  for (let j = 1; j < len; j++) {
    const a = sign * x[base + j]!;
    const c = +(a >= b);
    const m = a * c + b * (1 - c);
    const e = +(m >= m2);
    s[j] = four ? m * e + m2 * (1 - e) : m;
    m2 = m1;
    m1 = m;
    b = a;
  }
  let k = four ? 4 : 2;
  for (; 2 * k <= N; k *= 2) {
    for (let j = len - 1; j >= k; j--) {
      const p = s[j]!;
      const q = s[j - k]!;
      const c = +(p >= q);
      s[j] = p * c + q * (1 - c);
    }
  }
  const d = N - k;
  let ok = 1;
  for (let i = from; i < to; i++) {
    const p = s[i - base]!;
    const q = s[i - base - d]!;
    const c = +(p >= q);
    const o = p * c + q * (1 - c);
    ok &= +(Math.abs(o) > 0);
    out[i] = sign * o;
  }
  return ok === 1;
}

/**
 * For short windows: keep the current extreme and rescan the window only when
 * it slides out. On market data that is rare enough to beat the deque's
 * bookkeeping, and the blocks', by a wide margin; the worst case is O(n·N) with N ≤ 32. The
 * fast loops assume no invalid value after the first bar and stop at one,
 * handing over to the general loop. Maximum and minimum are two written-out
 * loops because V8 does not hoist a "max or min" test out of the loop, which
 * costs half again as much.
 */
function rescanExtreme(out: Float64Array, x: Float64Array, f: number, N: number, sign: number, bars: boolean): void {
  const n = out.length;
  let best = f;
  for (let from = f; from < n && best >= 0; from += RANGE) {
    const to = Math.min(n, from + RANGE);
    best = sign === 1 ? rescanMax(out, x, from, to, N, best, bars) : rescanMin(out, x, from, to, N, best, bars);
  }
  if (best < 0) rescanWithGaps(out, x, -1 - best, N, sign, bars);
}

/**
 * Bars `[from, to)`, given the bar holding the extreme so far (see
 * ranges.ts); returns the bar holding it at `to`, or −1 − i when bar i is
 * invalid.
 */
function rescanMax(out: Float64Array, x: Float64Array, from: number, to: number, N: number, best: number, bars: boolean): number {
  let bestV = x[best]!;
  for (let i = from; i < to; i++) {
    const v = x[i]!;
    if (v !== v) return -1 - i;
    if (best <= i - N) {
      best = i - N + 1;
      bestV = x[best]!;
      for (let j = best + 1; j < i; j++) {
        const w = x[j]!;
        if (w >= bestV) {
          best = j;
          bestV = w;
        }
      }
    }
    if (v >= bestV) {
      best = i;
      bestV = v;
    }
    if (bars) out[i] = i - best;
    else out[i] = bestV;
  }
  return best;
}

function rescanMin(out: Float64Array, x: Float64Array, from: number, to: number, N: number, best: number, bars: boolean): number {
  let bestV = x[best]!;
  for (let i = from; i < to; i++) {
    const v = x[i]!;
    if (v !== v) return -1 - i;
    if (best <= i - N) {
      best = i - N + 1;
      bestV = x[best]!;
      for (let j = best + 1; j < i; j++) {
        const w = x[j]!;
        if (w <= bestV) {
          best = j;
          bestV = w;
        }
      }
    }
    if (v <= bestV) {
      best = i;
      bestV = v;
    }
    if (bars) out[i] = i - best;
    else out[i] = bestV;
  }
  return best;
}

/** The general loop from bar `from` on, skipping invalid values. */
function rescanWithGaps(out: Float64Array, x: Float64Array, from: number, N: number, sign: number, bars: boolean): void {
  const n = out.length;
  // as if the extreme had just left the window: bar `from` scans the bars of its window before it
  let best = from - N;
  let bestV = 0;
  for (let i = from; i < n; i++) {
    const v = x[i]!;
    // the extreme has left the window (or the window holds no valid bar, -1, which a rescan confirms)
    if (best <= i - N) {
      best = -1;
      for (let j = Math.max(0, i - N + 1); j < i; j++) {
        const w = x[j]!;
        if (w === w && (best < 0 || sign * w >= sign * bestV)) {
          best = j;
          bestV = w;
        }
      }
    }
    if (v === v && (best < 0 || sign * v >= sign * bestV)) {
      best = i;
      bestV = v;
    }
    out[i] = best < 0 ? NaN : bars ? i - best : bestV;
  }
}

function variableExtreme(out: Float64Array, x: Float64Array, lengths: Float64Array, sign: number, bars: boolean): void {
  perBarWindow(out, lengths, { start: firstValid(x), partial: true, zeroMeansAll: true }, (lo, hi) => {
    let best = -1;
    for (let j = lo; j <= hi; j++) {
      const v = x[j]!;
      if (v === v && (best < 0 || sign * x[best]! <= sign * v)) best = j;
    }
    return best < 0 ? NaN : bars ? hi - best : x[best]!;
  });
}

function extreme(out: Float64Array, x: Float64Array, len: Operand, sign: number, bars: boolean): void {
  if (typeof len === "number") {
    if (len !== len) out.fill(NaN);
    else slidingExtreme(out, x, Math.trunc(len), sign, bars);
  } else variableExtreme(out, x, len, sign, bars);
}

export const hhv = (out: Float64Array, x: Float64Array, len: Operand) => extreme(out, x, len, 1, false);
export const llv = (out: Float64Array, x: Float64Array, len: Operand) => extreme(out, x, len, -1, false);
export const hhvBars = (out: Float64Array, x: Float64Array, len: Operand) => extreme(out, x, len, 1, true);
export const llvBars = (out: Float64Array, x: Float64Array, len: Operand) => extreme(out, x, len, -1, true);

/**
 * SUM(X,N): partial sums from X's first valid bar; N = 0 is the running
 * total. Exact for decimal values (exact-sums.ts): a window of zeros, or of
 * decimal terms that cancel, sums to exactly 0.
 */
export function sum(out: Float64Array, x: Float64Array, len: Operand): void {
  const n = out.length;
  const f = firstValid(x);
  if (typeof len !== "number") {
    perBarWindow(out, len, { start: f, partial: true, zeroMeansAll: true }, (lo, hi) => windowTotal(x, lo, hi, 1, true));
    return;
  }
  const N = Math.trunc(len);
  if (!(N >= 0)) {
    out.fill(NaN);
    return;
  }
  out.fill(NaN, 0, f);
  exactWindows(out, x, f, N === 0 ? n + 1 : N, false, N === 0);
}

/** 1 for a true bar, 0 for false or invalid: `v === v` is false only for NaN, and `+` avoids a branch. */
function truthy(v: number): number {
  return +(v !== 0 && v === v);
}

/** Number of true bars in each window, from bar 0; N = 0 counts since bar 0. */
function rollingCount(out: Float64Array, x: Float64Array, len: Operand): void {
  if (typeof len !== "number") {
    perBarWindow(out, len, { start: 0, partial: true, zeroMeansAll: true }, (lo, hi) => {
      let c = 0;
      for (let j = lo; j <= hi; j++) c += truthy(x[j]!);
      return c;
    });
    return;
  }
  const N = Math.trunc(len);
  if (!(N >= 0)) {
    out.fill(NaN);
    return;
  }
  const n = out.length;
  const warm = N > 0 ? Math.min(n, N) : n;
  let c = 0;
  for (let i = 0; i < warm; i++) {
    c += truthy(x[i]!);
    out[i] = c;
  }
  for (let i = warm; i < n; i++) {
    c += truthy(x[i]!) - truthy(x[i - N]!);
    out[i] = c;
  }
}

/** COUNT(X,N). */
export const count = rollingCount;

/** EXIST(X,N): 1 if X held on at least one of the last N bars. */
export function exist(out: Float64Array, x: Float64Array, len: Operand): void {
  rollingCount(out, x, len);
  for (let i = 0; i < out.length; i++) {
    const c = out[i]!;
    out[i] = c > 0 ? 1 : c === c ? 0 : NaN;
  }
}

/** EVERY(X,N): 1 if X held on each of the last N bars; 0 while fewer than N bars exist. */
export function every(out: Float64Array, x: Float64Array, len: Operand): void {
  rollingCount(out, x, len);
  for (let i = 0; i < out.length; i++) {
    const c = out[i]!;
    const k = typeof len === "number" ? Math.trunc(len) : Math.trunc(len[i]!);
    const need = k === 0 ? i + 1 : k;
    out[i] = c !== c ? NaN : c >= need ? 1 : 0;
  }
}

/**
 * LAST(X,A,B): 1 if X held on every bar from A bars ago through B bars ago.
 * A = 0 means from bar 0; a range reaching before bar 0 gives 0.
 */
export function last(out: Float64Array, x: Float64Array, a: Operand, b: Operand): void {
  const n = out.length;
  const prefix = new Float64Array(n + 1);
  for (let i = 0; i < n; i++) prefix[i + 1] = prefix[i]! + truthy(x[i]!);
  for (let i = 0; i < n; i++) {
    const A = Math.trunc(typeof a === "number" ? a : a[i]!);
    const B = Math.trunc(typeof b === "number" ? b : b[i]!);
    if (A !== A || B !== B) {
      out[i] = NaN;
      continue;
    }
    const lo = A === 0 ? 0 : i - A;
    const hi = i - B;
    // a range leaving the series reads outside `prefix` (undefined): the difference is NaN, never the length
    out[i] = hi >= lo && prefix[hi + 1]! - prefix[lo]! === hi - lo + 1 ? 1 : 0;
  }
}
