import assert from "node:assert/strict";
import { test } from "node:test";
import { momentum } from "../../../plugins/strategies/momentum.ts";
import { checkContract, daily, on } from "./strategy-cases.ts";

test("momentum: defaults, bounds, exit threshold not above entry, contract", () => {
  assert.deepEqual(momentum.params.parse({}), { n: 20, entry_pct: 0, exit_pct: 0 });
  assert.equal(momentum.params.safeParse({ entry_pct: 0, exit_pct: 5 }).success, false);
  checkContract(momentum, { n: 3, entry_pct: 2, exit_pct: -2 }, { n: 1 });
});

test("momentum: the n-bar rate of change against both thresholds", () => {
  // ROC(2): bar 2 +10 %, bar 3 +20 %, bar 4 0 %, bar 5 −25 %
  const sig = momentum.signals(daily([10, 10, 11, 12, 11, 9]), { n: 2, entry_pct: 5, exit_pct: -5 });
  assert.deepEqual(on(sig.entries), [2, 3]);
  assert.deepEqual(on(sig.exits), [5]);
});
