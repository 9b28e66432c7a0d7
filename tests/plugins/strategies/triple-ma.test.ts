import assert from "node:assert/strict";
import { test } from "node:test";
import { tripleMa } from "../../../plugins/strategies/triple-ma.ts";
import { checkContract, daily, on } from "./strategy-cases.ts";

test("triple_ma: defaults, ordered periods, contract", () => {
  assert.deepEqual(tripleMa.params.parse({}), { short: 5, mid: 20, long: 60 });
  assert.equal(tripleMa.params.safeParse({ short: 20, mid: 20 }).success, false);
  assert.equal(tripleMa.params.safeParse({ mid: 50, long: 40 }).success, false);
  checkContract(tripleMa, { short: 2, mid: 5, long: 20 }, { long: 251 });
});

test("triple_ma: the close above MA2 above MA3 buys; the reverse order sells", () => {
  // MA1 = close; rising 1 2 3 4: bar 2 has 3 > 2.5 > 2; falling 4 3 2 1: bar 6 has 2 < 2.5 < 3
  const sig = tripleMa.signals(daily([1, 2, 3, 4, 3, 2, 1]), { short: 1, mid: 2, long: 3 }); // below the schema minimums: signals() takes any periods
  assert.deepEqual(on(sig.entries), [2, 3]);
  assert.deepEqual(on(sig.exits), [5, 6]);
});
