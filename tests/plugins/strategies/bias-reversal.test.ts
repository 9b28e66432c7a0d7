import assert from "node:assert/strict";
import { test } from "node:test";
import { biasReversal } from "../../../plugins/strategies/bias-reversal.ts";
import { checkContract, daily, on } from "./strategy-cases.ts";

test("bias_reversal: easy_tdx's defaults, contract", () => {
  assert.deepEqual(biasReversal.params.parse({}), { n: 6, threshold: 5 });
  checkContract(biasReversal, { n: 3 }, { threshold: 0.5 });
});

test("bias_reversal: percent distance from MA(n) against ±threshold", () => {
  // MA2 of 10,10,9 → bar 2: (9 − 9.5)/9.5 = −5.26 % (buy); 9,10 → bar 3: (10 − 9.5)/9.5 = +5.26 % (sell)
  const sig = biasReversal.signals(daily([10, 10, 9, 10, 10.2]), { n: 2, threshold: 5 });
  assert.deepEqual(on(sig.entries), [2]);
  assert.deepEqual(on(sig.exits), [3]);
});
