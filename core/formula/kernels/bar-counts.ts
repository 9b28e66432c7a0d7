/**
 * Functions that answer "how many bars": BARSLAST, BARSLASTCOUNT, BARSSINCE,
 * BARSSINCEN, BARSCOUNT, SUMBARS, TOPRANGE/LOWRANGE and HOD/LOD. Conditions
 * treat an invalid bar as false. All run in O(n) or O(n log n) where a naive
 * scan would be quadratic on long histories.
 */
import { firstValid, type Operand } from "./operand.ts";

function truthy(v: number): boolean {
  return v !== 0 && v === v;
}

/** BARSLAST(X): bars since X last held (0 on that bar); invalid before the first time (HQChart; MyTT counts up). */
export function barsLast(out: Float64Array, x: Float64Array): void {
  let lastTrue = -1;
  for (let i = 0; i < out.length; i++) {
    if (truthy(x[i]!)) lastTrue = i;
    out[i] = lastTrue < 0 ? NaN : i - lastTrue;
  }
}

/** BARSLASTCOUNT(X): length of the current run of bars where X holds. */
export function barsLastCount(out: Float64Array, x: Float64Array): void {
  let run = 0;
  for (let i = 0; i < out.length; i++) {
    run = truthy(x[i]!) ? run + 1 : 0;
    out[i] = run;
  }
}

/** BARSSINCE(X): bars since X first held (0 on that bar); invalid before it. */
export function barsSince(out: Float64Array, x: Float64Array): void {
  let first = -1;
  for (let i = 0; i < out.length; i++) {
    if (first < 0 && truthy(x[i]!)) first = i;
    out[i] = first < 0 ? NaN : i - first;
  }
}

/** BARSSINCEN(X,N): bars since the first bar within the last N where X held; invalid if none. */
export function barsSinceN(out: Float64Array, x: Float64Array, len: Operand): void {
  const n = out.length;
  const nextTrue = new Int32Array(n + 1);
  nextTrue[n] = n;
  for (let j = n - 1; j >= 0; j--) nextTrue[j] = truthy(x[j]!) ? j : nextTrue[j + 1]!;
  for (let i = 0; i < n; i++) {
    const k = Math.trunc(typeof len === "number" ? len : len[i]!);
    // an invalid N reads nextTrue[NaN] and a negative one starts after bar i: no bar, NaN
    const t = nextTrue[k === 0 ? 0 : Math.max(0, i - k + 1)]!;
    out[i] = t <= i ? i - t : NaN;
  }
}

/** BARSCOUNT(X): bars since X's first valid value, 0 there (the help's own example; hikyuu is 1-based). */
export function barsCount(out: Float64Array, x: Float64Array): void {
  const f = firstValid(x);
  for (let i = 0; i < out.length; i++) out[i] = i < f ? NaN : i - f;
}

/**
 * SUMBARS(X,A): how many bars, counting back from the current one, it takes
 * for X's sum to reach A (1 when the current bar alone does, per TDX's help);
 * invalid when the whole history falls short. Invalid X counts as 0.
 */
export function sumBars(out: Float64Array, x: Float64Array, target: Operand): void {
  const n = out.length;
  const prefix = new Float64Array(n + 1);
  let monotone = true;
  for (let i = 0; i < n; i++) {
    const v = x[i]!;
    const w = v === v ? v : 0;
    if (w < 0) monotone = false;
    prefix[i + 1] = prefix[i]! + w;
  }
  for (let i = 0; i < n; i++) {
    const a = typeof target === "number" ? target : target[i]!;
    const end = prefix[i + 1]!;
    if (a !== a || (monotone && end < a)) {
      out[i] = NaN;
      continue;
    }
    if (monotone) {
      // largest j with prefix[i+1] - prefix[j] >= a, by binary search on a non-decreasing prefix
      let lo = 0;
      let hi = i;
      while (lo < hi) {
        const mid = (lo + hi + 1) >> 1;
        if (end - prefix[mid]! >= a) lo = mid;
        else hi = mid - 1;
      }
      out[i] = i - lo + 1;
      continue;
    }
    // at j = -1 prefix[j] is undefined, the difference NaN, and the scan stops there
    let j = i;
    while (end - prefix[j]! < a) j--;
    out[i] = j < 0 ? NaN : i - j + 1;
  }
}

/**
 * TOPRANGE(X) / LOWRANGE(X): for how many bars before this one X has stayed at
 * or below (above) its current value. A monotonic stack finds the nearest
 * earlier bar that breaks the run in O(n); an invalid bar ends a run.
 */
function range(out: Float64Array, x: Float64Array, sign: number): void {
  const n = out.length;
  const stack = new Int32Array(n);
  let top = 0;
  for (let i = 0; i < n; i++) {
    const v = x[i]!;
    if (v !== v) {
      out[i] = NaN;
      top = 0;
      stack[top++] = i;
      continue;
    }
    while (top > 0) {
      const w = x[stack[top - 1]!]!;
      if (w !== w || sign * w > sign * v) break;
      top--;
    }
    out[i] = top === 0 ? i : i - stack[top - 1]! - 1;
    stack[top++] = i;
  }
}

export const topRange = (out: Float64Array, x: Float64Array) => range(out, x, 1);
export const lowRange = (out: Float64Array, x: Float64Array) => range(out, x, -1);

/** Fenwick tree over value ranks, for HOD/LOD since the first bar. */
function rankSinceStart(out: Float64Array, x: Float64Array, sign: number): void {
  const n = out.length;
  // X in ascending order (a typed array sorts NaN last, and invalid bars are never ranked); a
  // value's rank is its first copy's position, so equal values share a rank and a larger value
  // ranks after every copy of a smaller one
  const sorted = x.slice().sort();
  const tree = new Int32Array(sorted.length + 1);
  let seen = 0;
  const rankOf = (v: number) => {
    let lo = 0;
    let hi = sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (sorted[mid]! < v) lo = mid + 1;
      else hi = mid;
    }
    return lo + 1;
  };
  for (let i = 0; i < n; i++) {
    const v = x[i]!;
    if (v !== v) {
      out[i] = NaN;
      continue;
    }
    const r = rankOf(v);
    let notAbove = 0; // earlier values <= v
    for (let k = r; k > 0; k -= k & -k) notAbove += tree[k]!;
    let below = 0; // earlier values < v
    for (let k = r - 1; k > 0; k -= k & -k) below += tree[k]!;
    out[i] = 1 + (sign === 1 ? seen - notAbove : below);
    for (let k = r; k <= sorted.length; k += k & -k) tree[k]!++;
    seen++;
  }
}

/**
 * HOD(X,N) / LOD(X,N): rank of the current value among the last N bars
 * (1 = highest / lowest; equal values share the better rank). N = 0 ranks
 * against every earlier bar.
 */
function rank(out: Float64Array, x: Float64Array, len: Operand, sign: number): void {
  if (typeof len === "number" && Math.trunc(len) === 0) {
    rankSinceStart(out, x, sign);
    return;
  }
  for (let i = 0; i < out.length; i++) {
    const v = x[i]!;
    const k = Math.trunc(typeof len === "number" ? len : len[i]!);
    if (v !== v || k !== k || k < 0) {
      out[i] = NaN;
      continue;
    }
    let r = 1;
    for (let j = k === 0 ? 0 : Math.max(0, i - k + 1); j < i; j++) if (sign * x[j]! > sign * v) r++;
    out[i] = r;
  }
}

export const hod = (out: Float64Array, x: Float64Array, len: Operand) => rank(out, x, len, 1);
export const lod = (out: Float64Array, x: Float64Array, len: Operand) => rank(out, x, len, -1);
