/**
 * Crossing and signal shaping (core/formula/LANGUAGE.md §3.4). These are event
 * detectors: they output 1 when the event happens and 0 otherwise, including
 * when inputs are missing (a cross cannot be seen without both bars), as
 * HQChart does. Conditions read an invalid bar as false.
 */
import type { Operand } from "./operand.ts";

function truthy(v: number): boolean {
  return v !== 0 && v === v;
}

/**
 * CROSS(A,B): A was below B on the previous bar and is above it now. Equality
 * on the previous bar is not a cross (strict, as HQChart and hikyuu; MyTT
 * differs).
 */
export function cross(out: Float64Array, a: Float64Array, b: Float64Array): void {
  const n = out.length;
  if (n > 0) out[0] = 0;
  for (let i = 1; i < n; i++) out[i] = a[i - 1]! < b[i - 1]! && a[i]! > b[i]! ? 1 : 0;
}

/** LONGCROSS(A,B,N): A stayed below B on each of the N previous bars and is above it now. */
export function longCross(out: Float64Array, a: Float64Array, b: Float64Array, len: Operand): void {
  let below = 0; // run of bars with A < B ending on the previous bar
  for (let i = 0; i < out.length; i++) {
    const k = Math.trunc(typeof len === "number" ? len : len[i]!);
    out[i] = i > 0 && a[i]! > b[i]! && below >= k && k >= 1 ? 1 : 0;
    below = a[i]! < b[i]! ? below + 1 : 0;
  }
}

/**
 * FILTER(X,N): scanning forward, a bar where X holds gives 1 and silences the
 * next N bars; silenced bars cannot restart the timer.
 */
export function filter(out: Float64Array, x: Float64Array, len: Operand): void {
  let quietUntil = -1;
  for (let i = 0; i < out.length; i++) {
    if (i > quietUntil && truthy(x[i]!)) {
      out[i] = 1;
      const k = Math.trunc(typeof len === "number" ? len : len[i]!);
      quietUntil = k === k ? i + k : i;
    } else out[i] = 0;
  }
}

/** FILTERX(X,N): FILTER run backwards (a bar where X holds silences the N bars before it). A future function. */
export function filterX(out: Float64Array, x: Float64Array, len: Operand): void {
  let quietFrom = out.length;
  for (let i = out.length - 1; i >= 0; i--) {
    if (i < quietFrom && truthy(x[i]!)) {
      out[i] = 1;
      const k = Math.trunc(typeof len === "number" ? len : len[i]!);
      quietFrom = k === k ? i - k : i;
    } else out[i] = 0;
  }
}

/**
 * BACKSET(X,N): where X holds on bar t, bars t−N+1 … t become 1. It rewrites
 * the past, so it is a future function. One right-to-left sweep, O(n) even
 * for `BACKSET(ISLASTBAR, BARSLAST(C)+1)`-style whole-history spans.
 */
export function backset(out: Float64Array, x: Float64Array, len: Operand): void {
  let reach = Infinity;
  for (let i = out.length - 1; i >= 0; i--) {
    if (truthy(x[i]!)) {
      const k = Math.trunc(typeof len === "number" ? len : len[i]!);
      if (k >= 1) reach = Math.min(reach, i - k + 1);
    }
    out[i] = i >= reach ? 1 : 0;
  }
}
