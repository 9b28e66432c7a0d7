import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { dpo } from "../../../plugins/indicators/dpo.ts";
import { dpoStrategy } from "../../../plugins/strategies/dpo.ts";
import { checkContract, on, walkArb } from "./strategy-cases.ts";

const crossings = (a: Float64Array, b: Float64Array) => [...a.keys()].filter((i) => i > 0 && a[i - 1]! < b[i - 1]! && a[i]! > b[i]!);

test("dpo: easy_tdx's defaults, contract", () => {
  assert.deepEqual(dpoStrategy.params.parse({}), { m1: 20, m2: 6 });
  checkContract(dpoStrategy, { m1: 5, m2: 2 }, { m1: 4 });
});

test("dpo: crosses of DPO and MADPO as the DPO formula computes them", () => {
  fc.assert(
    fc.property(walkArb, (s) => {
      const { DPO, MADPO } = dpo.computeByFormula(s, { N: 6, M: 3 });
      const sig = dpoStrategy.signals(s, { m1: 6, m2: 3 });
      assert.deepEqual(on(sig.entries), crossings(DPO!, MADPO!));
      assert.deepEqual(on(sig.exits), crossings(MADPO!, DPO!));
    }),
    { numRuns: 60 },
  );
});
