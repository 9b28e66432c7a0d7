import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { formulaStrategy } from "../../../plugins/strategies/formula.ts";
import { maCross } from "../../../plugins/strategies/ma-cross.ts";
import { checkContract, daily, on, walkArb } from "./strategy-cases.ts";

test("formula: the default formula is the MA 5/20 cross, written in TDX", () => {
  const p = formulaStrategy.params.parse({});
  fc.assert(
    fc.property(walkArb, (s) => {
      const a = formulaStrategy.signals(s, p);
      const b = maCross.signals(s, { fast: 5, slow: 20 });
      assert.deepEqual([...a.entries], [...b.entries]);
      assert.deepEqual([...a.exits], [...b.exits]);
    }),
    { numRuns: 60 },
  );
  checkContract(formulaStrategy, { formula: "B:CROSS(C,MA(C,3));S:CROSS(MA(C,3),C);" }, { formula: "" });
});

test("formula: without a sell column the buy column is a position state; numeric params reach the formula", () => {
  const s = daily([10, 11, 12, 11, 10, 11, 12]);
  const p = formulaStrategy.params.parse({ formula: "UP:C>REF(C,N);", N: 1 });
  const sig = formulaStrategy.signals(s, p);
  assert.deepEqual(on(sig.entries), [1, 2, 5, 6]);
  assert.deepEqual(on(sig.exits), [0, 3, 4], "bar 0 has no previous close: not on, so an exit (harmless while flat)");
  const two = "UP:C>REF(C,1);\nDOWN:C<REF(C,1);";
  assert.deepEqual(on(formulaStrategy.signals(s, formulaStrategy.params.parse({ formula: two })).exits), [3, 4], "the second signal column sells");
  assert.deepEqual(on(formulaStrategy.signals(s, formulaStrategy.params.parse({ formula: two, sell: "none" })).exits), [0, 3, 4]);
});

test("formula: named columns, case-insensitive, and errors located on the field", () => {
  const text = "MID:MA(C,3);\nBUYS:CROSS(C,MID);\nSELLS:CROSS(MID,C);";
  const s = daily([10, 9, 8, 9, 10, 9, 8]);
  const sig = formulaStrategy.signals(s, formulaStrategy.params.parse({ formula: text, buy: "buys", sell: "SELLS" }));
  assert.deepEqual(on(sig.entries), [3]);
  assert.deepEqual(on(sig.exits), [5]);
  const bad = (p: Record<string, unknown>) => formulaStrategy.params.safeParse(p).error?.issues.map((i) => [i.path.join("."), i.message]);
  assert.match(bad({ formula: "X:MA(C,;" })![0]![0]!, /^formula$/);
  assert.match(bad({ formula: "X:MA(C,;" })![0]![1]!, /line 1, column \d+/);
  assert.deepEqual(
    bad({ formula: text, buy: "NOPE" })!.map((x) => x[0]),
    ["buy"],
  );
  assert.deepEqual(
    bad({ formula: text, sell: "NOPE" })!.map((x) => x[0]),
    ["sell"],
  );
  assert.deepEqual(
    bad({ formula: "X:MA(C,3);" })!.map((x) => x[0]),
    ["formula"],
    "no signal column to default to",
  );
});
