/**
 * The fast paths of the window kernels (no-gap loops, rescans, deques,
 * re-centred sums) against literal definitions, on random series with gaps,
 * short and long.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { ma } from "../../../core/formula/kernels/averages.ts";
import { avedev as avedev_, moment } from "../../../core/formula/kernels/statistics.ts";
import { hhv, hhvBars, llv, llvBars, sum } from "../../../core/formula/kernels/windows.ts";
import { assertSeries } from "./helpers.ts";

const value = fc.oneof({ weight: 8, arbitrary: fc.integer({ min: -50, max: 50 }).map((v) => v / 4) }, { weight: 1, arbitrary: fc.constant(NaN) });
const series = fc.array(value, { minLength: 0, maxLength: 80 });
const windowLength = fc.oneof(fc.integer({ min: 0, max: 6 }), fc.integer({ min: 30, max: 45 }));

function firstValid(x: readonly number[]): number {
  const f = x.findIndex((v) => v === v);
  return f < 0 ? x.length : f;
}

/** Literal definitions (core/formula/LANGUAGE.md §3.3, §3.5). */
const reference = {
  extreme(x: readonly number[], N: number, sign: number, bars: boolean): number[] {
    const f = firstValid(x);
    return x.map((_, i) => {
      if (i < f) return NaN;
      let best = -1;
      for (let j = N === 0 ? f : Math.max(f, i - N + 1); j <= i; j++) {
        if (x[j] === x[j] && (best < 0 || sign * x[j]! >= sign * x[best]!)) best = j;
      }
      return best < 0 ? NaN : bars ? i - best : x[best]!;
    });
  },
  sum(x: readonly number[], N: number): number[] {
    const f = firstValid(x);
    return x.map((_, i) => {
      if (i < f) return NaN;
      let s = 0;
      for (let j = N === 0 ? f : Math.max(f, i - N + 1); j <= i; j++) if (x[j] === x[j]) s += x[j]!;
      return s;
    });
  },
  window(x: readonly number[], N: number, fn: (w: number[]) => number): number[] {
    const f = firstValid(x);
    return x.map((_, i) => {
      if (N < 1 || i - N + 1 < f) return NaN;
      const w = x.slice(i - N + 1, i + 1);
      return w.some((v) => v !== v) ? NaN : fn(w);
    });
  },
};

const mean = (w: number[]) => w.reduce((a, b) => a + b, 0) / w.length;
const m2 = (w: number[]) => w.reduce((a, b) => a + (b - mean(w)) ** 2, 0);

function run(kernel: (out: Float64Array, x: Float64Array, n: number) => void, x: readonly number[], N: number): Float64Array {
  const out = new Float64Array(x.length).fill(12345);
  kernel(out, Float64Array.from(x), N);
  return out;
}

test("HHV, LLV, HHVBARS, LLVBARS match their definition on series with gaps", () => {
  fc.assert(
    fc.property(series, windowLength, (x, N) => {
      assertSeries(run(hhv, x, N), reference.extreme(x, N, 1, false), 0, "HHV");
      assertSeries(run(llv, x, N), reference.extreme(x, N, -1, false), 0, "LLV");
      assertSeries(run(hhvBars, x, N), reference.extreme(x, N, 1, true), 0, "HHVBARS");
      assertSeries(run(llvBars, x, N), reference.extreme(x, N, -1, true), 0, "LLVBARS");
    }),
    { numRuns: 400, seed: 7 },
  );
});

test("SUM, MA, STD, VARP match their definition on series with gaps", () => {
  fc.assert(
    fc.property(series, windowLength, (x, N) => {
      assertSeries(run(sum, x, N), reference.sum(x, N), 1e-9, "SUM");
      assertSeries(run(ma, x, N), reference.window(x, N, mean), 1e-9, "MA");
      const std = (o: Float64Array, v: Float64Array, k: number) => moment(o, v, k, "std");
      const varp = (o: Float64Array, v: Float64Array, k: number) => moment(o, v, k, "varp");
      assertSeries(
        run(std, x, N),
        reference.window(x, N, (w) => (w.length > 1 ? Math.sqrt(m2(w) / (w.length - 1)) : NaN)),
        1e-7,
        "STD",
      );
      assertSeries(
        run(varp, x, N),
        reference.window(x, N, (w) => m2(w) / w.length),
        1e-7,
        "VARP",
      );
    }),
    { numRuns: 400, seed: 11 },
  );
});

test("kernels write every element of their output", () => {
  const out = new Float64Array(5).fill(12345);
  hhv(out, Float64Array.from([NaN, NaN, 1, 2, 3]), 2);
  assert.ok(!out.includes(12345), "!out.includes(12345)");
});

/**
 * Series longer than the 1,024 bars a kernel's loop covers per call
 * (kernels/ranges.ts), with gaps anywhere, so that running state (the bar of
 * an extreme, a rolling sum) is carried across the ranges' borders and a gap
 * may first appear in a later range.
 */
const longSeries = fc
  .record({
    start: fc.integer({ min: 0, max: 3 }),
    length: fc.integer({ min: 1000, max: 2600 }),
    seed: fc.integer({ min: 1, max: 1 << 30 }),
    gaps: fc.array(fc.record({ at: fc.integer({ min: 0, max: 2599 }), run: fc.integer({ min: 1, max: 3 }) }), { maxLength: 2 }),
  })
  .map(({ start, length, seed, gaps }) => {
    let state = seed;
    const x = Array.from({ length }, (_, i) => {
      state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
      return i < start ? NaN : ((state >>> 8) % 400) / 4 - 50;
    });
    for (const { at, run } of gaps) for (let i = at; i < Math.min(length, at + run); i++) x[i] = NaN;
    return x;
  });
const longWindow = fc.oneof(fc.integer({ min: 0, max: 12 }), fc.integer({ min: 20, max: 45 }));

test("window kernels match their definition on long series, across the ranges their loops run in", () => {
  const avedev = (w: number[]) => {
    const m = mean(w);
    return w.reduce((a, b) => a + Math.abs(b - m), 0) / w.length;
  };
  fc.assert(
    fc.property(longSeries, longWindow, (x, N) => {
      assertSeries(run(hhv, x, N), reference.extreme(x, N, 1, false), 0, "HHV");
      assertSeries(run(llv, x, N), reference.extreme(x, N, -1, false), 0, "LLV");
      assertSeries(run(hhvBars, x, N), reference.extreme(x, N, 1, true), 0, "HHVBARS");
      assertSeries(run(llvBars, x, N), reference.extreme(x, N, -1, true), 0, "LLVBARS");
      assertSeries(run(sum, x, N), reference.sum(x, N), 1e-9, "SUM");
      assertSeries(run(ma, x, N), reference.window(x, N, mean), 1e-9, "MA");
      assertSeries(run(avedev_, x, N), reference.window(x, N, avedev), 1e-9, "AVEDEV");
    }),
    { numRuns: 25, seed: 19 },
  );
});
