/**
 * ZIG and its turning points (PEAK, TROUGH, PEAKBARS, TROUGHBARS): all future
 * functions, because the last leg is redrawn as bars arrive.
 *
 * The line starts at X's first valid bar. The first leg's direction is set by
 * the first move of N % away from that start; after that an extreme is
 * confirmed as a turning point when X moves N % back from it. Between turning
 * points the value is the straight line joining them (as HQChart draws it);
 * the last, unconfirmed extreme counts as a turning point and the line then
 * runs to the last bar. Ties keep the earlier extreme. This is a plain
 * single-pass zigzag; HQChart additionally only turns at local extremes, so
 * near-threshold moves can differ.
 */
import { firstValid } from "./operand.ts";

export interface Zigzag {
  /** Turning-point bar indices in order, then the last bar if it is not one. */
  readonly points: number[];
  /** Per point: 1 peak, −1 trough, 0 neither (the start when no leg formed, or the trailing end). */
  readonly kinds: number[];
}

export function zigzag(x: Float64Array, pct: number): Zigzag {
  const n = x.length;
  const f = firstValid(x);
  const points: number[] = [];
  const kinds: number[] = [];
  if (f >= n) return { points, kinds };
  const moved = (from: number, to: number) => Math.abs(to - from) * 100 >= pct * Math.abs(from);
  let dir = 0;
  let ext = f;
  let lastValid = f;
  points.push(f);
  kinds.push(0);
  for (let i = f + 1; i < n; i++) {
    const v = x[i]!;
    if (v !== v) continue;
    lastValid = i;
    const e = x[ext]!;
    if (dir === 0) {
      if (v !== e && moved(e, v)) {
        dir = v > e ? 1 : -1;
        kinds[0] = -dir;
        ext = i;
      }
    } else if (dir > 0 ? v > e : v < e) {
      ext = i;
    } else if (v !== e && moved(e, v)) {
      points.push(ext);
      kinds.push(dir);
      dir = -dir;
      ext = i;
    }
  }
  if (dir !== 0) {
    points.push(ext);
    kinds.push(dir);
  }
  if (points[points.length - 1]! < lastValid) {
    points.push(lastValid);
    kinds.push(0);
  }
  return { points, kinds };
}

/** ZIG(K,N) over an already selected series. */
export function zig(out: Float64Array, x: Float64Array, pct: number): void {
  const { points } = zigzag(x, pct);
  out.fill(NaN);
  if (points.length === 1) out[points[0]!] = x[points[0]!]!;
  for (let k = 1; k < points.length; k++) {
    const p = points[k - 1]!;
    const q = points[k]!;
    const a = x[p]!;
    const step = (x[q]! - a) / (q - p);
    for (let j = p; j <= q; j++) out[j] = a + step * (j - p);
  }
}

/**
 * The M-th most recent peak (`kind` 1) or trough (−1) at or before each bar:
 * its ZIG value, or with `bars` the number of bars since it. Invalid until M
 * such points exist.
 */
export function turningPoint(out: Float64Array, x: Float64Array, pct: number, m: number, kind: number, bars: boolean): void {
  const { points, kinds } = zigzag(x, pct);
  const at: number[] = [];
  for (let k = 0; k < points.length; k++) if (kinds[k] === kind) at.push(points[k]!);
  const M = Math.trunc(m);
  let seen = 0; // turning points with index <= i
  for (let i = 0; i < out.length; i++) {
    // past the last point `at` reads `undefined`, which is no bar
    while (at[seen]! <= i) seen++;
    // fewer than M points: `at` reads `undefined` before its start, so the bar count and x[idx] are NaN
    const idx = M >= 1 ? at[seen - M]! : NaN;
    out[i] = bars ? i - idx : x[idx]!;
  }
}
