import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { adjustBars, adjustBasis, needsBasis } from "../../../core/bars/adjust.ts";
import { affineAt, affinePrices, IDENTITY } from "../../../core/bars/adjust-affine.ts";
import { forwardRatio } from "../../../core/bars/adjust-ratio.ts";
import { marketTime } from "../../../core/bars/market-time.ts";
import { priceEvents } from "../../../core/bars/price-events.ts";
import { sliceSeries, type BarSeries } from "../../../core/bars/series.ts";
import { dailySeries, dateOf, DAY, dividend, eventsFor, flat, series } from "./build.ts";
import { defined } from "../../support/defined.ts";

const PRICES = ["open", "high", "low", "close"] as const;
const day = (yyyymmdd: number) => Math.floor(flat(yyyymmdd, 0).t / DAY);
const timeAt = (s: BarSeries, i: number) => defined(s.time[i], `bar ${i}'s time`);
const dayAt = (s: BarSeries, i: number) => Math.floor(timeAt(s, i) / DAY);
const lastDate = (s: BarSeries) => dateOf(timeAt(s, s.length - 1));

test("600519 2006 suspension: both events inside the gap compound to m = 2.24", () => {
  // Last bar before the share-reform suspension and first bar after it; the two
  // events (2006-05-19 m = 2.0 with 3 yuan cash per 10, 2006-05-24 m = 1.12) fall
  // in between. Prices are illustrative; the multipliers are the design doc's.
  const s = series([flat(20060425, 90), flat(20060526, 40)]);
  const ev = priceEvents([dividend(20060519, 3, 10), dividend(20060524, 0, 1.2)]);
  const { a, b } = affineAt(ev, day(20060425), day(20060526));
  assert.ok(Math.abs(1 / a - 2.24) < 1e-12, "Math.abs(1 / a - 2.24) < 1e-12");
  assert.ok(Math.abs(b - -0.3 / 2.24) < 1e-12, "Math.abs(b - -0.3 / 2.24) < 1e-12");
  const q = adjustBars(s, ev, "QFQ");
  assert.equal(q.method, "affine");
  // (90 − 0.3) / 2 / 1.12 = 40.0446… → 40.04
  assert.deepEqual([...q.series.close], [40.04, 40]);
});

test("cash dividend: 000001 ex-date 2025-06-12, 3.62 yuan per 10 as float32", () => {
  const s = series([
    { ...flat(20250611, 0), o: 11.75, h: 11.9, l: 11.7, c: 11.8 },
    { ...flat(20250612, 0), o: 11.5, h: 11.6, l: 11.4, c: 11.5 },
  ]);
  const ev = priceEvents([dividend(20250612, Math.fround(3.62))]);
  assert.equal(ev[0]?.c, 0.362);
  const q = adjustBars(s, ev, "QFQ").series;
  assert.deepEqual([q.open[0], q.high[0], q.low[0], q.close[0]], [11.39, 11.54, 11.34, 11.44]);
  assert.deepEqual([q.open[1], q.close[1]], [11.5, 11.5]);
  const h = adjustBars(s, ev, "HFQ").series;
  assert.deepEqual([h.close[0], h.open[1], h.close[1]], [11.8, 11.86, 11.86]);
});

test("ties round half up, also where binary doubles fall just below the half", () => {
  const s = series([flat(20240102, 10), flat(20240103, 10)]);
  // 10 − 0.375 = 9.625 (banker's rounding would give 9.62)
  assert.equal(adjustBars(s, priceEvents([dividend(20240103, 3.75)]), "QFQ").series.close[0], 9.63);
  // 2.01 − 0.055 is 1.95499999… in binary; the intended 1.955 rounds to 1.96
  const low = series([flat(20240102, 2.01), flat(20240103, 2)]);
  assert.equal(adjustBars(low, priceEvents([dividend(20240103, 0.55)]), "QFQ").series.close[0], 1.96);
});

test("events after the newest bar are not effective yet; asOf makes them so", () => {
  const s = series([flat(20240102, 10), flat(20240103, 10)]);
  const ev = priceEvents([dividend(20240110, 9)]);
  assert.deepEqual([...adjustBars(s, ev, "QFQ").series.close], [10, 10]);
  assert.deepEqual([...adjustBars(s, ev, "QFQ", { asOf: 20240110 }).series.close], [9.1, 9.1]);
});

test("negative QFQ falls back to the ratio method and says so", () => {
  const s = series([flat(20000104, 1), flat(20100104, 100), flat(20100106, 98)]);
  const ev = priceEvents([dividend(20100106, 20)]);
  const q = adjustBars(s, ev, "QFQ");
  assert.equal(q.method, "ratio");
  assert.deepEqual([...q.series.close], [0.98, 98, 98]);
  // HFQ keeps the affine method: 98 + 2
  const h = adjustBars(s, ev, "HFQ");
  assert.equal(h.method, "affine");
  assert.deepEqual([...h.series.close], [1, 100, 100]);
});

test("NONE returns the raw series; volume and amount are never adjusted", () => {
  const s = series([
    { ...flat(20240102, 10), v: 500, a: 5000 },
    { ...flat(20240103, 5), v: 900, a: 4500 },
  ]);
  const ev = priceEvents([dividend(20240103, 0, 10)]);
  const none = adjustBars(s, ev, "NONE");
  assert.equal(none.series, s);
  assert.equal(none.method, "none");
  for (const mode of ["QFQ", "HFQ"] as const) {
    const adj = adjustBars(s, ev, mode).series;
    assert.equal(adj.vol, s.vol);
    assert.equal(adj.amount, s.amount);
    assert.equal(adj.time, s.time);
  }
});

test("minute bars take the events by their date", () => {
  const s = series([
    { ...flat(20240102, 10), t: marketTime(2024, 1, 2, 15, 0) },
    { ...flat(20240103, 10), t: marketTime(2024, 1, 3, 9, 31) },
  ]);
  assert.deepEqual([...adjustBars(s, priceEvents([dividend(20240103, 5)]), "QFQ").series.close], [9.5, 10]);
});

test("property: with no events QFQ and HFQ are the identity", () => {
  fc.assert(
    fc.property(dailySeries(), (s) => {
      for (const mode of ["QFQ", "HFQ"] as const) {
        const adj = adjustBars(s, [], mode);
        assert.equal(adj.method, "affine");
        for (const f of PRICES) assert.deepEqual(adj.series[f], s[f]);
      }
    }),
  );
});

test("property: the newest QFQ bar equals the raw newest bar", () => {
  fc.assert(
    fc.property(
      dailySeries().chain((s) => fc.tuple(fc.constant(s), eventsFor(s))),
      ([s, recs]) => {
        const q = adjustBars(s, priceEvents(recs), "QFQ").series;
        const n = s.length - 1;
        for (const f of PRICES) assert.equal(q[f][n], s[f][n]);
      },
    ),
  );
});

test("property: QFQ and HFQ agree up to the affine map of the HFQ base", () => {
  fc.assert(
    fc.property(
      dailySeries().chain((s) => fc.tuple(fc.constant(s), eventsFor(s))),
      ([s, recs]) => {
        const ev = priceEvents(recs);
        const q = adjustBars(s, ev, "QFQ");
        fc.pre(q.method === "affine");
        const h = adjustBars(s, ev, "HFQ").series;
        const { a, b } = affineAt(ev, dayAt(s, 0), dayAt(s, s.length - 1));
        for (let i = 0; i < s.length; i++)
          for (const f of PRICES) {
            const back = a * defined(h[f][i], `HFQ ${f}[${i}]`) + b;
            // Each price is off its exact value by at most half a cent plus half of 1/10,000 (the terminal's two roundings).
            assert.ok(Math.abs(defined(q.series[f][i], `QFQ ${f}[${i}]`) - back) <= (1 + a) * 0.00505 + 1e-9, `${f}[${i}]`);
          }
      },
    ),
  );
});

test("property: QFQ prices never go below zero (fallback), HFQ base bar is raw", () => {
  fc.assert(
    fc.property(
      dailySeries().chain((s) => fc.tuple(fc.constant(s), eventsFor(s))),
      ([s, recs]) => {
        const ev = priceEvents(recs);
        const q = adjustBars(s, ev, "QFQ").series;
        for (const f of PRICES) for (const v of q[f]) assert.ok(v >= 0, "v >= 0");
        const h = adjustBars(s, ev, "HFQ").series;
        for (const f of PRICES) assert.equal(h[f][0], s[f][0]);
      },
    ),
  );
});

test("property: without cash the ratio method equals the affine one", () => {
  fc.assert(
    fc.property(
      dailySeries().chain((s) => fc.tuple(fc.constant(s), eventsFor(s, { cash: false }))),
      ([s, recs]) => {
        const ev = priceEvents(recs);
        const asOf = dayAt(s, s.length - 1);
        const r = forwardRatio(s, ev, asOf);
        for (let i = 0; i < s.length; i++) {
          const { a, b } = affineAt(ev, dayAt(s, i), asOf);
          assert.ok(Math.abs(a - defined(r[i], `ratio ${i}`)) <= 1e-12 * a, "Math.abs(a - r[i]) <= 1e-12 * a");
          assert.equal(b + 0, 0);
        }
      },
    ),
  );
});

test("property: a window adjusted with asOf and hfqBase equals the slice of the whole", () => {
  fc.assert(
    fc.property(
      dailySeries()
        .chain((s) => fc.tuple(fc.constant(s), eventsFor(s)))
        .chain(([s, recs]) =>
          fc
            .tuple(fc.constant(s), fc.constant(recs), fc.integer({ min: 0, max: s.length - 1 }))
            .chain(([s, r, a]) => fc.tuple(fc.constant(s), fc.constant(r), fc.constant(a), fc.integer({ min: a + 1, max: s.length }))),
        ),
      ([s, recs, from, to]) => {
        const ev = priceEvents(recs);
        const whole = adjustBars(s, ev, "QFQ");
        fc.pre(whole.method === "affine");
        const win = sliceSeries(s, from, to);
        const part = adjustBars(win, ev, "QFQ", { asOf: lastDate(s) });
        const hWhole = adjustBars(s, ev, "HFQ").series;
        const hPart = adjustBars(win, ev, "HFQ", { hfqBase: dateOf(timeAt(s, 0)) }).series;
        if (part.method === "affine") for (const f of PRICES) assert.deepEqual(part.series[f], whole.series[f].subarray(from, to));
        for (const f of PRICES) assert.deepEqual(hPart[f], hWhole[f].subarray(from, to));
      },
    ),
  );
});

test("property: with the basis of the whole history, any window equals the slice of the whole, whichever method the history needs", () => {
  const methods = new Set<string>();
  fc.assert(
    fc.property(
      dailySeries(60)
        .chain((s) => fc.tuple(fc.constant(s), eventsFor(s)))
        .chain(([s, recs]) =>
          fc.tuple(fc.constant(s), fc.constant(recs), fc.nat(s.length - 1)).chain(([s, r, a]) => fc.tuple(fc.constant(s), fc.constant(r), fc.constant(a), fc.integer({ min: a + 1, max: s.length }))),
        ),
      ([s, recs, from, to]) => {
        const ev = priceEvents(recs);
        const asOf = lastDate(s);
        const basis = adjustBasis(s, ev, day(asOf));
        const win = sliceSeries(s, from, to);
        for (const mode of ["QFQ", "HFQ"] as const) {
          const whole = adjustBars(s, ev, mode);
          methods.add(whole.method);
          const part = adjustBars(win, ev, mode, { asOf, basis });
          assert.equal(part.method, whole.method);
          for (const f of PRICES) assert.deepEqual(part.series[f], whole.series[f].subarray(from, to), `${mode} ${f}`);
          // Where no basis is needed, the window alone gives the same prices.
          if (!needsBasis(win, ev, mode, day(asOf))) {
            const alone = adjustBars(win, ev, mode, { asOf });
            for (const f of PRICES) assert.deepEqual(alone.series[f], whole.series[f].subarray(from, to), `${mode} ${f} without basis`);
          }
        }
      },
    ),
    { numRuns: 500 },
  );
  assert.deepEqual([...methods].sort(), ["affine", "ratio"]);
});

test("affine QFQ equals the TDX terminal's 前复权 prices, including the boundary point a single rounding misses", () => {
  // Raw bars, xdxr events and the terminal's displayed 前复权 prices of 600519 as published (hand-checked against the
  // desktop client) in injoyai/tdx @ 51c1ed5, protocol/model_gbbq_test.go; "today" is 2026-06-02.
  const bar = (d: number, o: number, h: number, l: number, c: number) => ({ ...flat(d, 0), o, h, l, c });
  const s = series([bar(20060425, 89, 93.2, 87.61, 91.41), bar(20060526, 39.49, 40.02, 37.68, 39.99), bar(20250626, 1415, 1428, 1410.08, 1420), bar(20260602, 1306, 1326.36, 1301, 1307.22)]);
  const cash = [
    [20060524, 5.91, 1.2],
    [20070713, 7],
    [20080616, 8.36],
    [20090701, 11.56],
    [20100705, 11.85],
    [20110701, 23, 1],
    [20120705, 39.97],
    [20130607, 64.19],
    [20140625, 43.74, 1],
    [20150717, 43.74, 1],
    [20160701, 61.71],
    [20170707, 67.87],
    [20180615, 109.99],
    [20190628, 145.39],
    [20200624, 170.25],
    [20210625, 192.93],
    [20220630, 216.75],
    [20221227, 219.1],
    [20230630, 259.11],
    [20231220, 191.06],
    [20240619, 308.76],
    [20241220, 238.82],
    [20250626, 276.73],
    [20251219, 239.57],
  ] as const;
  const ev = priceEvents([dividend(20060519, 3, 10), ...cash.map(([d, c, b]) => dividend(d, c, b ?? 0))]);
  const q = affinePrices(s, ev, day(20260602), IDENTITY, 100);
  assert.deepEqual([q.open[0], q.high[0], q.low[0], q.close[0]], [-261.29, -259.88, -261.76, -260.48], "2006-04-25, before the share reform");
  // The open is −260.974954…: a single rounding gives −260.97; the terminal shows −260.98 (1/10,000 first: −260.9750).
  assert.deepEqual([q.open[1], q.high[1], q.low[1], q.close[1]], [-260.98, -260.58, -262.33, -260.6], "2006-05-26");
  assert.equal(q.close[2], 1396.04, "2025-06-26");
});

test("HFQ is based on the first trading day: a record dated before it moves no price", () => {
  // SZ 000001: a rights issue on 1990-03-01, listing on 1991-04-03 (eltdx's recorded xdxr reply).
  const s = series([flat(19910403, 49), flat(19910404, 48), flat(19910405, 50)]);
  const preListing = dividend(19900301, 0, 0, 1, 3.56);
  const h = adjustBars(s, priceEvents([preListing, dividend(19910405, 5)]), "HFQ").series;
  assert.deepEqual([...h.close], [49, 48, 50.5], "listing day raw; only the dividend after it grows later prices");
  const without = adjustBars(s, priceEvents([dividend(19910405, 5)]), "HFQ").series;
  assert.deepEqual([...h.close], [...without.close]);
});

test("property: events in one gap act as their composition", () => {
  fc.assert(
    fc.property(
      fc.array(fc.record({ cash: fc.integer({ min: 0, max: 500 }), bonus: fc.integer({ min: 0, max: 30 }) }), {
        minLength: 1,
        maxLength: 4,
      }),
      (evs) => {
        const recs = evs.map((e, k) => dividend(20240110 + k, e.cash / 100, e.bonus / 10));
        const ev = priceEvents(recs);
        const s = series([flat(20240105, 50), flat(20240120, 50)]);
        const { a, b } = affineAt(ev, day(20240105), day(20240120));
        // Reference: apply the events oldest first to a price, as ex-right references.
        const ref = (p: number) => ev.reduce((x, e) => (x - e.c) / e.m, p);
        assert.ok(Math.abs(a * 50 + b - ref(50)) < 1e-9, "Math.abs(a * 50 + b - ref(50)) < 1e-9");
        const q = adjustBars(s, ev, "QFQ").series;
        assert.ok(Math.abs(defined(q.close[0], "the first close") - ref(50)) <= 0.00505 + 1e-9, "within the terminal's rounding of the reference");
      },
    ),
  );
});
