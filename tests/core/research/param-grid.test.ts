import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { chunkRanges, gridPoint, gridSize, gridValues } from "../../../core/research/param-grid.ts";
import { directionOf, rankOrder } from "../../../core/research/objective.ts";

test("points in itertools.product order: first parameter outermost, base values kept, keys in grid order", () => {
  const grid = { fast: [5, 10], slow: [20, 30, 60] };
  assert.equal(gridSize(grid), 6);
  assert.equal(gridSize({}), 1);
  const points = Array.from({ length: 6 }, (_, i) => gridValues(grid, i));
  assert.deepEqual(points, [
    { fast: 5, slow: 20 },
    { fast: 5, slow: 30 },
    { fast: 5, slow: 60 },
    { fast: 10, slow: 20 },
    { fast: 10, slow: 30 },
    { fast: 10, slow: 60 },
  ]);
  assert.deepEqual(Object.keys(gridValues(grid, 4)), ["fast", "slow"]);
  assert.deepEqual(gridPoint(grid, { mode: "breakout", fast: 1 }, 5), { mode: "breakout", fast: 10, slow: 60 });
  assert.deepEqual(gridPoint({}, { n: 3 }, 0), { n: 3 });
});

test("every point of a grid is distinct, and chunks partition the index range in order", () => {
  fc.assert(
    fc.property(fc.array(fc.integer({ min: 1, max: 5 }), { minLength: 1, maxLength: 4 }), fc.integer({ min: 1, max: 40 }), (lengths, parts) => {
      const grid = Object.fromEntries(lengths.map((n, k) => [`p${k}`, Array.from({ length: n }, (_, i) => i)]));
      const total = gridSize(grid);
      const seen = new Set(Array.from({ length: total }, (_, i) => JSON.stringify(gridValues(grid, i))));
      assert.equal(seen.size, total);
      const ranges = chunkRanges(total, parts);
      assert.ok(ranges.length <= parts && ranges.length >= 1, "ranges.length <= parts && ranges.length >= 1");
      assert.equal(ranges[0]![0], 0);
      assert.equal(ranges[ranges.length - 1]![1], total);
      for (let k = 1; k < ranges.length; k++) assert.equal(ranges[k]![0], ranges[k - 1]![1]);
      for (const [a, b] of ranges) assert.ok(b > a, "b > a");
    }),
  );
});

test("ranking order: best first by direction, undefined values last, ties in grid order", () => {
  const v = Float64Array.from([0.5, Number.NaN, 2, 0.5, -1, Number.NaN, Infinity]);
  assert.deepEqual([...rankOrder(v, "max")], [6, 2, 0, 3, 4, 1, 5]);
  assert.deepEqual([...rankOrder(v, "min")], [4, 0, 3, 2, 6, 1, 5]);
  assert.equal(directionOf("sharpe"), "max");
  assert.equal(directionOf("max_drawdown"), "min");
  assert.equal(directionOf("total_fees"), "min");
});
