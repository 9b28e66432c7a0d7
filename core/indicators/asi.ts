/**
 * ASI: the swing index in one pass, then the engine's SUM and MA kernels. It
 * computes exactly what the formula engine makes of TDX's text (the plugin's
 * test compares them):
 *
 *   LC:=REF(CLOSE,1); AA:=ABS(HIGH-LC); BB:=ABS(LOW-LC);
 *   CC:=ABS(HIGH-REF(LOW,1)); DD:=ABS(LC-REF(OPEN,1));
 *   R:=IF(AA>BB AND AA>CC,AA+BB/2+DD/4,IF(BB>CC AND BB>AA,BB+AA/2+DD/4,CC+DD/4));
 *   X:=(CLOSE-LC+(CLOSE-OPEN)/2+LC-REF(OPEN,1));
 *   SI:=16*X/R*MAX(AA,BB);
 *   ASI:SUM(SI,M1); ASIT:MA(ASI,M2);
 *
 * The three candidate ranges are computed and one is picked through a small
 * buffer, as the engine's IF does (comparisons of price swings are
 * unpredictable branches), range by range (see ranges.ts). SI has no value
 * on bar 0 and where R is 0; the SUM kernel applies the gap rules. An invalid
 * price would need the engine's rules for invalid comparisons: the kernel
 * then returns null.
 */
import { ma, doubles, RANGE, sum } from "../formula/kernels/index.ts";
import { type Allocate, freshColumn } from "./column-arena.ts";
import { scratch } from "./scratch.ts";

export function asiKernel(open: Float64Array, high: Float64Array, low: Float64Array, close: Float64Array, M1: number, M2: number, allocate: Allocate = freshColumn): Float64Array[] | null {
  const n = close.length;
  const si = scratch(0, n);
  // the sum of x − x over the prices, 0 unless one is invalid, from range to range
  let bad = 0;
  for (let from = 0; from < n; from += RANGE) bad = swings(bad, from, Math.min(n, from + RANGE), open, high, low, close, si);
  if (bad !== 0) return null;
  const asi = allocate(n);
  const average = allocate(n);
  sum(asi, si, M1);
  ma(average, asi, M2);
  return [asi, average];
}

/** SI on bars `[from, to)`; returns `bad` plus the range's x − x terms. */
function swings(bad: number, from: number, to: number, open: Float64Array, high: Float64Array, low: Float64Array, close: Float64Array, si: Float64Array): number {
  const ranges = doubles(3, 0);
  const larger = doubles(2, 0);
  // 16·X/R, or no value where R is 0, picked like the rest: a NaN chosen in a branch made every other SI a new heap
  // number (160 KB on 10,000 bars)
  const ratio = doubles(2, 0);
  ratio[1] = 0 / 0;
  const nan = 0 / 0;
  let i = from;
  if (i === 0 && i < to) {
    bad += high[0]! - high[0]! + (low[0]! - low[0]!) + (open[0]! - open[0]!) + (close[0]! - close[0]!);
    si[0] = nan;
    i = 1;
  }
  // the previous bar's close, open and low, carried from bar to bar
  let lc = close[i - 1]!;
  let lo = open[i - 1]!;
  let ll = low[i - 1]!;
  for (; i < to; i++) {
    const h = high[i]!;
    const l = low[i]!;
    const o = open[i]!;
    const c = close[i]!;
    bad += h - h + (l - l) + (o - o) + (c - c);
    const aa = Math.abs(h - lc);
    const bb = Math.abs(l - lc);
    const cc = Math.abs(h - ll);
    const dd = Math.abs(lc - lo);
    ranges[0] = aa + bb / 2 + dd / 4;
    ranges[1] = bb + aa / 2 + dd / 4;
    ranges[2] = cc + dd / 4;
    const first = (+(aa > bb) & +(aa > cc)) ^ 1;
    const second = (+(bb > cc) & +(bb > aa)) ^ 1;
    const r = ranges[first * (1 + second)]!;
    const x = c - lc + (c - o) / 2 + lc - lo;
    larger[0] = bb;
    larger[1] = aa;
    const scale = larger[+(aa > bb)]!;
    ratio[0] = (16 * x) / r;
    si[i] = ratio[+(r === 0)]! * scale;
    lc = c;
    lo = o;
    ll = l;
  }
  return bad;
}
