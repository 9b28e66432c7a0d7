/**
 * MA, WMA, EMA, EXPMEMA, SMA, DMA, TMA and XMA against their definitions (core/formula/LANGUAGE.md
 * §3.2, the seeds and gap rules in core/formula/kernels/averages.ts's header), written again here in
 * TDX's own form (a division per bar, windows summed afresh), on random series with gaps, thirds
 * (not decimals: the exact fast paths give way to the general ones) and lengths that are numbers
 * or series. A recursive average fed a value equal to itself keeps it to the bit.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import * as k from "../../../../core/formula/kernels/averages.ts";
import { assertSeries } from "../helpers.ts";
import { asOperand, at, count, operandOf, output, seriesOf, value, firstValid } from "./arbitraries.ts";

const price = fc.oneof({ weight: 4, arbitrary: value }, { weight: 1, arbitrary: fc.integer({ min: -9, max: 9 }).map((v) => v / 3) });
const sized = <T>(arb: (n: number) => fc.Arbitrary<T>) => fc.integer({ min: 0, max: 16 }).chain((n) => fc.tuple(seriesOf(n, price), arb(n)));

/** A window of N values ending at bar i, all valid and from X's first valid bar on, reduced by `fn`; else invalid. */
function windowed(x: readonly number[], len: number | readonly number[], fn: (w: number[]) => number): number[] {
  const f = firstValid(x);
  return x.map((_, i) => {
    const N = Math.trunc(at(len, i));
    if (!(N >= 1) || i - N + 1 < f) return NaN;
    const w = x.slice(i - N + 1, i + 1);
    return w.some((v) => v !== v) ? NaN : fn(w);
  });
}

test("MA and WMA: the (1…N weighted) mean of the last N values, invalid if any of them is", () => {
  fc.assert(
    fc.property(
      sized((n) => operandOf(n, count)),
      ([x, len]) => {
        const X = Float64Array.from(x);
        const mean = (w: number[]) => w.reduce((s, v) => s + v, 0) / w.length;
        const weighted = (w: number[]) => w.reduce((s, v, j) => s + (j + 1) * v, 0) / ((w.length * (w.length + 1)) / 2);
        assertSeries(
          output(x.length, (o) => k.ma(o, X, asOperand(len))),
          windowed(x, len, mean),
          1e-12,
          `MA ${len}`,
        );
        assertSeries(
          output(x.length, (o) => k.wma(o, X, asOperand(len))),
          windowed(x, len, weighted),
          1e-12,
          `WMA ${len}`,
        );
      },
    ),
    { numRuns: 500, seed: 67 },
  );
});

/**
 * Y = step(v, Y') from the seed on; a bar whose input or parameters (`valid`) are invalid gives no
 * value and Y' carries over it; an input equal to Y' leaves it. `seed` is the bar holding `y0`.
 */
function recursive(x: readonly number[], seed: number, y0: number, valid: (i: number) => boolean, step: (v: number, y: number, i: number) => number): number[] {
  let y = y0;
  return x.map((v, i) => {
    if (i < seed) return NaN;
    if (i === seed) return y0;
    if (v !== v || !valid(i)) return NaN;
    y = v === y ? y : step(v, y, i);
    return y;
  });
}
const isValid =
  (...ops: (number | readonly number[])[]) =>
  (i: number) =>
    ops.every((op) => at(op, i) === at(op, i));

/** Where the input equals the running average (the last value given), the kernel gives that value exactly. */
function assertKeepsEqualInput(out: Float64Array, x: readonly number[], label: string): void {
  let y = NaN;
  for (let i = 0; i < x.length; i++) {
    if (x[i] === y && out[i] === out[i]) assert.equal(out[i], y, `${label} bar ${i}: an input equal to the average moved it: [${Array.from(out).join(", ")}]`);
    if (out[i] === out[i]) y = out[i]!;
  }
}

const length = fc.oneof(fc.integer({ min: 1, max: 9 }), fc.constantFrom(1.5, 2.5, 7.25));

test("EMA: Y = (2·X + (N−1)·Y') / (N+1), seeded with X on its first valid bar; N truncated, N < 1 gives no value", () => {
  const anyLength = fc.oneof({ weight: 4, arbitrary: length }, { weight: 1, arbitrary: fc.constantFrom(0, 0.5, -1, -2.5, -3) });
  const len = (n: number) => fc.oneof(anyLength, seriesOf(n, fc.oneof({ weight: 6, arbitrary: anyLength }, { weight: 1, arbitrary: fc.constant(NaN) })));
  fc.assert(
    fc.property(sized(len), ([x, len]) => {
      const f = firstValid(x);
      const out = output(x.length, (o) => k.ema(o, Float64Array.from(x), asOperand(len)));
      const N = (i: number) => Math.trunc(at(len, i));
      const expected = recursive(
        x,
        f,
        x[f]!,
        (i) => N(i) >= 1,
        (v, y, i) => (2 * v + (N(i) - 1) * y) / (N(i) + 1),
      );
      // the seed's bar has a value only where N ≥ 1 (a constant N < 1: no bar at all)
      if (f < x.length && !(N(f) >= 1)) expected[f] = NaN;
      if (typeof len === "number" && !(N(0) >= 1)) expected.fill(NaN);
      assertSeries(out, expected, 1e-12, `EMA ${len}`);
      assertKeepsEqualInput(out, x, "EMA");
    }),
    { numRuns: 500, seed: 71 },
  );
});

test("EXPMEMA: the EMA recurrence seeded with the mean of the first N consecutive valid values", () => {
  const len = fc.oneof(fc.integer({ min: -1, max: 6 }), fc.constantFrom(2.5, NaN));
  fc.assert(
    fc.property(
      sized(() => len),
      ([x, len]) => {
        const N = Math.trunc(len);
        let seed = x.length;
        for (let i = 0; N >= 1 && i + N <= x.length; i++) {
          if (x.slice(i, i + N).every((v) => v === v)) {
            seed = i + N - 1;
            break;
          }
        }
        const mean = x.slice(seed - N + 1, seed + 1).reduce((s, v) => s + v, 0) / N;
        const out = output(x.length, (o) => k.expmema(o, Float64Array.from(x), len));
        assertSeries(
          out,
          recursive(x, seed, mean, isValid(), (v, y) => (2 * v + (N - 1) * y) / (N + 1)),
          1e-12,
          `EXPMEMA ${len}`,
        );
        assertKeepsEqualInput(out, x, "EXPMEMA");
      },
    ),
    { numRuns: 500, seed: 73 },
  );
});

test("SMA: Y = (M·X + (N−M)·Y') / N, seeded with X on its first valid bar; N truncated, N < 1 gives no value", () => {
  // a number is valid (an invalid constant parameter is not a formula's case); a series has gaps
  const n_ = fc.oneof({ weight: 4, arbitrary: fc.integer({ min: 0, max: 8 }) }, { weight: 1, arbitrary: fc.constantFrom(0.5, 2.5, -1, -2.5) });
  const m_ = fc.oneof(fc.integer({ min: 0, max: 3 }), fc.constant(0.5));
  const orGap = (arb: fc.Arbitrary<number>) => fc.oneof({ weight: 6, arbitrary: arb }, { weight: 1, arbitrary: fc.constant(NaN) });
  const operand = (n: number, arb: fc.Arbitrary<number>) => fc.oneof(arb, seriesOf(n, orGap(arb)));
  fc.assert(
    fc.property(
      sized((n) => fc.tuple(operand(n, n_), operand(n, m_))),
      ([x, [len, weight]]) => {
        const f = firstValid(x);
        const out = output(x.length, (o) => k.sma(o, Float64Array.from(x), asOperand(len), asOperand(weight)));
        const valid = isValid(weight);
        const N = (i: number) => Math.trunc(at(len, i));
        const expected = recursive(
          x,
          f,
          x[f]!,
          (i) => valid(i) && N(i) >= 1,
          (v, y, i) => (at(weight, i) * v + (N(i) - at(weight, i)) * y) / N(i),
        );
        // N < 1 gives no value, the seed's bar included; a constant N < 1 none on any bar
        if (f < x.length && !(N(f) >= 1)) expected[f] = NaN;
        if (typeof len === "number" && !(N(0) >= 1)) expected.fill(NaN);
        assertSeries(out, expected, 1e-12, `SMA ${len} ${weight}`);
        assertKeepsEqualInput(out, x, "SMA");
      },
    ),
    { numRuns: 500, seed: 79 },
  );
});

test("DMA: Y = A·X + (1−A)·Y' with A capped at 1; TMA: Y = A·Y' + B·X; both seeded where all inputs are first valid", () => {
  const weight = fc.oneof({ weight: 6, arbitrary: fc.integer({ min: 0, max: 12 }).map((v) => v / 8) }, { weight: 1, arbitrary: fc.constant(NaN) });
  fc.assert(
    fc.property(
      sized((n) => fc.tuple(operandOf(n, weight), operandOf(n, weight))),
      ([x, [a, b]]) => {
        // the seed: the first bar where X and the weights are valid
        const seedOf = (...ops: (number | readonly number[])[]) => x.findIndex((v, i) => v === v && isValid(...ops)(i));
        const fd = seedOf(a);
        const dmaOut = output(x.length, (o) => k.dma(o, Float64Array.from(x), asOperand(a)));
        const dma = recursive(x, fd < 0 ? x.length : fd, x[fd]!, isValid(a), (v, y, i) => {
          const w = Math.min(1, at(a, i));
          return w * v + (1 - w) * y;
        });
        assertSeries(dmaOut, dma, 1e-12, `DMA ${a}`);
        assertKeepsEqualInput(dmaOut, x, "DMA");
        const ft = seedOf(a, b);
        let y = NaN;
        const tma = x.map((v, i) => {
          if (ft < 0 || i < ft || v !== v || at(a, i) !== at(a, i) || at(b, i) !== at(b, i)) return NaN;
          y = i === ft ? v : at(a, i) * y + at(b, i) * v;
          return y;
        });
        assertSeries(
          output(x.length, (o) => k.tma(o, Float64Array.from(x), asOperand(a), asOperand(b))),
          tma,
          1e-12,
          `TMA ${a} ${b}`,
        );
      },
    ),
    { numRuns: 500, seed: 83 },
  );
});

test("XMA: the mean of the valid values in [i−⌊N/2⌋, i+N−1−⌊N/2⌋], cut at both ends, from X's first valid bar", () => {
  const len = fc.oneof(fc.integer({ min: -1, max: 9 }), fc.constantFrom(2.5, 5.9));
  fc.assert(
    fc.property(
      sized(() => len),
      ([x, len]) => {
        const N = Math.max(1, Math.trunc(len));
        const h = Math.floor(N / 2);
        const f = firstValid(x);
        const expected = x.map((_, i) => {
          const w = x.slice(Math.max(0, i - h), i + N - h).filter((v) => v === v);
          return i < f || w.length === 0 ? NaN : w.reduce((s, v) => s + v, 0) / w.length;
        });
        assertSeries(
          output(x.length, (o) => k.xma(o, Float64Array.from(x), len)),
          expected,
          1e-12,
          `XMA ${len}`,
        );
      },
    ),
    { numRuns: 400, seed: 89 },
  );
});

/**
 * The header's rule on every path of every recursive average: a constant input (here decimals such
 * as 0.1 or 3.33, where a·X + b·X rounds to a neighbour of X for the lengths and weights used) gives
 * exactly that constant, through the branch-free loop, the loop that carries the state over a gap,
 * and the per-bar-length loop. The expected value is the input itself, bit for bit.
 */
test("a constant input gives exactly that constant on every path of EMA, EXPMEMA, SMA and DMA", () => {
  const constants = [0.1, 0.2, 0.7, 1.1, 3.33, 10.01, 12.34];
  const shapes = (c: number) => [
    [c, c, c, c, c, c],
    [NaN, c, c, NaN, c, c, c],
  ];
  /** `from`: the first bar with a value (EXPMEMA's seed). */
  const check = (name: string, x: number[], run: (o: Float64Array, X: Float64Array) => void, from = 0) => {
    const out = output(x.length, (o) => run(o, Float64Array.from(x)));
    for (let i = 0; i < x.length; i++) {
      if (x[i] !== x[i] || i < from) assert.ok(out[i] !== out[i], `${name} [${x.join(", ")}] bar ${i}: a gap gives no value, got ${out[i]}`);
      else assert.equal(out[i], x[i], `${name} [${x.join(", ")}] bar ${i}: moved off the constant`);
    }
  };
  const spread = (x: number[], v: number) => new Float64Array(x.length).fill(v);
  for (const c of constants) {
    for (const x of shapes(c)) {
      for (const N of [5, 6, 9, 12, 20]) {
        check(`EMA ${N}`, x, (o, X) => k.ema(o, X, N));
        check(`EMA [${N}…]`, x, (o, X) => k.ema(o, X, spread(x, N)));
        // EXPMEMA's seed is the mean of its first N values, all equal: the constant, on bar N − 1
        const y = [...Array(N).fill(c), ...x];
        check(`EXPMEMA ${N}`, y, (o, X) => k.expmema(o, X, N), N - 1);
      }
      for (const [N, M] of [
        [3, 1],
        [5, 1],
        [6, 1],
        [7, 2],
        [10, 3],
      ] as const) {
        check(`SMA ${N},${M}`, x, (o, X) => k.sma(o, X, N, M));
        check(`SMA [${N}…],${M}`, x, (o, X) => k.sma(o, X, spread(x, N), M));
        check(`SMA ${N},[${M}…]`, x, (o, X) => k.sma(o, X, N, spread(x, M)));
      }
      for (const a of [0.05, 0.1, 0.2, 0.3]) {
        check(`DMA ${a}`, x, (o, X) => k.dma(o, X, a));
        check(`DMA [${a}…]`, x, (o, X) => k.dma(o, X, spread(x, a)));
      }
    }
  }
});
