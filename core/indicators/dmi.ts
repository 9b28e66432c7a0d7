/**
 * DMI in one pass with its five EXPMEMA smoothings side by side. It computes
 * exactly what the formula engine makes of TDX's text (the plugin's test
 * compares them):
 *
 *   MTR:=EXPMEMA(MAX(MAX(HIGH-LOW,ABS(HIGH-REF(CLOSE,1))),ABS(REF(CLOSE,1)-LOW)),N);
 *   HD:=HIGH-REF(HIGH,1); LD:=REF(LOW,1)-LOW;
 *   DMP:=EXPMEMA(IF(HD>0 AND HD>LD,HD,0),N);
 *   DMM:=EXPMEMA(IF(LD>0 AND LD>HD,LD,0),N);
 *   PDI:DMP*100/MTR; MDI:DMM*100/MTR;
 *   ADX:EXPMEMA(ABS(MDI-PDI)/(MDI+PDI)*100,M);
 *   ADXR:EXPMEMA(ADX,M);
 *
 * Each EXPMEMA follows averages.ts `expmema` step for step: the mean of the
 * first ⌊N⌋ consecutive valid inputs (an invalid one restarts the count),
 * taken by exact-sums.ts `seedMean` over those inputs (kept in scratch
 * columns while the smoothings fill; its result is made a number with a
 * unary plus, as V8 types a call's result as anything, and an average
 * carried round the loop from it was kept boxed: a new heap number per
 * smoothing per bar, 640 KB per call on 10,000 bars),
 * then Y = X − b·(X − Y') (the engine's expression, so an input equal to the
 * average keeps it) with no value (and no update) on an invalid input, so a
 * PDI without value (MTR of 0 on flat bars) needs no fallback. Inputs on
 * bar 0 have no previous bar. An invalid price would need the engine's rules
 * for invalid comparisons: the kernel then returns null. The loop runs range
 * by range (see ranges.ts).
 */
import { doubles, RANGE, seedMean } from "../formula/kernels/index.ts";
import { type Allocate, freshColumn } from "./column-arena.ts";
import { scratch } from "./scratch.ts";

// the running state, from range to range: per smoothing the consecutive valid inputs counted (up to
// the window) and the average (MTR, DMP and DMM read valid inputs from bar 1 on, so they share the
// count); then the sum of x − x over the prices, 0 unless one is invalid
const RT = 0,
  YT = 1,
  YP = 2,
  YM = 3;
const RA = 4,
  YA = 5,
  RR = 6,
  YR = 7,
  BAD = 8,
  STATE = 9;

export function dmiKernel(high: Float64Array, low: Float64Array, close: Float64Array, N: number, M: number, allocate: Allocate = freshColumn): Float64Array[] | null {
  const n = close.length;
  const pdi = allocate(n);
  const mdi = allocate(n);
  const adx = allocate(n);
  const adxr = allocate(n);
  const wn = Math.trunc(N);
  const wm = Math.trunc(M);
  if (!(wn >= 1 && wm >= 1)) return null;
  const state = doubles(STATE, NaN);
  state[RT] = state[RA] = state[RR] = state[BAD] = 0;
  // the inputs of the first N (M) bars of each smoothing, for its seed
  const seeds = [scratch(0, n), scratch(1, n), scratch(2, n), scratch(3, n)];
  for (let from = 0; from < n; from += RANGE) {
    smooth(state, from, Math.min(n, from + RANGE), high, low, close, wn, wm, pdi, mdi, adx, adxr, seeds);
  }
  return state[BAD] === 0 ? [pdi, mdi, adx, adxr] : null;
}

function smooth(
  state: number[],
  from: number,
  to: number,
  high: Float64Array,
  low: Float64Array,
  close: Float64Array,
  wn: number,
  wm: number,
  pdi: Float64Array,
  mdi: Float64Array,
  adx: Float64Array,
  adxr: Float64Array,
  [trs, xps, xms, qs]: Float64Array[],
): void {
  const bn = (wn - 1) / (wn + 1);
  const bm = (wm - 1) / (wm + 1);
  const nan = 0 / 0;
  const pick = doubles(2, 0);
  let rt = state[RT]!;
  let yt = state[YT]!;
  let yp = state[YP]!;
  let ym = state[YM]!;
  let ra = state[RA]!,
    ya = state[YA]!;
  let rr = state[RR]!,
    yr = state[YR]!;
  let bad = state[BAD]!;
  // the previous bar's high, low and close, carried from bar to bar
  let lh = from > 0 ? high[from - 1]! : nan;
  let ll = from > 0 ? low[from - 1]! : nan;
  let lc = from > 0 ? close[from - 1]! : nan;
  for (let i = from; i < to; i++) {
    const h = high[i]!;
    const l = low[i]!;
    const c = close[i]!;
    bad += h - h + (l - l) + (c - c);
    let tr = nan;
    let xp = nan;
    let xm = nan;
    if (i > 0) {
      tr = Math.max(Math.max(h - l, Math.abs(h - lc)), Math.abs(lc - l));
      const hd = h - lh;
      const ld = ll - l;
      pick[0] = 0;
      pick[1] = hd;
      xp = pick[+(hd > 0) & +(hd > ld)]!;
      pick[1] = ld;
      xm = pick[+(ld > 0) & +(ld > hd)]!;
    }
    lh = h;
    ll = l;
    lc = c;
    if (rt < wn) {
      if (tr === tr) {
        rt++;
        trs![i] = tr;
        xps![i] = xp;
        xms![i] = xm;
        if (rt === wn) {
          yt = +seedMean(trs!, i - wn + 1, i);
          yp = +seedMean(xps!, i - wn + 1, i);
          ym = +seedMean(xms!, i - wn + 1, i);
        }
      }
    } else {
      yt = tr - bn * (tr - yt);
      yp = xp - bn * (xp - yp);
      ym = xm - bn * (xm - ym);
    }
    const seeded = rt === wn;
    const p = seeded ? (yt === 0 ? nan : (yp * 100) / yt) : nan;
    const m = seeded ? (yt === 0 ? nan : (ym * 100) / yt) : nan;
    pdi[i] = p;
    mdi[i] = m;
    const both = m + p;
    const q = (both === 0 ? nan : Math.abs(m - p) / both) * 100;
    let a = nan;
    if (ra < wm) {
      if (q === q) {
        ra++;
        qs![i] = q;
        if (ra === wm) a = ya = +seedMean(qs!, i - wm + 1, i);
      } else ra = 0;
    } else if (q === q) a = ya = q - bm * (q - ya);
    adx[i] = a;
    let r = nan;
    if (rr < wm) {
      if (a === a) {
        rr++;
        // ADX is written on this bar already
        if (rr === wm) r = yr = +seedMean(adx, i - wm + 1, i);
      } else rr = 0;
    } else if (a === a) r = yr = a - bm * (a - yr);
    adxr[i] = r;
  }
  state[RT] = rt;
  state[YT] = yt;
  state[YP] = yp;
  state[YM] = ym;
  state[RA] = ra;
  state[YA] = ya;
  state[RR] = rr;
  state[YR] = yr;
  state[BAD] = bad;
}
