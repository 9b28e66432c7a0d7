/**
 * One day's 240 one-minute bars and its ticks, drawn so that they add up exactly to
 * the daily bar: first open, last close, the day's high and low both touched,
 * volume and amount summed. Deterministic per (seed, security, day).
 */
import { roundHalfUp } from "../../../core/bars/round.ts";
import { allocSeries, type BarSeries } from "../../../core/bars/series.ts";
import { fromYyyymmdd } from "../../../core/bars/market-time.ts";
import { MINUTE_MS, wallMinuteOfStart } from "../../../core/bars/session-clock.ts";
import type { TickSeries } from "../../../core/quotes/records.ts";
import { hashSeed, mulberry32, normal } from "./prng.ts";

export const MINUTES_PER_DAY = 240;

export interface DayBar {
  readonly open: number;
  readonly high: number;
  readonly low: number;
  readonly close: number;
  /** Shares (indices: lots). */
  readonly vol: number;
  readonly amount: number;
}

/** Piecewise-linear map fixing `a` and `b` while sending [lo0, hi0] onto [lo, hi]. */
function stretch(p: number, a: number, b: number, lo0: number, hi0: number, lo: number, hi: number): number {
  const top = Math.max(a, b);
  const bottom = Math.min(a, b);
  if (p > top) return hi0 === top ? top : top + ((p - top) * (hi - top)) / (hi0 - top);
  if (p < bottom) return lo0 === bottom ? bottom : bottom - ((bottom - p) * (bottom - lo)) / (bottom - lo0);
  return p;
}

/** The 240 one-minute bars of `day` (YYYYMMDD), stamped at their end like TDX. */
export function generateMinutes(seed: number, key: string, day: number, d: DayBar, decimals: number, lotSize: number): BarSeries {
  const rand = mulberry32(hashSeed(seed, "minutes", key, day));
  const gauss = normal(rand);
  const n = MINUTES_PER_DAY;
  // A Brownian bridge from open to close, then stretched so it touches high and low.
  const path = new Float64Array(n + 1);
  for (let i = 1; i <= n; i++) path[i] = path[i - 1] + gauss();
  const end = path[n];
  const scale = Math.max(d.high - d.low, 10 ** -decimals) / 6;
  let lo0 = Infinity;
  let hi0 = -Infinity;
  for (let i = 0; i <= n; i++) {
    path[i] = d.open + ((d.close - d.open) * i) / n + (path[i] - (end * i) / n) * scale;
    lo0 = Math.min(lo0, path[i]);
    hi0 = Math.max(hi0, path[i]);
  }
  // Force both extremes to be reached somewhere inside the day.
  const iHi = 1 + Math.floor(rand() * (n - 1));
  let iLo = 1 + Math.floor(rand() * (n - 1));
  if (iLo === iHi) iLo = iHi === 1 ? 2 : iHi - 1;
  const top = Math.max(d.open, d.close);
  const bottom = Math.min(d.open, d.close);
  path[iHi] = Math.max(path[iHi], hi0 > top ? hi0 : top + 1e-9);
  path[iLo] = Math.min(path[iLo], lo0 < bottom ? lo0 : bottom - 1e-9);
  hi0 = Math.max(hi0, path[iHi]);
  lo0 = Math.min(lo0, path[iLo]);
  for (let i = 0; i <= n; i++) path[i] = roundHalfUp(stretch(path[i], d.open, d.close, lo0, hi0, d.low, d.high), decimals);
  path[0] = d.open;
  path[n] = d.close;
  path[iHi] = d.high;
  path[iLo] = d.low;

  // U-shaped volume profile, in whole lots.
  const w = new Float64Array(n);
  let wsum = 0;
  for (let i = 0; i < n; i++) {
    const x = i / (n - 1);
    w[i] = (1 + 3 * (x - 0.5) ** 2 * 4) * (0.5 + rand());
    wsum += w[i];
  }
  const lots = Math.round(d.vol / lotSize);
  const s = allocSeries(n);
  const t0 = fromYyyymmdd(day);
  let lotsLeft = lots;
  let amountLeft = d.amount;
  let weighted = 0;
  for (let i = 0; i < n; i++) {
    const o = i === 0 ? d.open : path[i];
    const c = path[i + 1];
    const wig = Math.abs(gauss()) * scale * 0.2;
    s.time[i] = t0 + (wallMinuteOfStart(i) + 1) * MINUTE_MS;
    s.open[i] = o;
    s.close[i] = c;
    s.high[i] = Math.min(d.high, roundHalfUp(Math.max(o, c) + wig, decimals));
    s.low[i] = Math.max(d.low, roundHalfUp(Math.min(o, c) - wig, decimals));
    const v = i === n - 1 ? lotsLeft : Math.min(lotsLeft, Math.round((lots * w[i]) / wsum));
    lotsLeft -= v;
    s.vol[i] = v * lotSize;
    weighted += s.vol[i] * (o + c) / 2;
  }
  // Amount follows volume × price, scaled so the day's total is exact.
  for (let i = 0; i < n; i++) {
    const a = i === n - 1 ? amountLeft : weighted > 0 ? Math.round((d.amount * s.vol[i] * (s.open[i] + s.close[i])) / 2 / weighted) : 0;
    s.amount[i] = a;
    amountLeft -= a;
  }
  return s;
}

/** Ticks behind the minute bars, oldest first, volume in lots as the protocol sends it. */
export function generateTicks(seed: number, key: string, day: number, m: BarSeries, lotSize: number): TickSeries {
  const rand = mulberry32(hashSeed(seed, "ticks", key, day));
  const cap = m.length * 6;
  const minute = new Float64Array(cap);
  const price = new Float64Array(cap);
  const vol = new Float64Array(cap);
  const orders = new Float64Array(cap);
  const direction = new Float64Array(cap);
  let k = 0;
  let last = m.open[0];
  for (let i = 0; i < m.length; i++) {
    const lots = Math.round(m.vol[i] / lotSize);
    if (lots === 0) continue;
    const trades = Math.min(lots, 1 + Math.floor(rand() * 6));
    const wall = wallMinuteOfStart(i);
    let left = lots;
    for (let j = 0; j < trades; j++) {
      const v = j === trades - 1 ? left : Math.max(1, Math.floor((left / (trades - j)) * (0.5 + rand())));
      left -= v;
      const p =
        j === trades - 1 ? m.close[i] : j === 0 ? m.open[i] : rand() < 0.5 ? m.high[i] : m.low[i];
      minute[k] = wall;
      price[k] = p;
      vol[k] = v;
      orders[k] = 1 + Math.floor(rand() * Math.max(1, v / 5));
      direction[k] = p > last ? 0 : p < last ? 1 : rand() < 0.5 ? 0 : 1;
      last = p;
      k++;
      if (left <= 0) break;
    }
  }
  const cut = (a: Float64Array) => a.slice(0, k);
  return { length: k, minute: cut(minute), price: cut(price), vol: cut(vol), orders: cut(orders), direction: cut(direction), reserved: new Float64Array(k) };
}
