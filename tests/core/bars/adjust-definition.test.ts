/**
 * core/bars/adjust.ts, adjust-affine.ts and adjust-ratio.ts against the definitions written again
 * here, bar by bar and event by event (adapters/tdx/README.md 7.1, 7.2), with no coefficient
 * caching, no walking back and no shared helper but the terminal's rounding (round.ts, tested on
 * its own):
 * - QFQ: a raw price P of a bar dated d becomes the ex-right reference (P − c) / m of every
 *   effective event (ex-date after d, on or before "today"), oldest event first;
 * - HFQ: from the base day's raw price, a later bar's price is undone event by event, newest first
 *   (P × m + c for each event after the base, up to the bar's date), an earlier bar's is adjusted
 *   forward to the base as QFQ adjusts it to today;
 * - the ratio fallback: each gap between two bars (or after the last bar, up to today) scales every
 *   bar before it by reference(close) / close, or by 1 / (product of m) when that is not positive.
 * The method is the ratio one exactly when the affine QFQ rounds some positive raw price to 0 or below.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { adjustBars, adjustBasis, needsBasis } from "../../../core/bars/adjust.ts";
import { affineAt, affinePrices, IDENTITY, lastEffective } from "../../../core/bars/adjust-affine.ts";
import { forwardRatio, ratioGaps, ratioPrices } from "../../../core/bars/adjust-ratio.ts";
import { priceEvents, type PriceEvent } from "../../../core/bars/price-events.ts";
import { roundAdjusted } from "../../../core/bars/round.ts";
import { allocSeries, sliceSeries, type BarSeries } from "../../../core/bars/series.ts";
import { dailySeries, dateOf, DAY, dividend, eventsFor, flat, series } from "./build.ts";

const PRICES = ["open", "high", "low", "close"] as const;
const dayOfTime = (t: number) => Math.floor(t / DAY);
const day = (yyyymmdd: number) => dayOfTime(flat(yyyymmdd, 0).t);

/** The events in effect between a bar dated `from` (exclusive) and `to` (inclusive), in ex-date order. */
const between = (ev: readonly PriceEvent[], from: number, to: number) => ev.filter((e) => e.day > from && e.day <= to);

/** QFQ of one raw price of a bar dated `d`, unrounded. */
const qfqOf = (p: number, ev: readonly PriceEvent[], d: number, today: number) => between(ev, d, today).reduce((x, e) => (x - e.c) / e.m, p);

/** HFQ of one raw price of a bar dated `d`, based on `base`, unrounded. */
function hfqOf(p: number, ev: readonly PriceEvent[], d: number, base: number, today: number): number {
  if (d <= base) return qfqOf(p, ev, d, Math.min(base, today));
  return between(ev, base, Math.min(d, today)).reduceRight((x, e) => x * e.m + e.c, p);
}

/** Forward ratio factor of every bar of `s` over the history `h`, from the gaps' closes. */
function ratioFactors(h: BarSeries, s: BarSeries, ev: readonly PriceEvent[], today: number): number[] {
  const gaps: { day: number; ratio: number }[] = [];
  for (let i = 0; i < h.length; i++) {
    const d = dayOfTime(h.time[i]!);
    const next = i + 1 < h.length ? dayOfTime(h.time[i + 1]!) : today;
    const inGap = between(ev, d, Math.min(next, today));
    if (inGap.length === 0) continue;
    const close = h.close[i]!;
    const r = inGap.reduce((x, e) => (x - e.c) / e.m, close) / close;
    gaps.push({ day: inGap[0]!.day, ratio: r > 0 && Number.isFinite(r) ? r : 1 / inGap.reduce((x, e) => x * e.m, 1) });
  }
  return Array.from(s.time, (t) => gaps.filter((g) => g.day > dayOfTime(t)).reduce((f, g) => f * g.ratio, 1));
}

/** A rounding that float noise in the last digits could turn: the exact value sits on a 1/10,000 boundary. */
const nearBoundary = (x: number) => {
  const t = Math.abs(x) * 10_000;
  return Math.abs(t - Math.floor(t) - 0.5) < 1e-4 + t * 1e-12;
};

/** `got` is `exact` as the terminal rounds it to 1/`scale` (or off by one unit where float noise decides the rounding). */
function assertRounded(got: number, exact: number, scale: number, what: string): void {
  const want = roundAdjusted(exact, scale);
  if (got === want) return;
  assert.ok(nearBoundary(exact) && Math.abs(got - want) <= 1 / scale + 1e-12, `${what}: ${got}, want ${want} (exact ${exact})`);
}

const withEvents = (maxLen = 40) => dailySeries(maxLen).chain((s) => fc.tuple(fc.constant(s), eventsFor(s)));
/** A "today" from before the first bar to after the last. */
const withToday = (maxLen = 40) =>
  withEvents(maxLen).chain(([s, recs]) => fc.tuple(fc.constant(s), fc.constant(recs), fc.integer({ min: dayOfTime(s.time[0]!) - 5, max: dayOfTime(s.time[s.length - 1]!) + 15 })));

const isRatio = (s: BarSeries, ev: readonly PriceEvent[], today: number) =>
  PRICES.some((f) => Array.from(s[f]).some((p, i) => p > 0 && roundAdjusted(qfqOf(p, ev, dayOfTime(s.time[i]!), today), 100) <= 0));

test("property: QFQ is each price's ex-right reference through every effective event, or the ratio method when that loses a sign", () => {
  const methods = new Set<string>();
  fc.assert(
    fc.property(withToday(), fc.constantFrom(2, 3), ([s, recs, today], decimals) => {
      const ev = priceEvents(recs);
      const scale = 10 ** decimals;
      const asOf = dateOf(today * DAY);
      const ratio = isRatio(s, ev, today);
      const q = adjustBars(s, ev, "QFQ", decimals === 2 ? { asOf } : { asOf, decimals });
      methods.add(q.method);
      // The method is decided on the 2-decimal rounding only for the default; with 3 decimals compare where both agree.
      if (decimals === 2) assert.equal(q.method, ratio ? "ratio" : "affine", "the method");
      const f = q.method === "ratio" ? ratioFactors(s, s, ev, today) : undefined;
      for (let i = 0; i < s.length; i++)
        for (const k of PRICES) {
          const exact = f ? f[i]! * s[k][i]! : qfqOf(s[k][i]!, ev, dayOfTime(s.time[i]!), today);
          assertRounded(q.series[k][i]!, exact, scale, `${q.method} ${k}[${i}]`);
        }
    }),
    { numRuns: 300 },
  );
  assert.deepEqual([...methods].sort(), ["affine", "ratio"], "both methods were exercised");
});

test("property: HFQ undoes every event since the base day (the first bar, or hfqBase), and moves earlier bars forward to it", () => {
  fc.assert(
    fc.property(withToday(), fc.integer({ min: -3, max: 50 }), ([s, recs, today], baseOffset) => {
      const ev = priceEvents(recs);
      const asOf = dateOf(today * DAY);
      const first = dayOfTime(s.time[0]!);
      const own = adjustBars(s, ev, "HFQ", { asOf });
      assert.equal(own.method, "affine");
      const based = adjustBars(s, ev, "HFQ", { asOf, hfqBase: dateOf((first + baseOffset) * DAY) });
      for (let i = 0; i < s.length; i++)
        for (const k of PRICES) {
          const d = dayOfTime(s.time[i]!);
          assertRounded(own.series[k][i]!, hfqOf(s[k][i]!, ev, d, first, today), 100, `HFQ ${k}[${i}]`);
          assertRounded(based.series[k][i]!, hfqOf(s[k][i]!, ev, d, first + baseOffset, today), 100, `HFQ based ${baseOffset} ${k}[${i}]`);
        }
    }),
    { numRuns: 300 },
  );
});

test("property: a window with the history's basis adjusts as the history does; the basis is the history's first day, length and method", () => {
  fc.assert(
    fc.property(
      withEvents(50).chain(([s, r]) =>
        fc.tuple(fc.constant(s), fc.constant(r), fc.nat(s.length - 1)).chain(([s, r, a]) => fc.tuple(fc.constant(s), fc.constant(r), fc.constant(a), fc.integer({ min: a + 1, max: s.length }))),
      ),
      ([h, recs, from, to]) => {
        const ev = priceEvents(recs);
        const today = dayOfTime(h.time[h.length - 1]!);
        const asOf = dateOf(today * DAY);
        const basis = adjustBasis(h, ev, today);
        const ratio = isRatio(h, ev, today);
        assert.deepEqual([basis.firstDay, basis.bars, basis.qfq], [dayOfTime(h.time[0]!), h.length, ratio ? "ratio" : "affine"], "the basis");
        assert.equal(basis.gaps.length > 0, ratio, "gaps only for the ratio method");
        const w = sliceSeries(h, from, to);
        const q = adjustBars(w, ev, "QFQ", { asOf, basis });
        assert.equal(q.method, basis.qfq, "the window takes the history's method");
        const f = ratio ? ratioFactors(h, w, ev, today) : undefined;
        const hfq = adjustBars(w, ev, "HFQ", { asOf, basis }).series;
        for (let i = 0; i < w.length; i++)
          for (const k of PRICES) {
            const d = dayOfTime(w.time[i]!);
            assertRounded(q.series[k][i]!, f ? f[i]! * w[k][i]! : qfqOf(w[k][i]!, ev, d, today), 100, `QFQ ${k}[${i}]`);
            assertRounded(hfq[k][i]!, hfqOf(w[k][i]!, ev, d, dayOfTime(h.time[0]!), today), 100, `HFQ ${k}[${i}]`);
          }
      },
    ),
    { numRuns: 300 },
  );
});

test("property: a window needs the basis exactly when some effective event pays cash (QFQ) or is dated on or before its first bar (HFQ)", () => {
  fc.assert(
    fc.property(withToday(), ([s, recs, today]) => {
      const ev = priceEvents(recs);
      const first = dayOfTime(s.time[0]!);
      const effective = ev.filter((e) => e.day <= today);
      assert.equal(needsBasis(s, ev, "NONE", today), false, "NONE never");
      assert.equal(
        needsBasis(s, ev, "QFQ", today),
        effective.some((e) => e.c !== 0),
        "QFQ",
      );
      assert.equal(
        needsBasis(s, ev, "HFQ", today),
        effective.some((e) => e.day <= first),
        "HFQ",
      );
      assert.equal(needsBasis(allocSeries(0), ev, "QFQ", today), false, "an empty window never");
    }),
  );
});

test("hand-checked: events without cash need no basis for QFQ, whatever their date; HFQ needs one for an event on the first bar's date", () => {
  const s = series([flat(20240102, 10), flat(20240104, 10)]);
  const bonus = priceEvents([dividend(20240102, 0, 10), dividend(20240103, 0, 5)]);
  assert.equal(needsBasis(s, bonus, "QFQ", day(20240104)), false, "bonus shares only");
  assert.equal(needsBasis(s, bonus, "HFQ", day(20240104)), true, "an event on the first bar's date");
  assert.equal(needsBasis(s, bonus.slice(1), "HFQ", day(20240104)), false, "only an event after the first bar");
  assert.equal(needsBasis(s, priceEvents([dividend(20240103, 1)]), "QFQ", day(20240104)), true, "a cash dividend");
  assert.equal(needsBasis(s, priceEvents([dividend(20240103, 1)]), "QFQ", day(20240102)), false, "not yet effective");
});

test("a price adjusted to exactly zero counts as losing its sign, field by field", () => {
  // One yuan a share is paid on 2024-01-03; each bar of 2024-01-02 has exactly one price of 1.00, which QFQ maps to 0.
  for (const k of PRICES) {
    const bar = { ...flat(20240102, 3), [k === "open" ? "o" : k === "high" ? "h" : k === "low" ? "l" : "c"]: 1 };
    const s = series([bar, flat(20240103, 3)]);
    const ev = priceEvents([dividend(20240103, 10)]);
    const q = adjustBars(s, ev, "QFQ");
    assert.equal(q.method, "ratio", `${k} at 0`);
    assert.equal(adjustBasis(s, ev, day(20240103)).qfq, "ratio", `${k} at 0: the basis`);
    // A close of 3 → 2 is the ratio 2/3 on every price of the first bar; a close of 1 → 0 keeps the shares' ratio, 1.
    assert.equal(q.series[k][0], k === "close" ? 1 : 0.67, `${k}: 1 × the gap's ratio`);
    // A raw price of 0 (a missing one) that stays at or below 0 does not force the fallback.
    const zero = series([{ ...flat(20240102, 3), [k === "open" ? "o" : k === "high" ? "h" : k === "low" ? "l" : "c"]: 0 }, flat(20240103, 3)]);
    assert.equal(adjustBars(zero, priceEvents([dividend(20240103, 1)]), "QFQ").method, "affine", `${k}: raw 0`);
  }
});

test("hand-checked: an empty history's basis starts today; a series without bars adjusts to itself", () => {
  const empty = allocSeries(0);
  const ev = priceEvents([dividend(20240103, 10)]);
  assert.deepEqual(adjustBasis(empty, ev, day(20240105)), { firstDay: day(20240105), bars: 0, qfq: "affine", gaps: [] });
  for (const mode of ["QFQ", "HFQ"] as const) {
    const r = adjustBars(empty, ev, mode);
    assert.equal(r.series, empty, `${mode}: the same series`);
    assert.equal(r.method, "affine", mode);
  }
  assert.equal(adjustBars(empty, ev, "NONE").method, "none");
});

test("hand-checked: 3 decimals keep the third; the basis decides the method on the same decimals", () => {
  const s = series([flat(20240102, 1.234), flat(20240103, 1.2)]);
  const ev = priceEvents([dividend(20240103, 0.125)]);
  // 1.234 − 0.0125 = 1.2215: 1.222 with 3 decimals (1.22 with 2)
  assert.equal(adjustBars(s, ev, "QFQ", { decimals: 3 }).series.close[0], 1.222);
  assert.equal(adjustBars(s, ev, "QFQ").series.close[0], 1.22);
  // HFQ: 1.2 + 0.0125 = 1.2125 → 1.213 (1.21 with 2)
  assert.equal(adjustBars(s, ev, "HFQ", { decimals: 3 }).series.close[1], 1.213);
  assert.equal(adjustBars(s, ev, "HFQ").series.close[1], 1.21);
  // 0.004 − 0.004 = 0 with 3 decimals (a sign lost), but 0.00 with 2 either way: the basis uses the decimals it is given.
  const tiny = series([{ ...flat(20240102, 1), l: 0.006 }, flat(20240103, 1)]);
  const ev2 = priceEvents([dividend(20240103, 0.02)]);
  assert.equal(adjustBasis(tiny, ev2, day(20240103), 3).qfq, "affine", "0.006 − 0.002 = 0.004 > 0 with 3 decimals");
  assert.equal(adjustBasis(tiny, priceEvents([dividend(20240103, 0.06)]), day(20240103), 3).qfq, "ratio", "0.006 − 0.006 = 0");
  assert.equal(adjustBasis(tiny, priceEvents([dividend(20240103, 0.05)]), day(20240103), 2).qfq, "ratio", "0.006 − 0.005 = 0.001 → 0.00 with 2 decimals");
  assert.equal(adjustBasis(tiny, priceEvents([dividend(20240103, 0.05)]), day(20240103), 3).qfq, "affine", "0.001 with 3 decimals");
});

test("hand-checked: the affine coefficients and the last effective event", () => {
  const ev = priceEvents([dividend(20240103, 2), dividend(20240105, 0, 10), dividend(20240110, 5)]);
  assert.equal(lastEffective(ev, day(20240102)), -1, "none effective before the first");
  assert.equal(lastEffective(ev, day(20240103)), 0, "effective on its ex-date");
  assert.equal(lastEffective(ev, day(20240109)), 1);
  assert.equal(lastEffective(ev, day(20240110)), 2);
  assert.equal(lastEffective([], day(20240110)), -1);
  // Bar of 01-02, today 01-09: (P − 0.2) / 2 = 0.5 P − 0.1
  assert.deepEqual(affineAt(ev, day(20240102), day(20240109)), { a: 0.5, b: -0.1 });
  // Bar of 01-03: only the bonus after it
  assert.deepEqual(affineAt(ev, day(20240103), day(20240109)), { a: 0.5, b: 0 });
  // Bar of 01-04, today 01-10: (P / 2) − 0.5
  assert.deepEqual(affineAt(ev, day(20240104), day(20240110)), { a: 0.5, b: -0.5 });
  assert.deepEqual(affineAt(ev, day(20240110), day(20240110)), { a: 1, b: 0 });
  // affinePrices with a base: the base's map undone after the bar's
  const s = series([flat(20240102, 10.2), flat(20240104, 11), flat(20240110, 4.5)]);
  const based = affinePrices(s, ev, day(20240110), affineAt(ev, day(20240102), day(20240110)), 100);
  assert.deepEqual([...based.close], [10.2, 11.2, 10.2], "HFQ from 01-02: 11 + 0.2, (4.5 + 0.5) × 2 + 0.2");
  assert.deepEqual([...affinePrices(s, ev, day(20240110), IDENTITY, 100).close], [4.5, 5, 4.5], "QFQ: (10.2 − 0.2) / 2 − 0.5, 11 / 2 − 0.5");
});

test("hand-checked: ratio gaps over a history, events after its last bar use the last close", () => {
  const h = series([flat(20240102, 10), flat(20240104, 8), flat(20240108, 6)]);
  // Per 10 shares: 01-03 10 yuan (10 → 9: 0.9); 01-05 2 yuan, then 01-06 10 bonus shares (8 → (8 − 0.2) / 2 = 3.9: 0.4875);
  // 01-09 3 yuan (6 → 5.7: 0.95); 01-20 is after today.
  const ev = priceEvents([dividend(20240103, 10), dividend(20240105, 2), dividend(20240106, 0, 10), dividend(20240109, 3), dividend(20240120, 1)]);
  const gaps = ratioGaps(h, ev, day(20240110));
  assert.deepEqual(
    gaps.map((g) => [g.day, Math.round(g.ratio * 1e12) / 1e12]),
    [
      [day(20240103), 0.9],
      [day(20240105), 0.4875],
      [day(20240109), 0.95],
    ],
  );
  const f = forwardRatio(h, ev, day(20240110), gaps);
  assert.deepEqual(
    Array.from(f, (x) => Math.round(x * 1e12) / 1e12),
    [0.9 * 0.4875 * 0.95, 0.4875 * 0.95, 0.95].map((x) => Math.round(x * 1e12) / 1e12),
  );
  // A dividend above the close: only the share multiplier counts for that gap.
  const big = ratioGaps(series([flat(20240102, 1), flat(20240104, 1)]), priceEvents([dividend(20240103, 20, 10)]), day(20240104));
  assert.deepEqual(big, [{ day: day(20240103), ratio: 0.5 }]);
  // A missing close (0): the same.
  const none = ratioGaps(series([flat(20240102, 0), flat(20240104, 1)]), priceEvents([dividend(20240103, 0, 10)]), day(20240104));
  assert.deepEqual(none, [{ day: day(20240103), ratio: 0.5 }]);
  // A missing close before a rights issue (c < 0): the reference is positive, the ratio infinite; the shares' ratio again.
  const rights = ratioGaps(series([flat(20240102, 0), flat(20240104, 1)]), priceEvents([dividend(20240103, 0, 0, 10, 2)]), day(20240104));
  assert.deepEqual(rights, [{ day: day(20240103), ratio: 0.5 }]);
  assert.deepEqual(ratioGaps(h, ev, day(20240102)), [], "nothing effective yet");
  // Prices: 6 × 0.95 = 5.7; 10 × 0.9 × 0.4875 × 0.95 = 4.168125 → 4.17
  assert.deepEqual([...ratioPrices(h, ev, day(20240110), 100, gaps).close], [4.17, 3.71, 5.7]);
});
