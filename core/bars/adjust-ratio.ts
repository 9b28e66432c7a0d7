/**
 * The ratio method (tdx-protocol.md 7.1, QUANTAXIS/mootdx lineage), kept as the
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
 */
import { lastEffective } from "./adjust-affine.ts";
import type { PriceEvent } from "./price-events.ts";
import { roundScaled } from "./round.ts";
import type { BarSeries } from "./series.ts";
import { DAY_MS } from "./session-clock.ts";

/** Forward factor of every bar of `s`. */
export function forwardRatio(s: BarSeries, events: readonly PriceEvent[], asOfDay: number): Float64Array {
  const n = s.length;
  const factor = new Float64Array(n);
  let f = 1;
  let e = lastEffective(events, asOfDay);
  for (let i = n - 1; i >= 0; i--) {
    const day = Math.floor(s.time[i] / DAY_MS);
    const hi = e;
    while (e >= 0 && events[e].day > day) e--;
    if (hi > e) {
      const base = s.close[i];
      let p = base;
      let shares = 1;
      for (let k = e + 1; k <= hi; k++) {
        p = (p - events[k].c) / events[k].m;
        shares *= events[k].m;
      }
      const r = p / base;
      f *= r > 0 && Number.isFinite(r) ? r : 1 / shares;
    }
    factor[i] = f;
  }
  return factor;
}

/** OHLC of `s` forward-adjusted by the ratio method, rounded to 1/`scale`; time, vol and amount shared. */
export function ratioPrices(s: BarSeries, events: readonly PriceEvent[], asOfDay: number, scale: number): BarSeries {
  const n = s.length;
  const f = forwardRatio(s, events, asOfDay);
  const open = new Float64Array(n);
  const high = new Float64Array(n);
  const low = new Float64Array(n);
  const close = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    open[i] = roundScaled(f[i] * s.open[i], scale);
    high[i] = roundScaled(f[i] * s.high[i], scale);
    low[i] = roundScaled(f[i] * s.low[i], scale);
    close[i] = roundScaled(f[i] * s.close[i], scale);
  }
  return { length: n, time: s.time, open, high, low, close, vol: s.vol, amount: s.amount };
}
