import assert from "node:assert/strict";
import { test } from "node:test";
import { atrBreakout } from "../../../plugins/strategies/atr-breakout.ts";
import { checkContract, daily, on } from "./strategy-cases.ts";

test("atr_breakout: easy_tdx's defaults, contract", () => {
  assert.deepEqual(atrBreakout.params.parse({}), { n_ma: 20, n_atr: 20, k: 2 });
  checkContract(atrBreakout, { n_ma: 5, n_atr: 5 }, { k: 6 });
});

test("atr_breakout: MA ± k·ATR by hand", () => {
  // closes 10 10 10 10 10 12: true range has no value on bar 0 (no previous close), 0 on bars 1–4 and 2 on bar 5,
  // so ATR5 first exists on bar 5 = 2/5 = 0.4; MA5 = 10.4; upper = 10.4 + 1 × 0.4 = 10.8 ≤ 12
  const sig = atrBreakout.signals(daily([10, 10, 10, 10, 10, 12]), { n_ma: 5, n_atr: 5, k: 1 });
  assert.deepEqual(on(sig.entries), [5]);
  assert.deepEqual(on(sig.exits), []);
});
