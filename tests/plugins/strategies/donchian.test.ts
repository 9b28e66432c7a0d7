import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { donchian } from "../../../plugins/strategies/donchian.ts";
import { checkContract, daily, on, walkArb } from "./strategy-cases.ts";

test("donchian: defaults (turtle 20/10), bounds, contract", () => {
  assert.deepEqual(donchian.params.parse({}), { n: 20, exit_n: 10 });
  checkContract(donchian, { n: 5, exit_n: 3 }, { n: 4 });
});

test("donchian: a close above the previous n highs buys, below the previous exit_n lows sells", () => {
  fc.assert(
    fc.property(walkArb, (s) => {
      const max = (i: number, n: number) => Math.max(...s.high.subarray(i - n, i));
      const min = (i: number, n: number) => Math.min(...s.low.subarray(i - n, i));
      const idx = [...s.close.keys()];
      const sig = donchian.signals(s, { n: 5, exit_n: 3 });
      assert.deepEqual(
        on(sig.entries),
        idx.filter((i) => i >= 5 && s.close[i]! > max(i, 5)),
      );
      assert.deepEqual(
        on(sig.exits),
        idx.filter((i) => i >= 3 && s.close[i]! < min(i, 3)),
      );
    }),
    { numRuns: 80 },
  );
});

test("donchian: a new high is a breakout, touching the old high is not", () => {
  const s = daily([10, 11, 12, 11, 12, 13, 12, 11, 10]);
  const sig = donchian.signals(s, { n: 3, exit_n: 2 });
  // bar 4 closes at 12 = the previous high (not above); bar 5 makes 13
  assert.deepEqual(on(sig.entries), [5]);
  // lows (min of open, close): 10 10 11 11 11 12 12 11 10; bar 7 closes 11 < min(low 5..6) = 12, bar 8 10 < 11
  assert.deepEqual(on(sig.exits), [7, 8]);
});
