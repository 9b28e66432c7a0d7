import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { kdj } from "../../../plugins/indicators/kdj.ts";
import { kdjCross } from "../../../plugins/strategies/kdj-cross.ts";
import { checkContract, daily, on, walkArb } from "./strategy-cases.ts";

const crossings = (a: Float64Array, b: Float64Array) => [...a.keys()].filter((i) => i > 0 && a[i - 1]! < b[i - 1]! && a[i]! > b[i]!);

test("kdj_cross: defaults, bounds, contract", () => {
  assert.deepEqual(kdjCross.params.parse({}), { n: 9, m1: 3, m2: 3 });
  checkContract(kdjCross, { n: 3 }, { n: 1 });
});

test("kdj_cross: crosses of K over D as the KDJ formula computes them", () => {
  fc.assert(
    fc.property(walkArb, (s) => {
      const { K, D } = kdj.computeByFormula(s, { N: 5, M1: 3, M2: 3 });
      const sig = kdjCross.signals(s, { n: 5, m1: 3, m2: 3 });
      assert.deepEqual(on(sig.entries), crossings(K!, D!));
      assert.deepEqual(on(sig.exits), crossings(D!, K!));
    }),
    { numRuns: 80 },
  );
});

test("kdj_cross: a golden cross by hand, and equality is not a cross", () => {
  // N = 3: bar 3 RSV = (11 − 10) / (12 − 10) = 50, K = (2·100 + 50) / 3 = 83.3 ... bar 6 K 41.4 < D 58.2, bar 7 K 60.9 > D 59.1
  const up = kdjCross.signals(daily([10, 11, 12, 11, 10, 9, 10, 11, 12, 11]), { n: 3, m1: 3, m2: 3 });
  assert.deepEqual(on(up.entries), [7]);
  assert.deepEqual(on(up.exits), []);
  // four falling bars pin RSV, K and D at 0: K = D on bar 4, so the turn on bar 5 is no (strict) cross
  const flat = kdjCross.signals(daily([10, 9, 8, 7, 6, 7, 8, 9, 10, 9, 8, 7]), { n: 3, m1: 3, m2: 3 });
  assert.deepEqual(on(flat.entries), []);
  assert.deepEqual(on(flat.exits), [10]);
});
