/**
 * The ratio method (adapters/tdx/README.md 7.1, QUANTAXIS/mootdx lineage), kept as the
 * fallback for forward adjustment: adjusted = factor × raw, where each event
 * between bar t and bar t + 1 multiplies the factor of bar t and everything
 * before it by (ex-right reference of close_t) / close_t. A positive factor
 * times a positive price is never negative, which is why the API switches to it
 * when the affine method would print prices at or below zero.
 *
 * Events in one gap are chained on the same close ((P − c1)/m1 − c2)/m2 …, the
 * ratio analogue of the affine compounding. Events after `asOfDay` are ignored,
 * and events between the last bar and `asOfDay` use the last close. When a gap's
 * reference price is not positive (a dividend above the price, or a missing
 * close) only the share multipliers are used for that gap.
 *
 * The gaps' ratios depend on the closes before each event, so they are taken
 * over a basis series (the security's whole daily history, `ratioGaps`) and
 * then applied to any bars by date (`forwardRatio`): a bar's factor is then the
 * same whatever window or bar period it is asked in.
 */
import { lastEffective } from "./adjust-affine.ts";
import type { PriceEvent } from "./price-events.ts";
import { roundAdjusted } from "./round.ts";
import type { BarSeries } from "./series.ts";
import { DAY_MS } from "./session-clock.ts";

/** The events between two bars of a basis, as one ratio for every bar dated before `day` (the gap's first ex-date). */
export interface RatioGap {
  readonly day: number;
  readonly ratio: number;
}

/** The gaps of ascending `basis` that hold effective events, oldest first. */
export function ratioGaps(basis: BarSeries, events: readonly PriceEvent[], asOfDay: number): RatioGap[] {
  const gaps: RatioGap[] = [];
  let e = lastEffective(events, asOfDay);
  for (let i = basis.length - 1; i >= 0 && e >= 0; i--) {
    const day = Math.floor(basis.time[i]! / DAY_MS);
    const hi = e;
    while (e >= 0 && events[e]!.day > day) e--;
    if (hi === e) continue;
    const base = basis.close[i]!;
    let p = base;
    let shares = 1;
    for (let k = e + 1; k <= hi; k++) {
      p = (p - events[k]!.c) / events[k]!.m;
      shares *= events[k]!.m;
    }
    const r = p / base;
    gaps.push({ day: events[e + 1]!.day, ratio: r > 0 && Number.isFinite(r) ? r : 1 / shares });
  }
  return gaps.reverse();
}

/** Forward factor of every bar of `s`: the product of the ratios of the gaps dated after it (by default `s`'s own gaps). */
export function forwardRatio(s: BarSeries, events: readonly PriceEvent[], asOfDay: number, gaps: readonly RatioGap[] = ratioGaps(s, events, asOfDay)): Float64Array {
  const n = s.length;
  const factor = new Float64Array(n);
  let f = 1;
  let g = gaps.length - 1;
  for (let i = n - 1; i >= 0; i--) {
    const day = Math.floor(s.time[i]! / DAY_MS);
    while (g >= 0 && gaps[g]!.day > day) f *= gaps[g--]!.ratio;
    factor[i] = f;
  }
  return factor;
}

/** OHLC of `s` forward-adjusted by the ratio method, rounded as the terminal does (`roundAdjusted`); time, vol and amount shared. */
export function ratioPrices(s: BarSeries, events: readonly PriceEvent[], asOfDay: number, scale: number, gaps?: readonly RatioGap[]): BarSeries {
  const n = s.length;
  const f = forwardRatio(s, events, asOfDay, gaps);
  const open = new Float64Array(n);
  const high = new Float64Array(n);
  const low = new Float64Array(n);
  const close = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    open[i] = roundAdjusted(f[i]! * s.open[i]!, scale);
    high[i] = roundAdjusted(f[i]! * s.high[i]!, scale);
    low[i] = roundAdjusted(f[i]! * s.low[i]!, scale);
    close[i] = roundAdjusted(f[i]! * s.close[i]!, scale);
  }
  return { length: n, time: s.time, open, high, low, close, vol: s.vol, amount: s.amount };
}
