import assert from "node:assert/strict";
import { test } from "node:test";
import { wrReversal } from "../../../plugins/strategies/wr-reversal.ts";
import { checkContract, daily, on } from "./strategy-cases.ts";

test("wr_reversal: easy_tdx's defaults on the −100..0 scale, contract", () => {
  assert.deepEqual(wrReversal.params.parse({}), { n: 14, oversold: -80, overbought: -20 });
  checkContract(wrReversal, { n: 3 }, { overbought: 1 });
});

test("wr_reversal: a close at the low of the window is −100 (buy); at the high, 0 (sell)", () => {
  // daily(): high = max(open, close), low = min(open, close), open = previous close
  const s = daily([10, 11, 12, 11, 10, 9, 10, 11, 12]);
  const sig = wrReversal.signals(s, { n: 3, oversold: -80, overbought: -20 });
  // bar 4: window highs 12 12 11, lows 11 10 10 → %R = −(12 − 10)/(12 − 10)·100 = −100
  assert.deepEqual(on(sig.entries), [4, 5]);
  // bars 1, 2: the close is the window's high (%R 0); bars 7, 8 likewise on the way up (bar 6: −(11 − 10)/2 = −50)
  assert.deepEqual(on(sig.exits), [1, 2, 7, 8]);
});
