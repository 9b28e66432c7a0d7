import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { DayClock, DayStamper } from "../../../adapters/tdx/tdx-datetime.ts";
import { fromYyyymmdd, marketTime } from "../../../core/bars/market-time.ts";

test("the design doc's packed example: day word 35239, minute 571 = 2021-04-23 09:31", () => {
  assert.equal(new DayClock().packed(35239, 571), marketTime(2021, 4, 23, 9, 31));
  const stamp = new DayStamper();
  const t = marketTime(2021, 4, 23, 9, 31);
  assert.deepEqual([stamp.dayWord(t), stamp.minuteOfDay(t)], [35239, 571]);
});

const date = fc.tuple(fc.integer({ min: 1990, max: 2099 }), fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 28 }));

test("DayClock and DayStamper agree with Date.UTC in any order (the month caches never leak)", () => {
  fc.assert(
    fc.property(fc.array(fc.tuple(date, fc.integer({ min: 0, max: 86_399_999 })), { minLength: 1, maxLength: 60 }), (rows) => {
      const clock = new DayClock();
      const stamp = new DayStamper();
      for (const [[y, m, d], ms] of rows) {
        const n = y * 10000 + m * 100 + d;
        assert.equal(clock.yyyymmdd(n), fromYyyymmdd(n), String(n));
        assert.equal(stamp.yyyymmdd(fromYyyymmdd(n) + ms), n, `${n} +${ms} ms`);
      }
    }),
  );
});

test("packed dates and minutes round-trip for 2004..2035", () => {
  fc.assert(
    fc.property(
      fc.array(fc.tuple(fc.integer({ min: 2004, max: 2035 }), fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 28 }), fc.integer({ min: 0, max: 1439 })), { minLength: 1, maxLength: 40 }),
      (rows) => {
        const clock = new DayClock();
        const stamp = new DayStamper();
        for (const [y, m, d, minute] of rows) {
          const t = marketTime(y, m, d, 0, minute);
          assert.equal(clock.packed(stamp.dayWord(t), stamp.minuteOfDay(t)), t);
        }
      },
    ),
  );
  assert.throws(() => new DayStamper().dayWord(marketTime(2003, 12, 31)), /cannot be packed/);
});
