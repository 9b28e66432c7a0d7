/**
 * Hand-written kernels give exactly the numbers of the formula they replace
 * (bit for bit, NaN equal to NaN, 0 equal to −0): on clean bars with default
 * and random parameters, on real bars, on random bars with flat stretches and
 * gaps (where a kernel may hand over to the formula), and with output columns
 * taken from a reused arena full of stale values.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { parseBarsCsv } from "../../../apps/cli/bars-csv.ts";
import type { BarSeries } from "../../../core/bars/series.ts";
import { ColumnArena } from "../../../core/indicators/column-arena.ts";
import { obvKernel } from "../../../core/indicators/obv.ts";
import { rsiKernel } from "../../../core/indicators/rsi.ts";
import { vrKernel } from "../../../core/indicators/vr.ts";
import { formulaIndicators } from "../../../plugins/indicators/index.ts";
import type { FormulaIndicatorPlugin } from "../../../plugins/indicators/formula-indicator.ts";
import { readFixtureText, skipUnless } from "../../support/fixtures.ts";
import { barsArbitrary, randomWalk } from "./market.ts";

const withKernels = formulaIndicators.filter((p) => p.hasKernel);

function assertIdentical(a: Record<string, Float64Array>, b: Record<string, Float64Array>, label: string): void {
  assert.deepEqual(Object.keys(a), Object.keys(b), label);
  for (const k of Object.keys(a)) {
    const x = a[k]!;
    const y = b[k]!;
    assert.equal(x.length, y.length, `${label} ${k} length`);
    for (let i = 0; i < x.length; i++) {
      assert.ok(Object.is(x[i], y[i]) || (x[i] === 0 && y[i] === 0), `${label} ${k} bar ${i}: ${x[i]} vs ${y[i]}`);
    }
  }
}

/**
 * The kernel alone and the plugin's `compute` both equal the formula. On clean bars
 * (`clean`) the kernel must not hand over, or the comparison would be the formula
 * against itself.
 */
function check(p: FormulaIndicatorPlugin, s: BarSeries, params: Record<string, number> = {}, clean = false): void {
  const label = `${p.id}(${JSON.stringify(params)})`;
  const formula = p.computeByFormula(s, params);
  const byKernel = p.computeByKernel(s, params);
  if (clean) assert.ok(byKernel !== null, `${label}: the kernel handed over on clean bars`);
  if (byKernel !== null) assertIdentical(byKernel, formula, `${label} kernel`);
  assertIdentical(p.compute(s, params), formula, label);
}

/** Parameters within each one's bounds, small enough to matter on short series, sometimes fractional. */
const paramsOf = (p: FormulaIndicatorPlugin) =>
  fc.record(
    Object.fromEntries(p.params.map((d) => [d.name, fc.oneof(fc.integer({ min: Math.ceil(d.min ?? 1), max: Math.min(d.max ?? 60, 60) }), fc.constantFrom(d.default, Math.max(d.min ?? 1, 2.5)))])),
  );

test("the heavy indicators have kernels", () => {
  assert.deepEqual(withKernels.map((p) => p.id).sort(), ["ASI", "BRAR", "CR", "DKX", "DMI", "EMV", "MFI", "OBV", "PSY", "RSI", "VR", "ZLJC"]);
});

/** A random walk whose volumes are fractional (adjusted volumes are), so summation order shows. */
function fractionalWalk(n: number, seed: number): BarSeries {
  const s = randomWalk(n, seed);
  for (let i = 0; i < n; i++) s.vol[i] = s.vol[i]! / 3.7;
  return s;
}

for (const p of withKernels) {
  test(`${p.id}: the kernel runs on a long random walk and equals the formula, with default and random parameters`, () => {
    const s = fractionalWalk(3000, 5);
    check(p, s, {}, true);
    fc.assert(
      fc.property(paramsOf(p), (params) => check(p, s, params, true)),
      { numRuns: 15, seed: 7 },
    );
  });
}

const CSV = "chanlun/000001.SH_D.csv";
test("kernels equal the formula on the SSE composite daily series", { skip: skipUnless(CSV) }, () => {
  const s = parseBarsCsv(readFixtureText(CSV));
  for (const p of withKernels) check(p, s, {}, true);
});

test("kernels equal the formula on random bars with flat stretches and gaps", () => {
  for (const p of withKernels) {
    fc.assert(
      fc.property(barsArbitrary, paramsOf(p), fc.boolean(), (s, params, gap) => {
        for (let i = 0; i < s.length; i++) s.vol[i] = s.vol[i]! / 3.7;
        if (gap && s.length > 3) {
          s.close[2] = NaN;
          s.high[3] = NaN;
          s.vol[1] = NaN;
        }
        check(p, s, params, !gap);
      }),
      { numRuns: 120, seed: 17 },
    );
  }
});

test("kernels equal the formula where an input equals a recursive average (the engine keeps the average there)", () => {
  // closes rising by exactly one tick (binary fractions, so every move is exact), then flat: each up move equals
  // the averages seeded with it, and a·X + b·X is not X for these ticks (RSI's 1/6, DMI's 2/15 weights)
  for (const tick of [11 / 64, 5 / 64, 7 / 64]) {
    const close = Array.from({ length: 80 }, (_, i) => 10 + Math.min(i, 50) * tick);
    const s = randomWalk(80, 3);
    close.forEach((c, i) => {
      s.close[i] = s.open[i] = c;
      s.high[i] = c + tick;
      s.low[i] = c - tick;
    });
    for (const p of withKernels) check(p, s, {});
  }
});

test("every output bar is written: columns from a reused arena of stale values", () => {
  const s = randomWalk(500, 9);
  const arena = new ColumnArena();
  for (const p of formulaIndicators) {
    for (let round = 0; round < 2; round++) {
      arena.reset();
      for (let k = 0; k < 12; k++) arena.take(s.length).fill(round === 0 ? 12345 : NaN);
      arena.reset();
      const got = p.compute(s, {}, arena.take);
      const copy = Object.fromEntries(Object.entries(got).map(([k, v]) => [k, v.slice()]));
      assertIdentical(copy, p.computeByFormula(s, {}), `${p.id} in an arena`);
    }
  }
});

test("kernels hand over (return null) on input they do not handle", () => {
  const s = randomWalk(50);
  s.close[10] = NaN;
  assert.equal(rsiKernel(s.close, 6, 12, 24), null);
  const withGap = randomWalk(50);
  withGap.vol[10] = NaN;
  assert.equal(obvKernel(withGap.close, withGap.vol, 30), null);
  assert.equal(vrKernel(withGap.close, withGap.vol, 26, 6), null);
  assert.ok(obvKernel(randomWalk(50).close, randomWalk(50).vol, 30) !== null, "obvKernel(randomWalk(50).close, randomWalk(50).vol, 30) !== null");
});

test("kernels equal the formula on long series with a gap, across the 1,024-bar ranges their loops run in", () => {
  const fields = ["close", "high", "low", "open", "vol"] as const;
  for (const p of withKernels) {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2599 }), fc.constantFrom(...fields), fc.boolean(), (at, field, gap) => {
        const s = fractionalWalk(2600, 3);
        if (gap) s[field][at] = NaN;
        check(p, s, {}, !gap);
      }),
      { numRuns: 6, seed: 41 },
    );
  }
});
