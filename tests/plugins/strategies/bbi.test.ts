import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { bbiStrategy } from "../../../plugins/strategies/bbi.ts";
import { checkContract, on, walkArb } from "./strategy-cases.ts";

const mean = (x: Float64Array, i: number, n: number) => (i < n - 1 ? NaN : x.subarray(i - n + 1, i + 1).reduce((a, b) => a + b, 0) / n);

test("bbi: easy_tdx's defaults, contract", () => {
  assert.deepEqual(bbiStrategy.params.parse({}), { m1: 3, m2: 6, m3: 12, m4: 20 });
  checkContract(bbiStrategy, { m1: 1, m2: 2, m3: 5, m4: 10 }, { m4: 5 });
});

test("bbi: the close against the mean of four straightforward moving averages", () => {
  fc.assert(
    fc.property(walkArb, (s) => {
      const line = (i: number) => (mean(s.close, i, 2) + mean(s.close, i, 3) + mean(s.close, i, 5) + mean(s.close, i, 10)) / 4;
      const near = (i: number) => Math.abs(s.close[i]! - line(i)) < 1e-9;
      const sig = bbiStrategy.signals(s, { m1: 2, m2: 3, m3: 5, m4: 10 });
      const idx = [...s.close.keys()].filter((i) => !near(i));
      assert.deepEqual(on(sig.entries).filter((i) => !near(i)), idx.filter((i) => s.close[i]! > line(i)));
      assert.deepEqual(on(sig.exits).filter((i) => !near(i)), idx.filter((i) => s.close[i]! < line(i)));
    }),
    { numRuns: 60 },
  );
});
