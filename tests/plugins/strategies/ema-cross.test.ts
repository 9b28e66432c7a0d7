import assert from "node:assert/strict";
import { test } from "node:test";
import { emaCross } from "../../../plugins/strategies/ema-cross.ts";
import { checkContract, daily, on } from "./strategy-cases.ts";

/** TDX's EMA written out: seeded with the first close, then Y = (2X + (N−1)Y') / (N+1). */
function naiveEma(x: readonly number[], n: number): number[] {
  const y = [x[0]!];
  for (let i = 1; i < x.length; i++) y.push((2 * x[i]! + (n - 1) * y[i - 1]!) / (n + 1));
  return y;
}

test("ema_cross: defaults, bounds, contract", () => {
  assert.deepEqual(emaCross.params.parse({}), { fast: 12, slow: 26 });
  assert.equal(emaCross.params.safeParse({ fast: 30, slow: 26 }).success, false);
  checkContract(emaCross, { fast: 2, slow: 5 }, { slow: 121 });
});

test("ema_cross: crosses of EMA(2) and EMA(3) as a straightforward recurrence gives them", () => {
  const close = [10, 9, 8, 9, 10, 11, 10, 9, 8];
  const f = naiveEma(close, 2);
  const sl = naiveEma(close, 3);
  const crossUp = close.map((_, i) => i > 0 && f[i - 1]! < sl[i - 1]! && f[i]! > sl[i]!);
  const sig = emaCross.signals(daily(close), { fast: 2, slow: 3 });
  assert.deepEqual(
    on(sig.entries),
    crossUp.flatMap((c, i) => (c ? [i] : [])),
  );
  assert.deepEqual(on(sig.entries), [4]);
  assert.deepEqual(on(sig.exits), [7]);
});
