import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { deriveBarFields } from "../../../core/bars/derived.ts";
import { marketTime } from "../../../core/bars/market-time.ts";
import { barColumns, barTable, barTimeLabel, timeLabels } from "../../../core/bars/rows.ts";
import { dailySeries, flat, series } from "./build.ts";

test("daily tables carry date, minute tables datetime, columns in easy_tdx's order", () => {
  const s = series([{ ...flat(20260902, 9.31), v: 42_714_684, a: 399_537_536 }]);
  const t = barTable(s, deriveBarFields(s), "DAY");
  assert.equal(t.timeKey, "date");
  // easy_tdx writes bar times with Python's isoformat() (web/schemas.py lines 111-112)
  assert.deepEqual(t.labels, ["2026-09-02T00:00:00"]);
  assert.deepEqual([t.timeKey, ...t.values.map(([n]) => n)], barColumns("DAY"));
  assert.deepEqual(
    t.values.map(([n, v]) => [n, v[0]]),
    [
      ["open", 9.31],
      ["close", 9.31],
      ["high", 9.31],
      ["low", 9.31],
      ["vol", 42_714_684],
      ["amount", 399_537_536],
      ["pre_close", 9.31],
      ["change", 0],
      ["change_pct", 0],
      ["amplitude_pct", 0],
    ],
  );
  const m = series([{ ...flat(20260902, 9.32), t: marketTime(2026, 9, 2, 11, 21) }]);
  assert.deepEqual(barTable(m, deriveBarFields(m), "MIN_1").labels, ["2026-09-02T11:21:00"]);
  assert.equal(barColumns("MIN_120")[0], "datetime");
  assert.equal(barColumns("YEAR")[0], "date");
});

test("property: one label per bar, columns are the series' own arrays", () => {
  fc.assert(
    fc.property(dailySeries(), (s) => {
      const d = deriveBarFields(s);
      const t = barTable(s, d, "WEEK");
      assert.equal(t.labels.length, s.length);
      assert.equal(t.values.find(([n]) => n === "close")![1], s.close);
      assert.equal(t.values.find(([n]) => n === "pre_close")![1], d.preClose);
      for (const l of t.labels) assert.match(l, /^\d{4}-\d{2}-\d{2}T00:00:00$/);
    }),
  );
});

/** Python's datetime.isoformat() of a market wall-clock time, via the platform's ISO writer. */
const isoformat = (t: number) => new Date(t).toISOString().slice(0, 19);

test("property: memoized labels equal isoformat() of the bar time (midnight for daily and longer bars)", () => {
  const from = marketTime(1990, 12, 19);
  const minutes = (marketTime(2040, 1, 1) - from) / 60_000;
  fc.assert(
    fc.property(fc.array(fc.integer({ min: 0, max: minutes }), { minLength: 1, maxLength: 30 }), (ms) => {
      const times = Float64Array.from(ms, (m) => from + m * 60_000);
      timeLabels(times, "MIN_5").forEach((l, i) => assert.equal(l, isoformat(times[i]!)));
      timeLabels(times, "MONTH").forEach((l, i) => assert.equal(l, isoformat(times[i]! - (times[i]! % 86_400_000))));
    }),
  );
});

test("barTimeLabel: midnight for daily bars, the minute for others (seconds dropped), as isoformat() writes them", () => {
  const t = marketTime(2026, 9, 2, 9, 31, 42);
  assert.equal(barTimeLabel(t, true), "2026-09-02T00:00:00");
  assert.equal(barTimeLabel(t, false), "2026-09-02T09:31:00");
  assert.equal(barTimeLabel(marketTime(1999, 12, 31, 15), false), "1999-12-31T15:00:00");
  assert.deepEqual(timeLabels(Float64Array.of(t, marketTime(2026, 9, 3, 23, 59, 59)), "MIN_1"), ["2026-09-02T09:31:00", "2026-09-03T23:59:00"]);
  assert.deepEqual(timeLabels(Float64Array.of(t), "DAY"), ["2026-09-02T00:00:00"]);
});

test("every category's columns: its time key, then easy_tdx's price, volume and derived columns", () => {
  for (const c of ["MIN_1", "MIN_5", "MIN_15", "MIN_30", "MIN_60", "MIN_120", "DAY", "WEEK", "MONTH", "SEASON", "YEAR"] as const)
    assert.deepEqual(barColumns(c), [c.startsWith("MIN_") ? "datetime" : "date", "open", "close", "high", "low", "vol", "amount", "pre_close", "change", "change_pct", "amplitude_pct"], c);
});
