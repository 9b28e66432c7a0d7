import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { bbiStrategy } from "../../../plugins/strategies/bbi.ts";
import { checkContract, daily, on, walkArb } from "./strategy-cases.ts";

const mean = (x: Float64Array, i: number, n: number) => (i < n - 1 ? NaN : x.subarray(i - n + 1, i + 1).reduce((a, b) => a + b, 0) / n);

test("bbi: easy_tdx's defaults, contract", () => {
  assert.deepEqual(bbiStrategy.params.parse({}), { m1: 3, m2: 6, m3: 12, m4: 20 });
  checkContract(bbiStrategy, { m1: 1, m2: 2, m3: 5, m4: 10 }, { m4: 5 });
});

test("bbi: the close against the mean of four straightforward moving averages", () => {
  fc.assert(
    fc.property(walkArb, (s) => {
      const line = (i: number) => (mean(s.close, i, 2) + mean(s.close, i, 3) + mean(s.close, i, 5) + mean(s.close, i, 10)) / 4;
      const near = (i: number) => Math.abs(s.close[i]! - line(i)) < 1e-9;
      const sig = bbiStrategy.signals(s, { m1: 2, m2: 3, m3: 5, m4: 10 });
      const idx = [...s.close.keys()].filter((i) => !near(i));
      assert.deepEqual(
        on(sig.entries).filter((i) => !near(i)),
        idx.filter((i) => s.close[i]! > line(i)),
      );
      assert.deepEqual(
        on(sig.exits).filter((i) => !near(i)),
        idx.filter((i) => s.close[i]! < line(i)),
      );
    }),
    { numRuns: 60 },
  );
});

/** The exact side of close[i] against BBI from the definition, in BigInt over ticks of 0.01: sign of 4·L·C − Σ L·Sk/Mk. */
function exactSide(ticks: readonly number[], periods: readonly number[], i: number): number {
  if (i < Math.max(...periods) - 1) return 0;
  const L = periods.reduce((a, m) => a * BigInt(m), 1n);
  let rhs = 0n;
  for (const m of periods) rhs += (ticks.slice(i - m + 1, i + 1).reduce((a, t) => a + BigInt(t), 0n) * L) / BigInt(m);
  const lhs = BigInt(periods.length) * L * BigInt(ticks[i]!);
  return lhs > rhs ? 1 : lhs < rhs ? -1 : 0;
}

test("bbi: the side of the close is exact; an exact tie with BBI neither buys nor sells (issue 17)", () => {
  // prices from a dozen neighbouring ticks (3.30–3.41), or runs of them, so exact ties with BBI are common
  const ticksArb = fc.oneof(
    fc.array(fc.integer({ min: 330, max: 341 }), { minLength: 1, maxLength: 40 }),
    fc.array(fc.tuple(fc.integer({ min: 336, max: 339 }), fc.integer({ min: 1, max: 12 })), { minLength: 1, maxLength: 12 }).map((runs) => runs.flatMap(([t, k]) => Array<number>(k).fill(t))),
  );
  let ties = 0;
  fc.assert(
    fc.property(ticksArb, fc.constantFrom([2, 3, 5, 10], [3, 6, 12, 24], [1, 2, 3, 4], [3, 6, 12, 20]), (ticks, periods) => {
      const s = daily(ticks.map((t) => t / 100));
      const sig = bbiStrategy.signals(s, { m1: periods[0]!, m2: periods[1]!, m3: periods[2]!, m4: periods[3]! });
      for (let i = 0; i < ticks.length; i++) {
        const side = exactSide(ticks, periods, i);
        if (side === 0 && i >= Math.max(...periods) - 1) ties++;
        assert.equal(sig.entries[i], side > 0 ? 1 : 0, `bar ${i}: entry iff the close is above BBI exactly`);
        assert.equal(sig.exits[i], side < 0 ? 1 : 0, `bar ${i}: exit iff the close is below BBI exactly`);
      }
    }),
    { numRuns: 600 },
  );
  assert.ok(ties > 100, `exact ties occurred (${ties})`);
});

test("bbi: a close exactly on BBI whose double line rounds below it does not buy (issue 17 reproduction)", () => {
  // BBI(1,2,3,4) of the last bar is exactly 3.37; four MAs added in doubles give 3.3699999999999997
  const ticks = [332, 336, 341, 331, 338, 332, 337, 341, 338, 340, 337, 336, 331, 339, 337, 331, 336, 331, 330, 340, 331, 336, 330, 341, 337];
  assert.equal(exactSide(ticks, [1, 2, 3, 4], ticks.length - 1), 0, "the definition says: a tie");
  const sig = bbiStrategy.signals(daily(ticks.map((t) => t / 100)), { m1: 1, m2: 2, m3: 3, m4: 4 });
  assert.equal(sig.entries[ticks.length - 1], 0, "no buy on the tie");
  assert.equal(sig.exits[ticks.length - 1], 0, "no sell on the tie");
});
