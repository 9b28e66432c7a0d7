/**
 * The common clock of several bar series (core/backtest/timeline.ts) for any
 * set of ascending time arrays, shared days or not: its times are the sorted
 * distinct union (computed here with a Set and a sort), and each series' index
 * at a step is the bar it has at that time, −1 where it has none.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { carryForward, mergeDistinct, unionTimeline } from "../../../core/backtest/timeline.ts";

/** Ascending distinct times from a small range, so series often share days and often do not. */
const series = fc.uniqueArray(fc.integer({ min: 0, max: 60 }), { maxLength: 40 }).map((xs) =>
  Float64Array.from(
    xs.sort((a, b) => a - b),
    (x) => x * 86_400_000,
  ),
);

test("the timeline is the sorted union of the times, and every index points at the bar of that time", () => {
  fc.assert(
    fc.property(fc.array(series, { maxLength: 8 }), (times) => {
      const { time, index } = unionTimeline(times);
      const want = [...new Set(times.flatMap((t) => [...t]))].sort((a, b) => a - b);
      assert.deepEqual([...time], want, "sorted distinct union");
      times.forEach((t, s) => {
        const at = new Map([...t].map((v, j) => [v, j]));
        assert.deepEqual(
          [...index[s]!],
          want.map((v) => at.get(v) ?? -1),
          `series ${s}: its bar at each step, else −1`,
        );
      });
    }),
  );
});

test("carryForward: at each step the value of the series' latest bar at or before it, `before` until its first", () => {
  fc.assert(
    fc.property(fc.array(fc.boolean(), { maxLength: 30 }), fc.double({ noNaN: true }), (has, before) => {
      // the index of a series on a timeline: its bars in order where it has one, −1 elsewhere
      let j = 0;
      const index = Int32Array.from(has, (h) => (h ? j++ : -1));
      const values = Float64Array.from({ length: j }, (_, i) => 10 + i * 0.5);
      const out = carryForward(index, values, before);
      assert.equal(out.length, index.length, "one value per step");
      for (let k = 0; k < index.length; k++) {
        const seen = [...index.subarray(0, k + 1)].filter((b) => b !== -1);
        assert.equal(out[k], seen.length === 0 ? before : values[seen[seen.length - 1]!], `step ${k}`);
      }
    }),
  );
});

test("mergeDistinct: the sorted distinct union, and the first array itself (no copy) when the second adds no value", () => {
  fc.assert(
    fc.property(series, series, (a, b) => {
      const got = mergeDistinct(a, b);
      assert.deepEqual(
        [...got],
        [...new Set([...a, ...b])].sort((x, y) => x - y),
        "sorted distinct union",
      );
      const adds = [...b].some((v) => !a.includes(v));
      assert.equal(got === a, !adds, adds ? "a new array when b adds a value" : "a itself when every value of b is in a");
    }),
    { numRuns: 500 },
  );
  const a = Float64Array.of(1, 3, 5);
  assert.equal(mergeDistinct(a, Float64Array.of(1, 5)), a, "a subset: a itself");
  assert.equal(mergeDistinct(a, new Float64Array(0)), a, "nothing: a itself");
  assert.deepEqual([...mergeDistinct(a, Float64Array.of(5, 6))], [1, 3, 5, 6], "a value past a's end");
  assert.deepEqual([...mergeDistinct(a, Float64Array.of(0, 1))], [0, 1, 3, 5], "a value before a's start");
});
