import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { dmi } from "../../../plugins/indicators/dmi.ts";
import { dmiStrategy } from "../../../plugins/strategies/dmi.ts";
import { checkContract, on, walkArb } from "./strategy-cases.ts";

const crossings = (a: Float64Array, b: Float64Array) => [...a.keys()].filter((i) => i > 0 && a[i - 1]! < b[i - 1]! && a[i]! > b[i]!);

test("dmi: easy_tdx's defaults, contract", () => {
  assert.deepEqual(dmiStrategy.params.parse({}), { m1: 14, m2: 6 });
  checkContract(dmiStrategy, { m1: 3, m2: 2 }, { m1: 31 });
});

test("dmi: crosses of PDI and MDI as the DMI formula computes them", () => {
  fc.assert(
    fc.property(walkArb, (s) => {
      const { PDI, MDI } = dmi.computeByFormula(s, { N: 4, M: 3 });
      const sig = dmiStrategy.signals(s, { m1: 4, m2: 3 });
      assert.deepEqual(on(sig.entries), crossings(PDI!, MDI!));
      assert.deepEqual(on(sig.exits), crossings(MDI!, PDI!));
    }),
    { numRuns: 60 },
  );
});
