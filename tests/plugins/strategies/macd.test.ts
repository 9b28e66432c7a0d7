import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { macd as macdIndicator } from "../../../plugins/indicators/macd.ts";
import { macd } from "../../../plugins/strategies/macd.ts";
import { checkContract, on, walkArb } from "./strategy-cases.ts";

const crossings = (a: Float64Array, b: Float64Array) => [...a.keys()].filter((i) => i > 0 && a[i - 1]! < b[i - 1]! && a[i]! > b[i]!);

test("macd: defaults, bounds, short below long, contract", () => {
  assert.deepEqual(macd.params.parse({}), { short: 12, long: 26, signal: 9 });
  assert.equal(macd.params.safeParse({ short: 26, long: 26 }).success, false);
  checkContract(macd, { short: 3, long: 6, signal: 2 }, { signal: 1 });
});

test("macd: buys where the MACD indicator's DIF crosses above DEA and sells on the way back", () => {
  fc.assert(
    fc.property(walkArb, (s) => {
      const { DIF, DEA } = macdIndicator.computeByFormula(s, { SHORT: 4, LONG: 9, MID: 3 });
      const sig = macd.signals(s, { short: 4, long: 9, signal: 3 });
      assert.deepEqual(on(sig.entries), crossings(DIF!, DEA!));
      assert.deepEqual(on(sig.exits), crossings(DEA!, DIF!));
    }),
    { numRuns: 80 },
  );
});
