import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { atr } from "../../../plugins/indicators/atr.ts";
import { keltner } from "../../../plugins/strategies/keltner.ts";
import { checkContract, on, walkArb } from "./strategy-cases.ts";

test("keltner: easy_tdx's defaults, contract", () => {
  assert.deepEqual(keltner.params.parse({}), { n: 20, m: 10 });
  checkContract(keltner, { n: 5, m: 3 }, { m: 1 });
});

test("keltner: the close against EMA(typical price) ± 2·ATR written out", () => {
  fc.assert(
    fc.property(walkArb, (s) => {
      const range = atr.computeByFormula(s, { N: 3 }).ATR!;
      let mid = NaN;
      const up: number[] = [];
      const lo: number[] = [];
      for (let i = 0; i < s.length; i++) {
        const tp = (s.high[i]! + s.low[i]! + s.close[i]!) / 3;
        mid = i === 0 ? tp : (2 * tp + (5 - 1) * mid) / (5 + 1);
        up.push(mid + 2 * range[i]!);
        lo.push(mid - 2 * range[i]!);
      }
      const near = (i: number) => Math.abs(s.close[i]! - up[i]!) < 1e-9 || Math.abs(s.close[i]! - lo[i]!) < 1e-9;
      const idx = [...s.close.keys()].filter((i) => !near(i));
      const sig = keltner.signals(s, { n: 5, m: 3 });
      assert.deepEqual(
        on(sig.entries).filter((i) => !near(i)),
        idx.filter((i) => s.close[i]! >= up[i]!),
      );
      assert.deepEqual(
        on(sig.exits).filter((i) => !near(i)),
        idx.filter((i) => s.close[i]! <= lo[i]!),
      );
    }),
    { numRuns: 60 },
  );
});
