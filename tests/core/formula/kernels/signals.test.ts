/**
 * CROSS, LONGCROSS, FILTER, FILTERX and BACKSET against their definitions (core/formula/LANGUAGE.md
 * §3.4), written again here bar by bar, on random series where equal values and invalid bars are
 * common, with lengths that are numbers or series (zero, negative, fractional, invalid).
 */
import { test } from "node:test";
import fc from "fast-check";
import { backset, cross, filter, filterX, longCross } from "../../../../core/formula/kernels/signals.ts";
import { assertSeries } from "../helpers.ts";
import { asOperand, at, count, operandOf, output, seriesOf, truthy, value } from "./arbitraries.ts";

const pairWithLength = fc.integer({ min: 0, max: 14 }).chain((n) => fc.tuple(seriesOf(n, value), seriesOf(n, value), operandOf(n, count)));

test("CROSS: A below B on the previous bar and above it now; LONGCROSS: below on each of the N previous bars", () => {
  fc.assert(
    fc.property(pairWithLength, ([a, b, len]) => {
      const n = a.length;
      const below = (j: number) => j >= 0 && a[j]! < b[j]!;
      const crossed = a.map((_, i) => (i > 0 && below(i - 1) && a[i]! > b[i]! ? 1 : 0));
      assertSeries(
        output(n, (o) => cross(o, Float64Array.from(a), Float64Array.from(b))),
        crossed,
        0,
        "CROSS",
      );
      const long = a.map((_, i) => {
        const k = Math.trunc(at(len, i));
        if (!(i > 0 && k >= 1 && a[i]! > b[i]!)) return 0;
        for (let j = i - k; j < i; j++) if (!below(j)) return 0;
        return 1;
      });
      assertSeries(
        output(n, (o) => longCross(o, Float64Array.from(a), Float64Array.from(b), asOperand(len))),
        long,
        0,
        `LONGCROSS ${len}`,
      );
    }),
    { numRuns: 600, seed: 41 },
  );
});

/** FILTER scanning in `dir` (+1 forwards, −1 backwards): a true bar gives 1 and silences the next N bars in that direction. */
function filtered(x: readonly number[], len: number | readonly number[], dir: number): number[] {
  const out = x.map(() => 0);
  let silent = 0;
  for (let s = 0; s < x.length; s++) {
    const i = dir > 0 ? s : x.length - 1 - s;
    if (silent > 0) silent--;
    else if (truthy(x[i]!)) {
      out[i] = 1;
      const k = Math.trunc(at(len, i));
      silent = k > 0 ? k : 0;
    }
  }
  return out;
}

test("FILTER and FILTERX: a true bar gives 1 and silences the N bars after (before) it; silenced bars start nothing", () => {
  fc.assert(
    fc.property(pairWithLength, ([x, , len]) => {
      const run = (k: typeof filter) => output(x.length, (o) => k(o, Float64Array.from(x), asOperand(len)));
      assertSeries(run(filter), filtered(x, len, 1), 0, `FILTER ${len}`);
      assertSeries(run(filterX), filtered(x, len, -1), 0, `FILTERX ${len}`);
    }),
    { numRuns: 600, seed: 43 },
  );
});

test("BACKSET: where X holds on bar t, bars t−N+1 … t become 1", () => {
  fc.assert(
    fc.property(pairWithLength, ([x, , len]) => {
      const expected = x.map(() => 0);
      for (let t = 0; t < x.length; t++) {
        const k = Math.trunc(at(len, t));
        if (truthy(x[t]!) && k >= 1) for (let j = Math.max(0, t - k + 1); j <= t; j++) expected[j] = 1;
      }
      assertSeries(
        output(x.length, (o) => backset(o, Float64Array.from(x), asOperand(len))),
        expected,
        0,
        `BACKSET ${len}`,
      );
    }),
    { numRuns: 600, seed: 47 },
  );
});
