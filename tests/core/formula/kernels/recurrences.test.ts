/**
 * The per-bar steps of EMA/EXPMA, SMA and EXPMEMA (core/formula/kernels/recurrences.ts), each built
 * into a loop by the code generator (core/formula/fused-loop.ts) and run range by range with its
 * state carried over, against the whole-series kernels of averages.ts (themselves checked against
 * TDX's definitions in averages.test.ts). The header's contract, both ways: where a loop reports
 * success its values are the kernel's bit for bit (gaps, leading invalid bars, odd parameters and
 * inputs equal to the average included); and it does report success in the case it exists for,
 * input without an invalid value after the first valid one, ordinary parameters (N ≥ 1, SMA's
 * weights finite) and no input equal to the average before it.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { fusedLoop, type LoopOp } from "../../../../core/formula/fused-loop.ts";
import { ema, expmema, sma } from "../../../../core/formula/kernels/averages.ts";
import { EMA_STEP, EXPMEMA_STEP, SMA_STEP, type Recurrence } from "../../../../core/formula/kernels/recurrences.ts";

/** A recurrence in a generated loop over `x`, in ranges cut at `cuts`, stopping at the first range that fails. */
function stepped(recur: Recurrence, x: Float64Array, scalars: readonly number[], cuts: readonly number[]): { out: Float64Array; held: boolean } {
  const op: LoopOp = { perBar: null, recur, args: [{ from: "column", index: 0 }, ...scalars.map((_, k) => ({ from: "scalar" as const, index: k }))] };
  const loop = fusedLoop([op], [0], 1, scalars.length);
  const n = x.length;
  const out = new Float64Array(n).fill(12345);
  const state = Array.from({ length: loop.stateSize }, () => 0.5);
  const bounds = [...new Set([0, ...cuts.filter((c) => c < n), n])].sort((a, b) => a - b);
  for (let k = 0; k + 1 < bounds.length; k++) {
    if (!loop.run(bounds[k]!, bounds[k + 1]!, n, state, out, x, ...scalars)) return { out, held: false };
  }
  return { out, held: true };
}

/** Decimals (the exact seed sums of EXPMEMA), values that are not (k/7), repeats (inputs equal to an average). */
const number = fc.oneof(
  fc.integer({ min: 0, max: 6 }).map((k) => k / 10),
  fc.integer({ min: 1, max: 20 }).map((k) => k / 7),
  fc.constant(2),
);
const inputs = fc
  .record({
    lead: fc.integer({ min: 0, max: 3 }),
    values: fc.array(fc.oneof({ weight: 12, arbitrary: number }, { weight: 1, arbitrary: fc.constant(NaN) }), { maxLength: 24 }),
    gaps: fc.boolean(),
    cuts: fc.array(fc.integer({ min: 1, max: 26 }), { maxLength: 3 }),
  })
  .map(({ lead, values, gaps, cuts }) => ({ x: Float64Array.from([...Array.from({ length: lead }, () => NaN), ...values.map((v) => (gaps || v === v ? v : 1.5))]), cuts }));
const length = fc.oneof({ weight: 5, arbitrary: fc.integer({ min: 1, max: 8 }) }, { weight: 1, arbitrary: fc.constantFrom(0, -1, 0.5, 2.5, NaN) });

/** No invalid bar after the first valid one, and no bar after bar `seed` equal to the average before it. */
function plain(x: Float64Array, kernel: Float64Array, seed: number): boolean {
  const f = x.findIndex((v) => v === v);
  if (f < 0) return true;
  for (let i = f; i < x.length; i++) if (Number.isNaN(x[i]!) || (i > seed && x[i] === kernel[i - 1])) return false;
  return true;
}

function check(name: string, recur: Recurrence, x: Float64Array, scalars: readonly number[], cuts: readonly number[], kernel: Float64Array, seed: number, ordinary: boolean): void {
  const { out, held } = stepped(recur, x, scalars, cuts);
  const label = `${name}(${scalars}) of [${Array.from(x)}] cut at ${cuts}`;
  if (held) for (let i = 0; i < x.length; i++) assert.ok(Object.is(out[i], kernel[i]) || (out[i] === 0 && kernel[i] === 0), `${label}: bar ${i} ${out[i]}, the kernel ${kernel[i]}`);
  if (ordinary && plain(x, kernel, seed)) assert.ok(held, `${label}: the loop refused plain input`);
}

test("EMA's and SMA's steps: the kernel's values wherever the loop holds, and it holds on plain input", () => {
  fc.assert(
    fc.property(inputs, length, length, ({ x, cuts }, N, M) => {
      const kernel = (run: (o: Float64Array) => void) => {
        const o = new Float64Array(x.length);
        run(o);
        return o;
      };
      const f = x.findIndex((v) => v === v);
      check(
        "EMA",
        EMA_STEP,
        x,
        [N],
        cuts,
        kernel((o) => ema(o, x, N)),
        f,
        N >= 1,
      );
      check(
        "SMA",
        SMA_STEP,
        x,
        [N, M],
        cuts,
        kernel((o) => sma(o, x, N, M)),
        f,
        N >= 1 && M === M,
      );
    }),
    { numRuns: 400, seed: 79 },
  );
});

test("EXPMEMA's step: the kernel's values (its seed the mean of the first N valid values) wherever the loop holds, and it holds on plain input", () => {
  fc.assert(
    fc.property(inputs, length, ({ x, cuts }, N) => {
      const kernel = new Float64Array(x.length);
      expmema(kernel, x, N);
      const seed = kernel.findIndex((v) => v === v);
      check("EXPMEMA", EXPMEMA_STEP, x, [N], cuts, kernel, seed < 0 ? x.length : seed, Math.trunc(N) >= 1);
    }),
    { numRuns: 400, seed: 83 },
  );
});

test("SMA with N = 0 has no value from X's first valid bar on, also where that bar is the last (the seed alone would pass the loop's checks)", () => {
  for (const values of [[0.3], [NaN, 0.3], [NaN, NaN, 2]]) {
    const x = Float64Array.from(values);
    for (const M of [1, 0, 2]) {
      const kernel = new Float64Array(x.length);
      sma(kernel, x, 0, M);
      assert.ok(
        kernel.every((v) => Number.isNaN(v)),
        `the kernel: SMA([${values}], 0, ${M}) is invalid everywhere`,
      );
      check("SMA", SMA_STEP, x, [0, M], [], kernel, 0, false);
    }
  }
});
