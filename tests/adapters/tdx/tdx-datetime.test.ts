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

test("month edges: the first millisecond of the next month after a cached month, and the packed years' ends", () => {
  const stamp = new DayStamper();
  assert.equal(stamp.yyyymmdd(marketTime(2024, 1, 31, 23, 59)), 20240131);
  assert.equal(stamp.yyyymmdd(marketTime(2024, 2, 1)), 20240201, "2024-02-01 00:00 is not January's 32nd");
  assert.equal(stamp.yyyymmdd(marketTime(2024, 1, 31) + 86_399_999), 20240131, "the last ms of January stays in it");
  const packer = new DayStamper();
  assert.equal(packer.dayWord(marketTime(2024, 1, 31, 15)), 20 * 2048 + 131);
  assert.equal(packer.dayWord(marketTime(2024, 2, 1)), 20 * 2048 + 201, "packed: February's first day after January's last");
  // design doc 6.4: year = (D >> 11) + 2004 in a u16, so 2004 (D < 2048) to 2035 (D >> 11 = 31) fit
  assert.equal(new DayStamper().dayWord(marketTime(2004, 1, 1)), 101);
  assert.equal(new DayStamper().dayWord(marketTime(2035, 12, 31)), 31 * 2048 + 1231);
  assert.throws(() => new DayStamper().dayWord(marketTime(2036, 1, 1)), new RangeError("year 2036 cannot be packed (2004..2035)"));
  const clock = new DayClock();
  assert.equal(clock.yyyymmdd(20240131), marketTime(2024, 1, 31));
  assert.equal(clock.yyyymmdd(20240201), marketTime(2024, 2, 1), "a new month after day 31 of the cached one");
  assert.equal(clock.yyyymmdd(20231231), marketTime(2023, 12, 31), "an earlier month");
});
