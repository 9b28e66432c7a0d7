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
 * then Y = a·X + b·Y' with no value (and no update) on an invalid input, so
 * a PDI without value (MTR of 0 on flat bars) needs no fallback. Inputs on
 * bar 0 have no previous bar. An invalid price would need the engine's rules
 * for invalid comparisons: the kernel then returns null.
 */
import { type Allocate, freshColumn } from "./column-arena.ts";

export function dmiKernel(
  high: Float64Array,
  low: Float64Array,
  close: Float64Array,
  N: number,
  M: number,
  allocate: Allocate = freshColumn,
): Float64Array[] | null {
  const n = close.length;
  const pdi = allocate(n);
  const mdi = allocate(n);
  const adx = allocate(n);
  const adxr = allocate(n);
  const wn = Math.trunc(N);
  const wm = Math.trunc(M);
  if (!(wn >= 1 && wm >= 1)) return null;
  const an = 2 / (wn + 1);
  const bn = (wn - 1) / (wn + 1);
  const am = 2 / (wm + 1);
  const bm = (wm - 1) / (wm + 1);
  const nan = 0 / 0;
  const pick = new Float64Array(2);
  // per smoothing: consecutive valid inputs counted (up to the window), their sum, the average;
  // MTR, DMP and DMM read valid inputs from bar 1 on, so they share the count
  let rt = 0;
  let st = 0, yt = nan;
  let sp = 0, yp = nan;
  let sm = 0, ym = nan;
  let ra = 0, sa = 0, ya = nan;
  let rr = 0, sr = 0, yr = nan;
  let bad = 0;
  for (let i = 0; i < n; i++) {
    const h = high[i]!;
    const l = low[i]!;
    const c = close[i]!;
    bad += h - h + (l - l) + (c - c);
    let tr = nan;
    let xp = nan;
    let xm = nan;
    if (i > 0) {
      const lc = close[i - 1]!;
      tr = Math.max(Math.max(h - l, Math.abs(h - lc)), Math.abs(lc - l));
      const hd = h - high[i - 1]!;
      const ld = low[i - 1]! - l;
      pick[0] = 0;
      pick[1] = hd;
      xp = pick[+(hd > 0) & +(hd > ld)]!;
      pick[1] = ld;
      xm = pick[+(ld > 0) & +(ld > hd)]!;
    }
    if (rt < wn) {
      if (tr === tr) {
        rt++;
        st += tr;
        sp += xp;
        sm += xm;
        if (rt === wn) {
          yt = st / wn;
          yp = sp / wn;
          ym = sm / wn;
        }
      }
    } else {
      yt = an * tr + bn * yt;
      yp = an * xp + bn * yp;
      ym = an * xm + bn * ym;
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
        sa += q;
        if (ra === wm) a = ya = sa / wm;
      } else {
        ra = 0;
        sa = 0;
      }
    } else if (q === q) a = ya = am * q + bm * ya;
    adx[i] = a;
    let r = nan;
    if (rr < wm) {
      if (a === a) {
        rr++;
        sr += a;
        if (rr === wm) r = yr = sr / wm;
      } else {
        rr = 0;
        sr = 0;
      }
    } else if (a === a) r = yr = am * a + bm * yr;
    adxr[i] = r;
  }
  return bad === 0 ? [pdi, mdi, adx, adxr] : null;
}
