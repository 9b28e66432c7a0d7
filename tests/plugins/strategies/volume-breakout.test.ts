import assert from "node:assert/strict";
import { test } from "node:test";
import { volumeBreakout } from "../../../plugins/strategies/volume-breakout.ts";
import { checkContract, daily, on } from "./strategy-cases.ts";

test("volume_breakout: defaults, bounds, contract", () => {
  assert.deepEqual(volumeBreakout.params.parse({}), { n: 20, k: 2, exit_n: 10 });
  checkContract(volumeBreakout, { n: 3, exit_n: 3 }, { k: 0.5 });
});

test("volume_breakout: an up day on k × the previous average volume buys; a close under the exit MA sells", () => {
  const close = [10, 10, 10, 10, 11, 11.5, 11, 10, 10.5];
  const vol = [100, 100, 100, 100, 250, 290, 100, 100, 900];
  const sig = volumeBreakout.signals(daily(close, { vol }), { n: 3, k: 2, exit_n: 3 });
  // bar 4: 250 ≥ 2 × 100 and up; bar 5: 290 < 2 × 150; bar 8: 900 ≥ 2 × 150 and up
  assert.deepEqual(on(sig.entries), [4, 8]);
  // MA3 of the close: bar 6 = 11.17 > 11, bar 7 = 10.83 > 10, bar 8 = 10.5 (not below)
  assert.deepEqual(on(sig.exits), [6, 7]);
});

test("volume_breakout: bars without volume never buy", () => {
  const sig = volumeBreakout.signals(daily([10, 10, 10, 10, 11], { vol: [100, 100, 100, 100, NaN] }), { n: 3, k: 2, exit_n: 3 });
  assert.deepEqual(on(sig.entries), []);
});
