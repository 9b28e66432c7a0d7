import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { emv } from "../../../plugins/indicators/emv.ts";
import { emvStrategy } from "../../../plugins/strategies/emv.ts";
import { checkContract, on, walkArb } from "./strategy-cases.ts";

test("emv: easy_tdx's defaults, contract", () => {
  assert.deepEqual(emvStrategy.params.parse({}), { n: 14 });
  checkContract(emvStrategy, { n: 3 }, { n: 1 });
});

test("emv: the sign of the EMV line as the EMV formula computes it", () => {
  fc.assert(
    fc.property(walkArb, (s) => {
      const line = emv.computeByFormula(s, { N: 4 }).EMV!;
      const sig = emvStrategy.signals(s, { n: 4 });
      const near = (i: number) => Math.abs(line[i]!) < 1e-12;
      const idx = [...line.keys()].filter((i) => !near(i));
      assert.deepEqual(
        on(sig.entries).filter((i) => !near(i)),
        idx.filter((i) => line[i]! > 0),
      );
      assert.deepEqual(
        on(sig.exits).filter((i) => !near(i)),
        idx.filter((i) => line[i]! < 0),
      );
    }),
    { numRuns: 60 },
  );
});
