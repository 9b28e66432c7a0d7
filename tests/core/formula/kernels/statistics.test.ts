/**
 * STD, STDP, VAR, VARP, DEVSQ, AVEDEV, SLOPE, FORCAST, COVAR and RELATE against their definitions
 * (core/formula/LANGUAGE.md §3.5, the rules in core/formula/kernels/statistics.ts's header), written
 * again here from each bar's window (mean first, then the deviations), on random series with gaps,
 * runs of equal values and window lengths that are numbers or series. A window of equal values has
 * no deviation: exactly 0.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import * as k from "../../../../core/formula/kernels/statistics.ts";
import { assertSeries } from "../helpers.ts";
import { asOperand, at, count, operandOf, output, seriesOf, value, firstValid } from "./arbitraries.ts";

/**
 * Decimals that no double holds exactly: their sums and means round, so a window of equal ones only
 * deviates by exactly 0 where the kernel recognises it as such.
 */
const decimal = fc.oneof({ weight: 3, arbitrary: value }, { weight: 1, arbitrary: fc.constantFrom(0.1, 0.7, 1.1, 2.675, 3.33, -0.3) });
// runs of equal values are common: a value is repeated or drawn afresh
const runs = (n: number) =>
  seriesOf(n, fc.tuple(decimal, fc.boolean())).map((draws) => {
    const x: number[] = [];
    for (const [v, again] of draws) x.push(again && x.length > 0 ? x[x.length - 1]! : v);
    return x;
  });
const sized = <T>(arb: (n: number) => fc.Arbitrary<T>) => fc.oneof(fc.integer({ min: 0, max: 14 }), fc.integer({ min: 30, max: 40 })).chain((n) => fc.tuple(runs(n), arb(n)));
const length = fc.oneof(count, fc.integer({ min: 20, max: 35 }));

const mean = (w: readonly number[]) => w.reduce((s, v) => s + v, 0) / w.length;

/** The window of N values ending at bar i, from bar `start` on and all valid, reduced by `fn`; else invalid. */
function windowed(n: number, len: number | readonly number[], start: number, cols: readonly (readonly number[])[], fn: (...w: number[][]) => number): number[] {
  return Array.from({ length: n }, (_, i) => {
    const N = Math.trunc(at(len, i));
    if (!(N >= 1) || i - N + 1 < start) return NaN;
    const ws = cols.map((c) => c.slice(i - N + 1, i + 1));
    return ws.some((w) => w.some((v) => v !== v)) ? NaN : fn(...ws);
  });
}

test("STD, STDP, VAR, VARP, DEVSQ: squared deviations from the window mean, sample forms over N−1; exactly 0 on equal values", () => {
  const forms = [
    ["std", (m2: number, N: number) => (N > 1 ? Math.sqrt(m2 / (N - 1)) : NaN)],
    ["stdp", (m2: number, N: number) => Math.sqrt(m2 / N)],
    ["var", (m2: number, N: number) => (N > 1 ? m2 / (N - 1) : NaN)],
    ["varp", (m2: number, N: number) => m2 / N],
    ["devsq", (m2: number) => m2],
  ] as const;
  fc.assert(
    fc.property(
      sized((n) => operandOf(n, length)),
      ([x, len]) => {
        for (const [kind, finish] of forms) {
          const out = output(x.length, (o) => k.moment(o, Float64Array.from(x), asOperand(len), kind));
          const expected = windowed(x.length, len, firstValid(x), [x], (w) => {
            const m = mean(w);
            return finish(
              w.reduce((s, v) => s + (v - m) ** 2, 0),
              w.length,
            );
          });
          assertSeries(out, expected, 1e-9, `${kind} ${len}`);
          const flat = windowed(x.length, len, firstValid(x), [x], (w) => +w.every((v) => v === w[0]));
          flat.forEach((f, i) => {
            if (f === 1 && expected[i] === expected[i]) assert.equal(out[i], 0, `${kind} ${len} bar ${i}: equal values deviate`);
          });
        }
      },
    ),
    { numRuns: 400, seed: 109 },
  );
});

test("AVEDEV: the mean absolute deviation from the window mean, exactly 0 on equal values", () => {
  fc.assert(
    fc.property(
      sized((n) => operandOf(n, length)),
      ([x, len]) => {
        const out = output(x.length, (o) => k.avedev(o, Float64Array.from(x), asOperand(len)));
        const expected = windowed(x.length, len, firstValid(x), [x], (w) => mean(w.map((v) => Math.abs(v - mean(w)))));
        assertSeries(out, expected, 1e-9, `AVEDEV ${len}`);
        expected.forEach((e, i) => {
          if (e === 0) assert.equal(out[i], 0, `AVEDEV ${len} bar ${i}: equal values deviate`);
        });
      },
    ),
    { numRuns: 400, seed: 113 },
  );
});

test("SLOPE and FORCAST: the least-squares line of the window against bar number, its slope and its value at the bar", () => {
  fc.assert(
    fc.property(
      sized((n) => operandOf(n, length)),
      ([x, len]) => {
        const line = (w: number[]) => {
          const N = w.length;
          if (N < 2) return [NaN, NaN];
          const t = w.map((_, j) => j);
          const mt = mean(t);
          const mw = mean(w);
          const b = t.reduce((s, tj, j) => s + (tj - mt) * (w[j]! - mw), 0) / t.reduce((s, tj) => s + (tj - mt) ** 2, 0);
          return [b, mw + b * (N - 1 - mt)];
        };
        const f = firstValid(x);
        assertSeries(
          output(x.length, (o) => k.slope(o, Float64Array.from(x), asOperand(len))),
          windowed(x.length, len, f, [x], (w) => line(w)[0]!),
          1e-9,
          `SLOPE ${len}`,
        );
        assertSeries(
          output(x.length, (o) => k.forcast(o, Float64Array.from(x), asOperand(len))),
          windowed(x.length, len, f, [x], (w) => line(w)[1]!),
          1e-9,
          `FORCAST ${len}`,
        );
      },
    ),
    { numRuns: 400, seed: 127 },
  );
});

test("COVAR and RELATE: population covariance and correlation of two windows (none when either is flat), from both first valid bars", () => {
  fc.assert(
    fc.property(
      sized((n) => fc.tuple(runs(n), operandOf(n, length))),
      ([x, [y, len]]) => {
        const start = Math.max(firstValid(x), firstValid(y));
        const co = (a: number[], b: number[]) => {
          const ma = mean(a);
          const mb = mean(b);
          return a.reduce((s, v, j) => s + (v - ma) * (b[j]! - mb), 0) / a.length;
        };
        assertSeries(
          output(x.length, (o) => k.covar(o, Float64Array.from(x), Float64Array.from(y), asOperand(len))),
          windowed(x.length, len, start, [x, y], co),
          1e-9,
          `COVAR ${len}`,
        );
        // flat: every value the same (the mean of equal decimals may differ from them by a rounding)
        const flat = (w: number[]) => w.every((v) => v === w[0]);
        const r = (a: number[], b: number[]) => (flat(a) || flat(b) ? NaN : co(a, b) / Math.sqrt(co(a, a) * co(b, b)));
        assertSeries(
          output(x.length, (o) => k.relate(o, Float64Array.from(x), Float64Array.from(y), asOperand(len))),
          windowed(x.length, len, start, [x, y], r),
          1e-9,
          `RELATE ${len}`,
        );
      },
    ),
    { numRuns: 400, seed: 131 },
  );
});

test("STD, STDP, VAR, VARP, DEVSQ on a long, high-valued trend, with and without invalid bars: the sums are re-centred, so no precision is lost to cancellation", () => {
  // 3000 bars rising 2.5 a bar from 3000 with cent noise; with invalid bars at 50 and 1700 the loop
  // that handles gaps runs, without them the rolling loop re-centred every 256 bars
  const trend = Array.from({ length: 3000 }, (_, i) => 3000 + i * 2.5 + ((i * 37) % 11) / 100);
  for (const x of [trend, trend.map((v, i) => (i === 50 || i === 1700 ? NaN : v))])
    for (const N of [20, 45]) {
      for (const [kind, finish] of [
        ["std", (m2: number) => Math.sqrt(m2 / (N - 1))],
        ["stdp", (m2: number) => Math.sqrt(m2 / N)],
        ["var", (m2: number) => m2 / (N - 1)],
        ["varp", (m2: number) => m2 / N],
        ["devsq", (m2: number) => m2],
      ] as const) {
        const expected = windowed(x.length, N, 0, [x], (w) => {
          const m = mean(w);
          return finish(w.reduce((s, v) => s + (v - m) ** 2, 0));
        });
        assertSeries(
          output(x.length, (o) => k.moment(o, Float64Array.from(x), N, kind)),
          expected,
          1e-9,
          `${kind} ${N}`,
        );
      }
    }
});
