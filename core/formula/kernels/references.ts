/**
 * References to other bars: REF, REFV, REFX, REFXV, CONST, VALUEWHEN, REFDATE.
 *
 * REF with a constant lag leaves the first N bars invalid (core/formula/LANGUAGE.md
 * recommends this; HQChart fills them with the first value, which makes
 * `C=REF(C,1)` true on bar 0). REF with a per-bar lag follows TDX's help: when
 * the referenced bar does not exist, the previous bar's result is reused.
 * Lags are truncated to integers (CR's `REF(MA(CR,62),62/2.5+1)` uses 25).
 * A negative lag looks forward.
 *
 * X has one value per bar, as `out`. Reading a typed array outside its bars (or at NaN)
 * gives `undefined`, which a typed array stores as NaN: the kernels lean on that
 * instead of checking bounds.
 */
import type { Operand } from "./operand.ts";

/** `out[i] = x[i - k]` for a lag of k bars (invalid outside X), or the last value past the end with `fillTail`. */
function shift(out: Float64Array, x: Float64Array, k: number, fillTail: boolean): void {
  const n = out.length;
  if (k !== k) {
    out.fill(NaN);
    return;
  }
  const m = Math.min(Math.abs(k), n);
  if (k >= 0) {
    out.fill(NaN, 0, m);
    out.set(x.subarray(0, n - m), m);
  } else {
    out.set(x.subarray(m), 0);
    out.fill(fillTail ? x[n - 1]! : NaN, n - m);
  }
}

/** REF(X,N). */
export function ref(out: Float64Array, x: Float64Array, lag: Operand): void {
  if (typeof lag === "number") {
    shift(out, x, Math.trunc(lag), false);
    return;
  }
  for (let i = 0; i < out.length; i++) {
    const l = lag[i]!;
    // a missing bar reuses the previous result (bar 0 reads out[-1]: none, NaN); an invalid lag is NaN
    out[i] = l !== l ? NaN : (x[i - Math.trunc(l)] ?? out[i - 1]!);
  }
}

/** REFV(X,N): like REF but a missing bar is invalid, never smoothed. */
export function refv(out: Float64Array, x: Float64Array, lag: Operand): void {
  if (typeof lag === "number") {
    shift(out, x, Math.trunc(lag), false);
    return;
  }
  // an invalid lag or a bar outside X reads undefined: NaN
  for (let i = 0; i < out.length; i++) out[i] = x[i - Math.trunc(lag[i]!)]!;
}

/**
 * REFX(X,N): N bars later. Past the end REFX repeats X's last value and REFXV
 * is invalid (the split HQChart measures; TDX help texts disagree).
 */
export function refx(out: Float64Array, x: Float64Array, lead: Operand, fillTail: boolean): void {
  if (typeof lead === "number") {
    shift(out, x, -Math.trunc(lead), fillTail);
    return;
  }
  const n = out.length;
  for (let i = 0; i < n; i++) {
    const j = i + Math.trunc(lead[i]!);
    // an invalid lead (j is NaN) or a bar before X reads undefined: NaN
    out[i] = fillTail && j >= n ? x[n - 1]! : x[j]!;
  }
}

/** CONST(X): the last bar's value on every bar. */
export function constLast(out: Float64Array, x: Float64Array): void {
  out.fill(x[out.length - 1]!);
}

/** VALUEWHEN(COND,X): X where COND holds, else the previous result; invalid before the first COND. */
export function valueWhen(out: Float64Array, cond: Float64Array, x: Float64Array): void {
  let held = NaN;
  for (let i = 0; i < out.length; i++) {
    const c = cond[i]!;
    if (c !== 0 && c === c) held = x[i]!;
    out[i] = held;
  }
}

/**
 * REFDATE(X,D): X on the bar whose DATE equals D (TDX's 1YYMMDD form), the
 * last such bar for intraday data; invalid if there is none.
 */
export function refDate(out: Float64Array, x: Float64Array, d: Operand, dates: Float64Array): void {
  const index = new Map<number, number>();
  dates.forEach((date, i) => index.set(date, i));
  // no such date: index -1, read as undefined, NaN
  for (let i = 0; i < out.length; i++) out[i] = x[index.get(typeof d === "number" ? d : d[i]!) ?? -1]!;
}
