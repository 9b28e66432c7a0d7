/**
 * BARSLAST, BARSLASTCOUNT, BARSSINCE, BARSSINCEN, BARSCOUNT, SUMBARS, TOPRANGE/LOWRANGE and HOD/LOD
 * against their definitions (core/formula/LANGUAGE.md §3.3, the rules in
 * core/formula/kernels/bar-counts.ts's header), written again here as plain backward scans, on random
 * series with zeros, ties and invalid bars, with lengths and targets that are numbers or series.
 */
import { test } from "node:test";
import fc from "fast-check";
import * as k from "../../../../core/formula/kernels/bar-counts.ts";
import { assertSeries } from "../helpers.ts";
import { asOperand, at, count, operandOf, output, seriesOf, truthy, value, firstValid } from "./arbitraries.ts";

const withLength = fc.integer({ min: 0, max: 14 }).chain((n) => fc.tuple(seriesOf(n, value), operandOf(n, count)));
const run = (n: number, kernel: (o: Float64Array) => void) => output(n, kernel);

test("BARSLAST, BARSLASTCOUNT, BARSSINCE, BARSSINCEN, BARSCOUNT: scans back from each bar", () => {
  fc.assert(
    fc.property(withLength, ([x, len]) => {
      const n = x.length;
      const X = Float64Array.from(x);
      const holds = x.map(truthy);
      const last = x.map((_, i) => {
        const j = holds.lastIndexOf(true, i);
        return j < 0 ? NaN : i - j;
      });
      assertSeries(
        run(n, (o) => k.barsLast(o, X)),
        last,
        0,
        "BARSLAST",
      );
      const streak = x.map((_, i) => {
        let c = 0;
        while (i - c >= 0 && holds[i - c]) c++;
        return c;
      });
      assertSeries(
        run(n, (o) => k.barsLastCount(o, X)),
        streak,
        0,
        "BARSLASTCOUNT",
      );
      const first = holds.indexOf(true);
      assertSeries(
        run(n, (o) => k.barsSince(o, X)),
        x.map((_, i) => (first < 0 || i < first ? NaN : i - first)),
        0,
        "BARSSINCE",
      );
      const sinceN = x.map((_, i) => {
        const w = Math.trunc(at(len, i));
        if (!(w >= 0)) return NaN;
        for (let j = w === 0 ? 0 : Math.max(0, i - w + 1); j <= i; j++) if (holds[j]) return i - j;
        return NaN;
      });
      assertSeries(
        run(n, (o) => k.barsSinceN(o, X, asOperand(len))),
        sinceN,
        0,
        `BARSSINCEN ${len}`,
      );
      const valid = firstValid(x);
      assertSeries(
        run(n, (o) => k.barsCount(o, X)),
        x.map((_, i) => (i < valid ? NaN : i - valid)),
        0,
        "BARSCOUNT",
      );
    }),
    { numRuns: 600, seed: 53 },
  );
});

test("SUMBARS: the fewest bars back from this one whose sum reaches A (invalid X counts 0), invalid if none", () => {
  const target = fc.oneof(fc.integer({ min: -4, max: 12 }), fc.constant(NaN));
  // all-non-negative series take the binary search, others the scan
  const x = (n: number) =>
    fc.oneof(
      seriesOf(n, value),
      seriesOf(
        n,
        value.map((v) => Math.abs(v)),
      ),
    );
  const input = fc.integer({ min: 0, max: 14 }).chain((n) => fc.tuple(x(n), operandOf(n, target)));
  fc.assert(
    fc.property(input, ([x, a]) => {
      const expected = x.map((_, i) => {
        const goal = at(a, i);
        let s = 0;
        for (let j = i; j >= 0; j--) {
          s += x[j] === x[j] ? x[j]! : 0;
          if (s >= goal) return i - j + 1;
        }
        return NaN;
      });
      assertSeries(
        run(x.length, (o) => k.sumBars(o, Float64Array.from(x), asOperand(a))),
        expected,
        0,
        `SUMBARS ${a}`,
      );
    }),
    { numRuns: 600, seed: 59 },
  );
});

test("TOPRANGE/LOWRANGE: bars before this one at or below (above) it, an invalid bar ending the run; HOD/LOD: rank in the window", () => {
  fc.assert(
    fc.property(withLength, ([x, len]) => {
      const n = x.length;
      const X = Float64Array.from(x);
      for (const [sign, name, kernel] of [
        [1, "TOPRANGE", k.topRange],
        [-1, "LOWRANGE", k.lowRange],
      ] as const) {
        const expected = x.map((v, i) => {
          if (v !== v) return NaN;
          let c = 0;
          while (i - c - 1 >= 0 && x[i - c - 1] === x[i - c - 1] && sign * x[i - c - 1]! <= sign * v) c++;
          return c;
        });
        assertSeries(
          run(n, (o) => kernel(o, X)),
          expected,
          0,
          name,
        );
      }
      for (const [sign, name, kernel] of [
        [1, "HOD", k.hod],
        [-1, "LOD", k.lod],
      ] as const) {
        const expected = x.map((v, i) => {
          const w = Math.trunc(at(len, i));
          if (v !== v || !(w >= 0)) return NaN;
          let r = 1;
          for (let j = w === 0 ? 0 : Math.max(0, i - w + 1); j < i; j++) if (sign * x[j]! > sign * v) r++;
          return r;
        });
        assertSeries(
          run(n, (o) => kernel(o, X, asOperand(len))),
          expected,
          0,
          `${name} ${len}`,
        );
      }
    }),
    { numRuns: 600, seed: 61 },
  );
});

test("SUMBARS on a series of negative values only: the sum grows away from A going back, so the fewest bars is the first reaching it", () => {
  // every value below 0: the only series whose running sums fall going back, checked by the same backward scan
  const input = fc.integer({ min: 1, max: 10 }).chain((n) => fc.tuple(seriesOf(n, fc.integer({ min: -3, max: -1 })), fc.integer({ min: -12, max: 0 })));
  fc.assert(
    fc.property(input, ([x, a]) => {
      const expected = x.map((_, i) => {
        let s = 0;
        for (let j = i; j >= 0; j--) {
          s += x[j]!;
          if (s >= a) return i - j + 1;
        }
        return NaN;
      });
      assertSeries(
        run(x.length, (o) => k.sumBars(o, Float64Array.from(x), a)),
        expected,
        0,
        `SUMBARS [${x}] ${a}`,
      );
    }),
    { numRuns: 200, seed: 97 },
  );
});

test("HOD/LOD(X,0) without invalid bars: a new unique high ranks 1 among every bar so far (worked by hand)", () => {
  // [1,3,2,4]: 3 tops 1; 2 has 3 above it; 4 tops all. LOD: 3 has 1 below; 2 has 1 below; 4 has three below
  const x = Float64Array.of(1, 3, 2, 4);
  assertSeries(
    run(4, (o) => k.hod(o, x, 0)),
    [1, 1, 2, 1],
    0,
    "HOD(X,0)",
  );
  assertSeries(
    run(4, (o) => k.lod(o, x, 0)),
    [1, 2, 2, 4],
    0,
    "LOD(X,0)",
  );
});
