/**
 * References to other bars: REF, REFV, REFX, REFXV, CONST, VALUEWHEN, REFDATE.
 *
 * REF with a constant lag leaves the first N bars invalid (core/formula/LANGUAGE.md
 * recommends this; HQChart fills them with the first value, which makes
 * `C=REF(C,1)` true on bar 0). REF with a per-bar lag follows TDX's help: when
 * the referenced bar does not exist, the previous bar's result is reused.
 * Lags are truncated to integers (CR's `REF(MA(CR,62),62/2.5+1)` uses 25).
 * A negative lag looks forward.
 */
import type { Operand } from "./operand.ts";

function shift(out: Float64Array, x: Float64Array, k: number, fillTail: boolean): void {
  const n = out.length;
  if (k >= 0) {
    const m = Math.min(k, n);
    out.fill(NaN, 0, m);
    if (m < n) out.set(x.subarray(0, n - m), m);
  } else {
    const m = Math.min(-k, n);
    if (m < n) out.set(x.subarray(m), 0);
    out.fill(fillTail && n > 0 ? x[n - 1]! : NaN, n - m, n);
  }
}

/** REF(X,N). */
export function ref(out: Float64Array, x: Float64Array, lag: Operand): void {
  if (typeof lag === "number") {
    if (lag !== lag) out.fill(NaN);
    else shift(out, x, Math.trunc(lag), false);
    return;
  }
  const n = out.length;
  for (let i = 0; i < n; i++) {
    const l = lag[i]!;
    if (l !== l) {
      out[i] = NaN;
      continue;
    }
    const j = i - Math.trunc(l);
    out[i] = j >= 0 && j < n ? x[j]! : i > 0 ? out[i - 1]! : NaN;
  }
}

/** REFV(X,N): like REF but a missing bar is invalid, never smoothed. */
export function refv(out: Float64Array, x: Float64Array, lag: Operand): void {
  if (typeof lag === "number") {
    if (lag !== lag) out.fill(NaN);
    else shift(out, x, Math.trunc(lag), false);
    return;
  }
  const n = out.length;
  for (let i = 0; i < n; i++) {
    const l = lag[i]!;
    const j = i - Math.trunc(l);
    out[i] = l === l && j >= 0 && j < n ? x[j]! : NaN;
  }
}

/**
 * REFX(X,N): N bars later. Past the end REFX repeats X's last value and REFXV
 * is invalid (the split HQChart measures; TDX help texts disagree).
 */
export function refx(out: Float64Array, x: Float64Array, lead: Operand, fillTail: boolean): void {
  if (typeof lead === "number") {
    if (lead !== lead) out.fill(NaN);
    else shift(out, x, -Math.trunc(lead), fillTail);
    return;
  }
  const n = out.length;
  const last = n > 0 ? x[n - 1]! : NaN;
  for (let i = 0; i < n; i++) {
    const l = lead[i]!;
    const j = i + Math.trunc(l);
    out[i] = l !== l ? NaN : j >= 0 && j < n ? x[j]! : fillTail && j >= n ? last : NaN;
  }
}

/** CONST(X): the last bar's value on every bar. */
export function constLast(out: Float64Array, x: Float64Array): void {
  out.fill(out.length > 0 ? x[out.length - 1]! : NaN);
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
  for (let i = 0; i < dates.length; i++) index.set(dates[i]!, i);
  const n = out.length;
  for (let i = 0; i < n; i++) {
    const j = index.get(typeof d === "number" ? d : d[i]!);
    out[i] = j === undefined ? NaN : x[j]!;
  }
}
