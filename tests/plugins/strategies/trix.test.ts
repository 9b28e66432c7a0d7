import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { trix } from "../../../plugins/indicators/trix.ts";
import { trixStrategy } from "../../../plugins/strategies/trix.ts";
import { checkContract, on, walkArb } from "./strategy-cases.ts";

const crossings = (a: Float64Array, b: Float64Array) => [...a.keys()].filter((i) => i > 0 && a[i - 1]! < b[i - 1]! && a[i]! > b[i]!);

test("trix: easy_tdx's defaults, contract", () => {
  assert.deepEqual(trixStrategy.params.parse({}), { m1: 12, m2: 20 });
  checkContract(trixStrategy, { m1: 3, m2: 5 }, { m2: 4 });
});

test("trix: crosses of TRIX and MATRIX as the TRIX formula computes them", () => {
  fc.assert(
    fc.property(walkArb, (s) => {
      const { TRIX, MATRIX } = trix.computeByFormula(s, { N: 3, M: 5 });
      const sig = trixStrategy.signals(s, { m1: 3, m2: 5 });
      assert.deepEqual(on(sig.entries), crossings(TRIX!, MATRIX!));
      assert.deepEqual(on(sig.exits), crossings(MATRIX!, TRIX!));
    }),
    { numRuns: 60 },
  );
});
