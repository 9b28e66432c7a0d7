import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { cci } from "../../../plugins/indicators/cci.ts";
import { cciStrategy } from "../../../plugins/strategies/cci.ts";
import { checkContract, on, walkArb } from "./strategy-cases.ts";

test("cci: easy_tdx's defaults and bounds, oversold below overbought, contract", () => {
  assert.deepEqual(cciStrategy.params.parse({}), { n: 14, oversold: -100, overbought: 100 });
  assert.equal(cciStrategy.params.safeParse({ oversold: 0, overbought: 0 }).success, false);
  checkContract(cciStrategy, { n: 3 }, { oversold: -201 });
});

test("cci: the CCI line against both thresholds", () => {
  fc.assert(
    fc.property(walkArb, (s) => {
      const line = cci.computeByFormula(s, { N: 5 }).CCI!;
      const sig = cciStrategy.signals(s, { n: 5, oversold: -80, overbought: 90 });
      const idx = [...line.keys()];
      assert.deepEqual(
        on(sig.entries),
        idx.filter((i) => line[i]! <= -80),
      );
      assert.deepEqual(
        on(sig.exits),
        idx.filter((i) => line[i]! >= 90),
      );
    }),
    { numRuns: 60 },
  );
});
