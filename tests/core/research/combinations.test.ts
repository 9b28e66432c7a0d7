/** k-subsets in itertools.combinations order, and their count, against a recursive enumeration. */
import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { choose, combinationsOf } from "../../../core/research/combinations.ts";

const subsets = (xs: number[], k: number): number[][] => (k === 0 ? [[]] : xs.flatMap((x, i) => subsets(xs.slice(i + 1), k - 1).map((r) => [x, ...r])));

test("combinationsOf: every k-subset once, in itertools order; choose counts them", () => {
  fc.assert(
    fc.property(fc.integer({ min: 0, max: 9 }), fc.integer({ min: 0, max: 10 }), (n, k) => {
      const xs = Array.from({ length: n }, (_, i) => i);
      const expected = k === 0 ? [] : subsets(xs, k);
      assert.deepEqual(combinationsOf(xs, k), expected);
      assert.equal(choose(n, k), k === 0 ? 1 : expected.length);
    }),
  );
  assert.equal(choose(22, 2) + choose(22, 3), 231 + 1540);
  assert.deepEqual(combinationsOf(["a", "b", "c"], 2), [
    ["a", "b"],
    ["a", "c"],
    ["b", "c"],
  ]);
});
