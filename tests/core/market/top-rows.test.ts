/** The bounded-heap top N equals the first N of a full sort by score descending, ties to the lower row. */
import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { topRows } from "../../../core/market/top-rows.ts";

function bySort(score: Float64Array, m: number, k: number): number[] {
  return Array.from({ length: m }, (_, i) => i)
    .sort((x, y) => score[y]! - score[x]! || x - y)
    .slice(0, Math.max(0, k));
}

test("top N equals a full sort's first N, with many ties and signed zeros", () => {
  // few distinct values so ties are common
  const value = fc.constantFrom(-2, -1, -0, 0, 0.5, 1, 3, 1e-300, -1e300);
  fc.assert(
    fc.property(fc.array(value, { maxLength: 200 }), fc.integer({ min: 0, max: 210 }), (xs, k) => {
      const score = Float64Array.from(xs);
      assert.deepEqual(Array.from(topRows(score, xs.length, k)), bySort(score, xs.length, k), `k=${k}`);
    }),
    { seed: 20261126, numRuns: 400 },
  );
});

test("top N of an unbounded count is the whole order, and of a prefix only that prefix", () => {
  const score = Float64Array.of(1, 5, 5, 2, 9, 7);
  assert.deepEqual(Array.from(topRows(score, 6, Infinity)), [4, 5, 1, 2, 3, 0]);
  assert.deepEqual(Array.from(topRows(score, 4, 3)), [1, 2, 3], "rows past m are not candidates");
  assert.deepEqual(Array.from(topRows(score, 6, 0)), []);
});
