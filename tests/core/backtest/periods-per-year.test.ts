/**
 * Bars per year N (core/backtest/README.md, "Annualisation"; the rule stated in
 * core/backtest/periods-per-year.ts): several bars on one day are intraday bars,
 * N = annual_days × the most bars a day holds; otherwise the median gap between
 * bars (calendar days) picks the class: ≤ 4 daily (annual_days), ≤ 10 weekly (52),
 * ≤ 45 monthly (12), ≤ 135 quarterly (4), else yearly (1). Checked at every class
 * boundary, and on the real SSE trading calendar (the akshare calendar fixture)
 * sampled daily, weekly, monthly, quarterly and yearly, holidays included.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { periodsPerYear } from "../../../core/backtest/periods-per-year.ts";
import { fixture, readFixtureText } from "../../support/fixtures.ts";

const DAY = 86_400_000;
const T0 = Date.UTC(2024, 0, 2);

/** The class of a median gap of `g` calendar days, from the stated bounds. */
const byGap = (g: number, annualDays: number) => (g <= 4 ? annualDays : g <= 10 ? 52 : g <= 45 ? 12 : g <= 135 ? 4 : 1);

const timesOf = (gapsInDays: readonly number[]) => {
  let t = T0;
  return Float64Array.from([T0, ...gapsInDays.map((g) => (t += g * DAY))]);
};

test("equal gaps on either side of every class boundary: 4|5, 10|11, 45|46, 135|136 days", () => {
  const cases: [gap: number, n: number][] = [
    [1, 242],
    [3, 242],
    [4, 242],
    [5, 52],
    [7, 52],
    [10, 52],
    [11, 12],
    [31, 12],
    [45, 12],
    [46, 4],
    [92, 4],
    [135, 4],
    [136, 1],
    [365, 1],
  ];
  for (const [gap, n] of cases) {
    const time = timesOf(Array(20).fill(gap));
    assert.equal(periodsPerYear(time, time.length, 242), n, `gaps of ${gap} days`);
  }
});

test("mixed gaps: the median gap's class decides, boundary gaps weighted in", () => {
  const gap = fc.oneof(fc.constantFrom(1, 3, 4, 5, 10, 11, 45, 46, 135, 136), fc.integer({ min: 1, max: 400 }));
  fc.assert(
    fc.property(fc.array(gap, { minLength: 1, maxLength: 40 }), fc.constantFrom(242, 252), (gaps, annualDays) => {
      const sorted = [...gaps].sort((a, b) => a - b);
      const median = sorted[Math.floor(sorted.length / 2)]!;
      const time = timesOf(gaps);
      assert.equal(periodsPerYear(time, time.length, annualDays), byGap(median, annualDays), `gaps ${gaps}`);
    }),
    { seed: 29, numRuns: 500 },
  );
});

test("intraday bars: annual_days times the most bars one day holds", () => {
  fc.assert(
    fc.property(fc.array(fc.integer({ min: 1, max: 60 }), { minLength: 1, maxLength: 6 }), (perDay) => {
      fc.pre(Math.max(...perDay) > 1);
      const time: number[] = [];
      perDay.forEach((k, d) => {
        for (let i = 0; i < k; i++) time.push(T0 + d * DAY + (9.5 * 60 + 5 * i) * 60_000);
      });
      assert.equal(periodsPerYear(Float64Array.from(time), time.length, 242), 242 * Math.max(...perDay), `bars a day ${perDay}`);
    }),
    { seed: 30, numRuns: 200 },
  );
  assert.equal(periodsPerYear(Float64Array.from([T0]), 1, 242), 242, "one bar: annual_days");
});

const CALENDAR = "external/calendar/akshare-sse-trading-days-19901219-20261231.json";

test("the SSE calendar, holidays included, sampled daily, weekly, monthly, quarterly and yearly", (t) => {
  if (!fixture(CALENDAR)) {
    t.skip(`fixture ${CALENDAR} not found (../shared/fixtures is absent)`);
    return;
  }
  const days = (JSON.parse(readFixtureText(CALENDAR)) as string[]).map((d) => Date.UTC(Number(d.slice(0, 4)), Number(d.slice(4, 6)) - 1, Number(d.slice(6, 8))));
  /** The last trading day of each period named by `key`. */
  const lastOf = (from: number, key: (t: number) => number) => {
    const sel = days.filter((t) => t >= from);
    return Float64Array.from(sel.filter((t, i) => i === sel.length - 1 || key(sel[i + 1]!) !== key(t)));
  };
  const y = (t: number) => new Date(t).getUTCFullYear();
  const m = (t: number) => y(t) * 12 + new Date(t).getUTCMonth();
  // ISO-style week: days since the Monday 1970-01-05, in 7s
  const w = (t: number) => Math.floor((t / DAY - 4) / 7);
  const q = (t: number) => Math.floor(m(t) / 3);
  const cases: [name: string, time: Float64Array, n: number][] = [
    ["daily from 2015 (Spring Festival and Golden Week gaps)", lastOf(Date.UTC(2015, 0, 1), (t) => t), 242],
    ["daily from 2024-01-25, across the Spring Festival", lastOf(Date.UTC(2024, 0, 25), (t) => t), 242],
    ["weekly from 2010", lastOf(Date.UTC(2010, 0, 1), w), 52],
    ["monthly from 1995", lastOf(Date.UTC(1995, 0, 1), m), 12],
    ["quarterly from 1991", lastOf(Date.UTC(1991, 0, 1), q), 4],
    ["yearly from 1991", lastOf(Date.UTC(1991, 0, 1), y), 1],
  ];
  for (const [name, time, n] of cases) assert.equal(periodsPerYear(time, time.length, 242), n, name);
});
