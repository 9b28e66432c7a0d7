/** Test builders for bar series and fast-check arbitraries shared by the bar tests. */
import fc from "fast-check";
import { marketTime } from "../../../core/bars/market-time.ts";
import { allocSeries, type BarSeries } from "../../../core/bars/series.ts";
import type { XdxrRecord } from "../../../core/bars/xdxr.ts";
import { defined } from "../../support/defined.ts";

export interface BarInput {
  readonly t: number;
  readonly o: number;
  readonly h: number;
  readonly l: number;
  readonly c: number;
  readonly v?: number;
  readonly a?: number;
}

export function series(bars: readonly BarInput[]): BarSeries {
  const s = allocSeries(bars.length);
  bars.forEach((b, i) => {
    s.time[i] = b.t;
    s.open[i] = b.o;
    s.high[i] = b.h;
    s.low[i] = b.l;
    s.close[i] = b.c;
    s.vol[i] = b.v ?? 0;
    s.amount[i] = b.a ?? 0;
  });
  return s;
}

/** A daily bar on YYYYMMDD with all four prices equal to `p`. */
export const flat = (yyyymmdd: number, p: number): BarInput => ({
  t: marketTime(Math.floor(yyyymmdd / 10000), Math.floor(yyyymmdd / 100) % 100, yyyymmdd % 100),
  o: p,
  h: p,
  l: p,
  c: p,
});

export const dividend = (date: number, cashPer10: number, bonusPer10 = 0, rightsPer10 = 0, rightsPrice = 0): XdxrRecord => ({
  date,
  category: 1,
  c1: cashPer10,
  c2: rightsPrice,
  c3: bonusPer10,
  c4: rightsPer10,
});

export const DAY = 86_400_000;
const BASE = marketTime(2000, 1, 3);

/** YYYYMMDD of a market time. */
export function dateOf(t: number): number {
  const d = new Date(t);
  return d.getUTCFullYear() * 10000 + (d.getUTCMonth() + 1) * 100 + d.getUTCDate();
}

/** Ascending daily bars with prices on the 0.01 grid and OHLC consistent. */
export const dailySeries = (maxLen = 40): fc.Arbitrary<BarSeries> =>
  fc
    .array(
      fc.record({
        gap: fc.integer({ min: 1, max: 6 }),
        p: fc.array(fc.integer({ min: 1, max: 200_000 }), { minLength: 4, maxLength: 4 }),
        v: fc.integer({ min: 0, max: 1e9 }),
      }),
      { minLength: 1, maxLength: maxLen },
    )
    .map((rows) => {
      let t = BASE;
      return series(
        rows.map(({ gap, p, v }) => {
          t += gap * DAY;
          const [o, c] = [defined(p[0], "open") / 100, defined(p[1], "close") / 100];
          return { t, o, c, h: Math.max(...p) / 100, l: Math.min(...p) / 100, v, a: v * 10 };
        }),
      );
    });

/** Category-1 records dated anywhere from before the first bar to after the last of `s`. */
export const eventsFor = (s: BarSeries, opts: { cash?: boolean } = {}): fc.Arbitrary<XdxrRecord[]> => {
  const from = defined(s.time[0], "the first bar's time") - 10 * DAY;
  const span = defined(s.time[s.length - 1], "the last bar's time") + 10 * DAY - from;
  return fc
    .array(
      fc.record({
        at: fc.integer({ min: 0, max: Math.floor(span / DAY) }),
        cash: opts.cash === false ? fc.constant(0) : fc.integer({ min: 0, max: 5000 }),
        bonus: fc.integer({ min: 0, max: 100 }),
        rights: opts.cash === false ? fc.constant(0) : fc.integer({ min: 0, max: 30 }),
        price: fc.integer({ min: 0, max: 2000 }),
      }),
      { maxLength: 6 },
    )
    .map((rs) => rs.map((r) => dividend(dateOf(from + r.at * DAY), r.cash / 100, r.bonus / 10, r.rights / 10, r.price / 100)));
};
