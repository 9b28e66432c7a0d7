import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { marketTime } from "../../../core/bars/market-time.ts";
import { isTradingTime, tradingSession } from "../../../core/market/trading-session.ts";

// 2026-11-23 is a Monday.
const mon = (h: number, m: number, s = 0) => marketTime(2026, 11, 23, h, m, s);

test("window boundaries on a weekday", () => {
  const cases: [number, number, number, boolean][] = [
    [9, 14, 59, false],
    [9, 15, 0, true],
    [11, 30, 0, true],
    [11, 30, 1, false],
    [12, 59, 0, false],
    [12, 59, 59, false],
    [13, 0, 0, true],
    [15, 5, 0, true],
    [15, 5, 1, false],
    [0, 0, 0, false],
    [23, 59, 59, false],
  ];
  for (const [h, m, s, want] of cases) assert.equal(isTradingTime(mon(h, m, s)), want, `${h}:${m}:${s}`);
});

test("weekend is closed all day", () => {
  for (const d of [21, 22]) {
    for (const [h, m] of [
      [9, 15],
      [10, 0],
      [13, 0],
      [15, 5],
    ]) {
      assert.equal(isTradingTime(marketTime(2026, 11, d, h, m)), false);
    }
    assert.equal(tradingSession(marketTime(2026, 11, d, 10, 0)).phase, "weekend");
  }
});

test("phases and the next change", () => {
  assert.deepEqual(tradingSession(mon(9, 0)), { trading: false, phase: "pre_open", nextChange: mon(9, 15) });
  assert.deepEqual(tradingSession(mon(10, 0)), { trading: true, phase: "morning", nextChange: mon(11, 30, 1) });
  assert.deepEqual(tradingSession(mon(12, 0)), { trading: false, phase: "lunch_break", nextChange: mon(13, 0) });
  assert.deepEqual(tradingSession(mon(14, 0)), { trading: true, phase: "afternoon", nextChange: mon(15, 5, 1) });
  assert.deepEqual(tradingSession(mon(16, 0)), { trading: false, phase: "closed", nextChange: marketTime(2026, 11, 24, 9, 15) });
  // Friday evening → Monday morning.
  assert.equal(tradingSession(marketTime(2026, 11, 27, 16, 0)).nextChange, marketTime(2026, 11, 30, 9, 15));
});

test("the state holds until nextChange and flips there", () => {
  const start = marketTime(2020, 1, 1);
  fc.assert(
    fc.property(fc.integer({ min: 0, max: 3650 * 86_400 }), (sec) => {
      const t = start + sec * 1000;
      const s = tradingSession(t);
      return s.nextChange > t && tradingSession(s.nextChange - 1000).trading === s.trading && tradingSession(s.nextChange).trading !== s.trading;
    }),
    { numRuns: 3000 },
  );
});

test("Monday to Friday all trade: every weekday of a hand-checked week, Friday included", () => {
  // 2026-11-23 .. 2026-11-27 is Monday .. Friday (a calendar, checked by hand); 28 and 29 are the weekend.
  for (let d = 23; d <= 27; d++) {
    for (const [h, m, phase] of [
      [9, 15, "morning"],
      [11, 30, "morning"],
      [13, 0, "afternoon"],
      [15, 5, "afternoon"],
    ] as const) {
      assert.deepEqual([isTradingTime(marketTime(2026, 11, d, h, m)), tradingSession(marketTime(2026, 11, d, h, m)).phase], [true, phase], `11-${d} ${h}:${m}`);
    }
  }
  assert.deepEqual(tradingSession(marketTime(2026, 11, 26, 16, 0)).nextChange, marketTime(2026, 11, 27, 9, 15), "Thursday evening: Friday morning is next");
  for (const d of [28, 29]) assert.equal(tradingSession(marketTime(2026, 11, d, 10, 0)).phase, "weekend", `11-${d}`);
});
