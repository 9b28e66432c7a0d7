/**
 * ZIG, PEAK, TROUGH, PEAKBARS and TROUGHBARS against the zigzag core/formula/kernels/zigzag.ts's
 * header defines (core/formula/LANGUAGE.md §3.8), written again here: the line starts at X's first
 * valid bar; the first move of N % away from it sets the first leg (the start is then a trough below
 * an up leg, a peak above a down leg); afterwards the leg's extreme (the earlier of equal ones) is a
 * turning point once X moves N % back from it; the last extreme is one too, and the line ends on the
 * last valid bar. ZIG joins the points with straight lines; PEAK/TROUGH(…, M) is the M-th most recent
 * peak/trough at or before each bar. Random short series of small values (ties, zeros, negatives,
 * gaps) and thresholds (0, negative, fractional).
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { turningPoint, zig, zigzag } from "../../../../core/formula/kernels/zigzag.ts";
import { assertSeries } from "../helpers.ts";
import { count, output, seriesOf } from "./arbitraries.ts";

/** A move from `a` to `b` of at least `pct` % of `a` (in either direction, and not none). */
const moves = (a: number, b: number, pct: number) => b !== a && Math.abs(b - a) * 100 >= pct * Math.abs(a);

/** The turning points as [bar, kind] (1 peak, −1 trough, 0 the start without a leg or the trailing end). */
function turningPoints(x: readonly number[], pct: number): [number, number][] {
  const valid = x.flatMap((v, i) => (Number.isNaN(v) ? [] : [i]));
  if (valid.length === 0) return [];
  const start = valid[0]!;
  const points: [number, number][] = [[start, 0]];
  // the first leg: the first valid bar that moved N % away from the start
  const first = valid.find((i) => moves(x[start]!, x[i]!, pct));
  if (first !== undefined) {
    let up = x[first]! > x[start]!;
    points[0] = [start, up ? -1 : 1];
    let extreme = first;
    for (const i of valid.filter((i) => i > first)) {
      const further = up ? x[i]! > x[extreme]! : x[i]! < x[extreme]!;
      if (further) extreme = i;
      else if (moves(x[extreme]!, x[i]!, pct)) {
        points.push([extreme, up ? 1 : -1]);
        up = !up;
        extreme = i;
      }
    }
    points.push([extreme, up ? 1 : -1]);
  }
  const end = valid[valid.length - 1]!;
  if (points[points.length - 1]![0] !== end) points.push([end, 0]);
  return points;
}

const withThreshold = fc.tuple(
  fc.integer({ min: 0, max: 16 }).chain((n) => seriesOf(n, fc.oneof({ weight: 8, arbitrary: fc.integer({ min: -2, max: 8 }) }, { weight: 1, arbitrary: fc.constant(NaN) }))),
  fc.oneof({ weight: 6, arbitrary: fc.constantFrom(10, 20, 25, 50, 100) }, { weight: 2, arbitrary: fc.integer({ min: 0, max: 200 }) }, { weight: 1, arbitrary: fc.constantFrom(-10, 12.5) }),
);

test("zigzag: the turning points and their kinds", () => {
  fc.assert(
    fc.property(withThreshold, ([x, pct]) => {
      const { points, kinds } = zigzag(Float64Array.from(x), pct);
      const expected = turningPoints(x, pct);
      assert.deepEqual(
        points.map((p, k) => [p, kinds[k]]),
        expected,
        `[${x}] ${pct} %`,
      );
    }),
    { numRuns: 500, seed: 61 },
  );
});

test("ZIG: straight lines between the turning points; a lone valid bar is its own line", () => {
  fc.assert(
    fc.property(withThreshold, ([x, pct]) => {
      const points = turningPoints(x, pct).map(([p]) => p);
      const line = x.map(() => NaN);
      if (points.length === 1) line[points[0]!] = x[points[0]!]!;
      for (let k = 1; k < points.length; k++) {
        const [p, q] = [points[k - 1]!, points[k]!];
        for (let j = p; j <= q; j++) line[j] = x[p]! + ((x[q]! - x[p]!) * (j - p)) / (q - p);
      }
      assertSeries(
        output(x.length, (o) => zig(o, Float64Array.from(x), pct)),
        line,
        1e-12,
        `ZIG [${x}] ${pct} %`,
      );
    }),
    { numRuns: 500, seed: 67 },
  );
});

test("PEAK, TROUGH and their BARS: the M-th most recent turning point of the kind at or before each bar", () => {
  fc.assert(
    fc.property(withThreshold, count, ([x, pct], m) => {
      const points = turningPoints(x, pct);
      for (const kind of [1, -1]) {
        const at = (i: number) => {
          const seen = points.filter(([p, k]) => k === kind && p <= i).map(([p]) => p);
          const M = Math.trunc(m);
          return M >= 1 && M <= seen.length ? seen[seen.length - M]! : undefined;
        };
        const values = x.map((_, i) => (at(i) === undefined ? NaN : x[at(i)!]!));
        const bars = x.map((_, i) => (at(i) === undefined ? NaN : i - at(i)!));
        const run = (b: boolean) => output(x.length, (o) => turningPoint(o, Float64Array.from(x), pct, m, kind, b));
        assertSeries(run(false), values, 0, `${kind > 0 ? "PEAK" : "TROUGH"} [${x}] ${pct} % M=${m}`);
        assertSeries(run(true), bars, 0, `${kind > 0 ? "PEAKBARS" : "TROUGHBARS"} [${x}] ${pct} % M=${m}`);
      }
    }),
    { numRuns: 500, seed: 71 },
  );
});

test("zigzag: a hand-worked case, ties keeping the earlier extreme", () => {
  // 10 → 15 (+50 %) starts an up leg (10 a trough); 15 is equalled on bar 3, the extreme stays bar 1;
  // 12 is exactly 20 % back from 15: bar 1 is a peak and a down leg starts at 12; it reaches 9 (bar 5),
  // its extreme and the last turning point (10 is not 20 % above 9); bar 6 ends the line.
  const x = [10, 15, 14, 15, 12, 9, 10];
  const { points, kinds } = zigzag(Float64Array.from(x), 20);
  assert.deepEqual(points, [0, 1, 5, 6], "turning points");
  assert.deepEqual(kinds, [-1, 1, -1, 0], "kinds");
  assert.deepEqual(zigzag(new Float64Array([NaN, NaN]), 5), { points: [], kinds: [] }, "no valid bar, no point");
});
