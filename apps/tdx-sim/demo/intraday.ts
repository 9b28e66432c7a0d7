/**
 * One day's 240 one-minute bars and its ticks, drawn so that they add up exactly to
 * the daily bar: first open, last close, the day's high and low both touched,
 * volume and amount summed, and a continuous line in between (no spikes, no jump
 * at the lunch break). Deterministic per (seed, security, day).
 */
import { roundHalfUp, allocSeries, type Bar, type BarSeries, fromYyyymmdd, MINUTE_MS, wallMinuteOfStart } from "../../../core/bars/index.ts";
import type { TickSeries } from "../../../core/quotes/index.ts";
import { hashSeed, mulberry32, normal } from "./prng.ts";

export const MINUTES_PER_DAY = 240;

/** The daily bar a day's minutes are drawn from (vol in shares, indices: lots); its time is the day's. */
export type DayBar = Omit<Bar, "time">;

/** Minutes the day's high and low lie apart at least, so neither is a one-minute spike off the other. */
const EXTREMES_APART = 30;
/** Minutes after the open and before the close the extremes keep off (no one-minute dash to them). */
const EDGE = 15;

/** `p` reflected into [lo, hi] (a mirror at each bound keeps every step's size: no flat stretches at a bound). */
function fold(p: number, lo: number, hi: number): number {
  const r = hi - lo;
  if (r <= 0) return lo;
  const m = (((p - lo) % (2 * r)) + 2 * r) % (2 * r);
  return lo + (m <= r ? m : 2 * r - m);
}

/**
 * The minute path: Brownian bridges from the open through the day's high and low
 * (at two random minutes, in random order) to the close, reflected into [low, high].
 * Every step is a bridge step, the lunch break included, so the line has no jump
 * the session's own moves do not have (an earlier version forced the extremes onto
 * single random minutes: one-minute spikes to the day's low in a flat line).
 */
function minutePath(d: DayBar, decimals: number, n: number, rand: () => number, gauss: () => number): Float64Array {
  const at = () => EDGE + Math.floor(rand() * (n - 2 * EDGE));
  const iHi = at();
  let iLo = at();
  while (Math.abs(iLo - iHi) < EXTREMES_APART) iLo = at();
  const anchors: [number, number][] = [
    [0, d.open],
    [iHi, d.high],
    [iLo, d.low],
    [n, d.close],
  ];
  anchors.sort((a, b) => a[0] - b[0]);
  const range = d.high - d.low;
  const path = new Float64Array(n + 1);
  for (let k = 1; k < anchors.length; k++) {
    const [i0, p0] = anchors[k - 1]!;
    const [i1, p1] = anchors[k]!;
    const len = i1 - i0;
    // The bridge wanders about a tenth of the range from its straight line, whatever the segment's length.
    const sigma = (range * 0.2) / Math.sqrt(len);
    const walk = new Float64Array(len + 1);
    let end = 0;
    for (let j = 1; j <= len; j++) {
      end += gauss();
      walk[j] = end;
    }
    for (let j = 0; j <= len; j++) {
      const p = p0 + ((p1 - p0) * j) / len + (walk[j]! - (end * j) / len) * sigma;
      path[i0 + j] = roundHalfUp(fold(p, d.low, d.high), decimals);
    }
  }
  for (const [i, p] of anchors) path[i] = p;
  return path;
}

/** The 240 one-minute bars of `day` (YYYYMMDD), stamped at their end like TDX. */
export function generateMinutes(seed: number, key: string, day: number, d: DayBar, decimals: number, lotSize: number): BarSeries {
  const rand = mulberry32(hashSeed(seed, "minutes", key, day));
  const gauss = normal(rand);
  const n = MINUTES_PER_DAY;
  const path = minutePath(d, decimals, n, rand, gauss);
  const scale = Math.max(d.high - d.low, 10 ** -decimals) / 40;

  // U-shaped volume profile, in whole lots.
  const w = new Float64Array(n);
  let wsum = 0;
  for (let i = 0; i < n; i++) {
    const x = i / (n - 1);
    const wi = (1 + 3 * (x - 0.5) ** 2 * 4) * (0.5 + rand());
    w[i] = wi;
    wsum += wi;
  }
  const lots = Math.round(d.vol / lotSize);
  const s = allocSeries(n);
  const t0 = fromYyyymmdd(day);
  let lotsLeft = lots;
  let amountLeft = d.amount;
  let weighted = 0;
  // Each minute opens where the last one closed (the path starts at the day's open).
  let o = d.open;
  for (let i = 0; i < n; i++) {
    const c = path[i + 1]!;
    const wig = Math.abs(gauss()) * scale;
    s.time[i] = t0 + (wallMinuteOfStart(i) + 1) * MINUTE_MS;
    s.open[i] = o;
    s.close[i] = c;
    s.high[i] = Math.min(d.high, roundHalfUp(Math.max(o, c) + wig, decimals));
    s.low[i] = Math.max(d.low, roundHalfUp(Math.min(o, c) - wig, decimals));
    const v = i === n - 1 ? lotsLeft : Math.min(lotsLeft, Math.round((lots * w[i]!) / wsum));
    lotsLeft -= v;
    const vol = v * lotSize;
    s.vol[i] = vol;
    weighted += (vol * (o + c)) / 2;
    o = c;
  }
  // Amount follows volume × price, scaled so the day's total is exact.
  for (let i = 0; i < n; i++) {
    const a = i === n - 1 ? amountLeft : weighted > 0 ? Math.round((d.amount * s.vol[i]! * (s.open[i]! + s.close[i]!)) / 2 / weighted) : 0;
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
  // The first tick's direction compares it with the day's open.
  let last = m.open[0] ?? NaN;
  for (let i = 0; i < m.length; i++) {
    const lots = Math.round(m.vol[i]! / lotSize);
    if (lots === 0) continue;
    const trades = Math.min(lots, 1 + Math.floor(rand() * 6));
    const wall = wallMinuteOfStart(i);
    let left = lots;
    for (let j = 0; j < trades; j++) {
      const v = j === trades - 1 ? left : Math.max(1, Math.floor((left / (trades - j)) * (0.5 + rand())));
      left -= v;
      const p = j === trades - 1 ? m.close[i]! : j === 0 ? m.open[i]! : rand() < 0.5 ? m.high[i]! : m.low[i]!;
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
