import assert from "node:assert/strict";
import { test } from "node:test";
import { maCross } from "../../../plugins/strategies/ma-cross.ts";
import { checkContract, daily, on } from "./strategy-cases.ts";

test("ma_cross: easy_tdx's defaults and bounds, fast below slow", () => {
  assert.deepEqual(maCross.params.parse({}), { fast: 5, slow: 20 });
  assert.equal(maCross.params.safeParse({ fast: 20, slow: 20 }).success, false);
  checkContract(maCross, { fast: 2, slow: 5 }, { fast: 0 });
});

test("ma_cross: golden and dead crosses of MA(2) and MA(3), counted by hand", () => {
  // closes 10 9 8 9 10 11 10 9 8: MA2 = · 9.5 8.5 8.5 9.5 10.5 10.5 9.5 8.5, MA3 = · · 9 8.67 9 10 10.33 10 9
  const s = daily([10, 9, 8, 9, 10, 11, 10, 9, 8]);
  const sig = maCross.signals(s, { fast: 2, slow: 3 });
  assert.deepEqual(on(sig.entries), [4], "bar 4: 9.5 > 9 after 8.5 < 8.67");
  assert.deepEqual(on(sig.exits), [7], "bar 7: 9.5 < 10 after 10.5 > 10.33");
});
