/**
 * Indicator sharing in sweeps: with one memo shared by every point of a
 * strategy's preset grid (and by all strategies on the same series), each
 * point's flags equal the flags computed afresh; and the one-pass cross flags
 * equal the formula engine's CROSS both ways.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { cross } from "../../../core/formula/kernels/signals.ts";
import { gridPoint, gridSize, type ParamGrid } from "../../../core/research/param-grid.ts";
import { MemoTable } from "../../../core/research/series-memo.ts";
import { strategies } from "../../../plugins/strategies/index.ts";
import { crossSignals } from "../../../plugins/strategies/strategy-kit.ts";
import { walkArb } from "./strategy-cases.ts";

test("flags with a memo shared across grid points and strategies equal the flags computed afresh", () => {
  fc.assert(
    fc.property(walkArb, (s) => {
      const memo = new MemoTable();
      for (const plugin of strategies) {
        const grid = plugin.defaultGrid as ParamGrid;
        for (let i = 0; i < gridSize(grid); i++) {
          const parsed = plugin.params.safeParse(gridPoint(grid, {}, i));
          if (!parsed.success) continue;
          const shared = plugin.signals(s, parsed.data, memo);
          const fresh = plugin.signals(s, parsed.data);
          assert.deepEqual(shared, fresh, `${plugin.id} ${JSON.stringify(parsed.data)}`);
        }
      }
      assert.ok(memo.size > 0, "memo.size > 0");
    }),
    { numRuns: 15 },
  );
});

test("a memo computes each key once", () => {
  const memo = new MemoTable();
  let calls = 0;
  const a = memo.get("ma(close,5)", () => (calls++, new Float64Array(3)));
  const b = memo.get("ma(close,5)", () => (calls++, new Float64Array(3)));
  assert.equal(a, b);
  assert.equal(calls, 1);
});

test("one-pass cross flags equal CROSS(a,b) and CROSS(b,a), NaN included", () => {
  const value = fc.oneof(fc.integer({ min: -5, max: 5 }), fc.constant(Number.NaN));
  fc.assert(
    fc.property(fc.array(fc.tuple(value, value), { maxLength: 60 }), (pairs) => {
      const a = Float64Array.from(pairs, (p) => p[0]);
      const b = Float64Array.from(pairs, (p) => p[1]);
      const up = new Float64Array(a.length);
      const down = new Float64Array(a.length);
      cross(up, a, b);
      cross(down, b, a);
      const got = crossSignals(a, b);
      assert.deepEqual([...got.entries], [...up]);
      assert.deepEqual([...got.exits], [...down]);
    }),
  );
});
