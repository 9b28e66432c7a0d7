/**
 * The TDX-desktop-compatible forward adjustment (adapters/tdx/README.md 7.2, from
 * injoyai/tdx, verified there against the terminal): adjusted = A × raw + B.
 *
 * Start at the newest bar with A = 1, B = 0 and walk back; every bar receives
 * all not yet applied events whose ex-date is later than the bar's date, each as
 * A ← A / m, then B ← B − A × c. Events are applied by date, not by matching a
 * bar on the ex-date, so several events inside one suspension gap compound
 * (600519: 2006-05-19 m = 2.0 and 2006-05-24 m = 1.12 give m = 2.24 across the
 * gap). Events after `asOfDay` are announced but not yet effective and are
 * ignored; otherwise the whole history would shift by a dividend that has not
 * happened.
 */
import type { PriceEvent } from "./price-events.ts";
import { roundAdjusted } from "./round.ts";
import type { BarSeries } from "./series.ts";
import { DAY_MS } from "./session-clock.ts";

export interface Affine {
  readonly a: number;
  readonly b: number;
}

export const IDENTITY: Affine = { a: 1, b: 0 };

/** Index of the last event effective on `asOfDay`, or −1. */
export function lastEffective(events: readonly PriceEvent[], asOfDay: number): number {
  let e = events.length - 1;
  while (e >= 0 && events[e]!.day > asOfDay) e--;
  return e;
}

/** The forward coefficients of a bar dated `day` (a day index). */
export function affineAt(events: readonly PriceEvent[], day: number, asOfDay: number): Affine {
  let a = 1;
  let b = 0;
  for (let e = lastEffective(events, asOfDay); e >= 0 && events[e]!.day > day; e--) {
    a /= events[e]!.m;
    b -= a * events[e]!.c;
  }
  return { a, b };
}

/**
 * OHLC of ascending `s` mapped to round(((A × raw + B) − base.b) / base.a) with
 * each bar's forward coefficients A, B: `base` = identity gives QFQ, the
 * coefficients of the HFQ base day give HFQ. time, vol and amount are shared.
 */
export function affinePrices(s: BarSeries, events: readonly PriceEvent[], asOfDay: number, base: Affine, scale: number): BarSeries {
  const n = s.length;
  const { open: o, high: h, low: l, close: c } = s;
  const open = new Float64Array(n);
  const high = new Float64Array(n);
  const low = new Float64Array(n);
  const close = new Float64Array(n);
  let A = 1;
  let B = 0;
  let mul = 1 / base.a;
  let add = -base.b / base.a;
  let e = lastEffective(events, asOfDay);
  for (let i = n - 1; i >= 0; i--) {
    const day = Math.floor(s.time[i]! / DAY_MS);
    if (e >= 0 && events[e]!.day > day) {
      do {
        A /= events[e]!.m;
        B -= A * events[e]!.c;
        e--;
      } while (e >= 0 && events[e]!.day > day);
      mul = A / base.a;
      add = (B - base.b) / base.a;
    }
    open[i] = roundAdjusted(mul * o[i]! + add, scale);
    high[i] = roundAdjusted(mul * h[i]! + add, scale);
    low[i] = roundAdjusted(mul * l[i]! + add, scale);
    close[i] = roundAdjusted(mul * c[i]! + add, scale);
  }
  return { length: n, time: s.time, open, high, low, close, vol: s.vol, amount: s.amount };
}
