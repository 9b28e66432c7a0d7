import assert from "node:assert/strict";
import { test } from "node:test";
import { rsiReversal } from "../../../plugins/strategies/rsi-reversal.ts";
import { checkContract, daily, on } from "./strategy-cases.ts";

test("rsi_reversal: defaults, bounds, oversold below overbought, contract", () => {
  assert.deepEqual(rsiReversal.params.parse({}), { n: 14, oversold: 30, overbought: 70 });
  assert.equal(rsiReversal.params.safeParse({ oversold: 45, overbought: 40 }).success, false);
  checkContract(rsiReversal, { n: 3 }, { overbought: 96 });
});

test("rsi_reversal: RSI(2) by hand — 0 on the fall, 50, 75, 87.5 ... on the rise", () => {
  // Wilder smoothing with weight 1/2: after four down moves U = 0, M = 1; then up moves
  // give U = 0.5, 0.75, 0.875 ... with M = 1, i.e. RSI 50, 75, 87.5, 93.75, 96.9.
  const s = daily([10, 9, 8, 7, 6, 7, 8, 9, 10, 11]);
  const sig = rsiReversal.signals(s, { n: 2, oversold: 30, overbought: 70 });
  assert.deepEqual(on(sig.entries), [1, 2, 3, 4]);
  assert.deepEqual(on(sig.exits), [6, 7, 8, 9]);
});
