/**
 * Hand-written kernels give exactly the numbers of the formula they replace,
 * on clean bars, real bars and random bars with flat stretches (where the
 * kernel hands over to the formula).
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { parseBarsCsv } from "../../../apps/cli/bars-csv.ts";
import type { BarSeries } from "../../../core/bars/series.ts";
import { kdjKernel } from "../../../core/indicators/kdj.ts";
import { rsiKernel } from "../../../core/indicators/rsi.ts";
import { formulaIndicators } from "../../../plugins/indicators/index.ts";
import { readFixtureText, skipUnless } from "../../support/fixtures.ts";
import { barsArbitrary, randomWalk } from "./market.ts";

const withKernels = formulaIndicators.filter((p) => p.id === "RSI" || p.id === "KDJ");

/** Bit-for-bit equality, NaN equal to NaN. */
function assertIdentical(a: Record<string, Float64Array>, b: Record<string, Float64Array>, label: string): void {
  assert.deepEqual(Object.keys(a), Object.keys(b), label);
  for (const k of Object.keys(a)) {
    const x = a[k]!;
    const y = b[k]!;
    for (let i = 0; i < x.length; i++) {
      assert.ok(Object.is(x[i], y[i]) || (x[i] === 0 && y[i] === 0), `${label} ${k} bar ${i}: ${x[i]} vs ${y[i]}`);
    }
  }
}

function check(s: BarSeries, params: Record<string, number>[] = [{}]): void {
  for (const p of withKernels) {
    for (const q of params) {
      const chosen = Object.fromEntries(Object.entries(q).filter(([k]) => p.params.some((d) => d.name === k)));
      assertIdentical(p.compute(s, chosen), p.computeByFormula(s, chosen), `${p.id}(${JSON.stringify(chosen)})`);
    }
  }
}

test("RSI and KDJ have kernels", () => {
  assert.equal(withKernels.length, 2);
});

test("kernels equal the formula on a long random walk, with default and other parameters", () => {
  check(randomWalk(3000, 5), [{}, { N1: 2, N2: 7.5, N3: 40, N: 5, M1: 2, M2: 4 }, { N1: 1, N: 1, M1: 1, M2: 1 }]);
});

const CSV = "chanlun/000001.SH_D.csv";
test("kernels equal the formula on the SSE composite daily series", { skip: skipUnless(CSV) }, () => {
  check(parseBarsCsv(readFixtureText(CSV)));
});

test("kernels equal the formula on random bars with flat stretches and gaps", () => {
  fc.assert(
    fc.property(barsArbitrary, fc.boolean(), (s, gap) => {
      if (gap && s.length > 3) {
        s.close[2] = NaN;
        s.high[3] = NaN;
      }
      check(s);
    }),
    { numRuns: 200, seed: 17 },
  );
});

test("kernels hand over (return null) on input they do not handle", () => {
  const s = randomWalk(50);
  s.close[10] = NaN;
  assert.equal(rsiKernel(s.close, 6, 12, 24), null);
  const flat = randomWalk(50);
  for (let i = 20; i < 35; i++) {
    flat.high[i] = 5;
    flat.low[i] = 5;
    flat.close[i] = 5;
  }
  assert.equal(kdjKernel(flat.high, flat.low, flat.close, 9, 3, 3), null);
  assert.ok(kdjKernel(flat.high, flat.low, flat.close, 30, 3, 3) !== null);
});
