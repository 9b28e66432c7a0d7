/**
 * Daily bars of a demo board index: an equal-weighted chain of its members' daily
 * log returns, so a board moves with the stocks it lists and, like them, neither
 * melts nor explodes over a decade. Each member's return is taken against its
 * ex-rights reference price (dividend days do not drag the board down). Volume is
 * the members' total in lots (index convention), amount their total in yuan, and
 * up/down count the members that rose or fell. The index trades every calendar
 * day from the start of history, flat when no member traded.
 */
import { roundHalfUp, allocSeries, fromYyyymmdd, priceEvents } from "../../../core/bars/index.ts";
import type { DemoHistory } from "./daily.ts";

const BASE_LEVEL = 1000;

/** A member's log returns of open/high/low/close against its reference price, and each bar's calendar index. */
interface Returns {
  readonly o: Float64Array;
  readonly h: Float64Array;
  readonly l: Float64Array;
  readonly c: Float64Array;
  readonly at: Int32Array;
}

/** A stock is in about ten boards: its returns are worked out once; so are a calendar's bar times. */
const returnsCache = new WeakMap<DemoHistory, Returns>();
const timesCache = new WeakMap<readonly number[], Float64Array>();

function timesOf(days: readonly number[]): Float64Array {
  let t = timesCache.get(days);
  if (!t) timesCache.set(days, (t = Float64Array.from(days, fromYyyymmdd)));
  return t;
}

function returnsOf(h: DemoHistory, days: readonly number[]): Returns {
  const hit = returnsCache.get(h);
  if (hit) return hit;
  const n = h.bars.length;
  const out = { o: new Float64Array(n), h: new Float64Array(n), l: new Float64Array(n), c: new Float64Array(n), at: new Int32Array(n) };
  const events = new Map(priceEvents(h.xdxr).map((e) => [e.date, e]));
  const b = h.bars;
  for (let j = 0, k = 0; j < n; j++) {
    const day = h.days[j]!;
    while (k < days.length && days[k]! < day) k++;
    out.at[j] = k;
    if (j === 0) continue;
    const ev = events.get(day);
    const prevClose = b.close[j - 1]!;
    const ref = ev ? (prevClose - ev.c) / ev.m : prevClose;
    out.o[j] = Math.log(b.open[j]! / ref);
    out.h[j] = Math.log(b.high[j]! / ref);
    out.l[j] = Math.log(b.low[j]! / ref);
    out.c[j] = Math.log(b.close[j]! / ref);
  }
  returnsCache.set(h, out);
  return out;
}

/** `days` is the calendar the member histories were generated on; the board starts at `start`. */
export function boardDaily(members: readonly DemoHistory[], days: readonly number[], start: number): DemoHistory {
  const first = days.findIndex((d) => d >= start);
  const n = first < 0 ? 0 : days.length - first;
  // Per calendar day: summed log returns, members that moved, volume and amount.
  const ro = new Float64Array(n),
    rh = new Float64Array(n),
    rl = new Float64Array(n),
    rc = new Float64Array(n);
  const traded = new Float64Array(n),
    up = new Float64Array(n),
    down = new Float64Array(n);
  const vol = new Float64Array(n),
    amount = new Float64Array(n);
  for (const h of members) {
    const r = returnsOf(h, days);
    const { at, o, h: hi, l, c } = r;
    const v = h.bars.vol;
    const a = h.bars.amount;
    for (let j = 0, len = h.bars.length; j < len; j++) {
      // The member's bar on the board's day k (k < n: every member day is on the calendar).
      const k = at[j]! - first;
      if (k < 0) continue;
      vol[k]! += v[j]! / 100;
      amount[k]! += a[j]!;
      if (j === 0) continue;
      const cj = c[j]!;
      ro[k]! += o[j]!;
      rh[k]! += hi[j]!;
      rl[k]! += l[j]!;
      rc[k]! += cj;
      traded[k]!++;
      if (cj > 0) up[k]!++;
      else if (cj < 0) down[k]!++;
    }
  }
  const bars = allocSeries(n);
  const ymd = new Int32Array(n);
  const times = timesOf(days);
  let level = BASE_LEVEL;
  // Every array here holds n values; the calendar's days from `first` on are n too.
  for (let k = 0; k < n; k++) {
    const movers = traded[k]!;
    const w = movers ? 1 / movers : 0;
    const open = roundHalfUp(level * Math.exp(ro[k]! * w), 2);
    const close = roundHalfUp(level * Math.exp(rc[k]! * w), 2);
    bars.time[k] = times[first + k]!;
    bars.open[k] = open;
    bars.close[k] = close;
    bars.high[k] = Math.max(roundHalfUp(level * Math.exp(rh[k]! * w), 2), open, close);
    bars.low[k] = Math.min(roundHalfUp(level * Math.exp(rl[k]! * w), 2), open, close);
    bars.vol[k] = Math.round(vol[k]!);
    bars.amount[k] = Math.round(amount[k]!);
    ymd[k] = days[first + k]!;
    level = close;
  }
  return { bars, days: ymd, xdxr: [], up, down };
}
