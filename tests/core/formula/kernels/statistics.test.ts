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
import { ma } from "../../../../core/formula/kernels/averages.ts";
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
/**
 * The exact mean of values in whole cents, correctly rounded: their total in cents is an exact
 * integer, divided once. Equal values have themselves as mean (a sum of doubles may not), and
 * AVEDEV's deviations are from the exact mean (a rounding of the mean moves Σ|x−m|, unlike Σ(x−m)²).
 */
/** Each moment with its definition from Σ(x−mean)² of a window of N values (the sample forms over N − 1). */
const moments = (N: number) =>
  [
    ["std", (m2: number) => Math.sqrt(m2 / (N - 1))],
    ["stdp", (m2: number) => Math.sqrt(m2 / N)],
    ["var", (m2: number) => m2 / (N - 1)],
    ["varp", (m2: number) => m2 / N],
    ["devsq", (m2: number) => m2],
  ] as const;

const exactMean = (w: readonly number[]) => w.reduce((s, v) => s + Math.round(v * 100), 0) / (100 * w.length);

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

test("AVEDEV: exactly 0 on a window of bitwise-equal values that are not decimals (thirds, sevenths, typical prices (H+L+C)/3), for a number or a series N", () => {
  // a level no decimal reads: a third or seventh of cents, a typical price of a bar with H ≠ L, a ratio
  const level = fc.oneof(
    fc.integer({ min: 1, max: 3_000_000 }).map((c) => c / 300),
    fc.integer({ min: 1, max: 3_000_000 }).map((c) => c / 700),
    fc.tuple(fc.integer({ min: 100, max: 5000 }), fc.integer({ min: 1, max: 50 }), fc.integer({ min: 0, max: 50 })).map(([l, hl, cl]) => (l / 100 + (l + hl) / 100 + (l + Math.min(hl, cl)) / 100) / 3),
    fc.double({ min: 1e-3, max: 1e6, noNaN: true }),
  );
  const stretch = fc.tuple(level, fc.integer({ min: 1, max: 12 })).map(([v, k]) => Array<number>(k).fill(v));
  const other = fc.oneof(
    fc.integer({ min: 1, max: 5000 }).map((c) => c / 100),
    fc.constant(NaN),
  );
  fc.assert(
    fc.property(
      fc.array(fc.oneof({ weight: 3, arbitrary: stretch }, { weight: 1, arbitrary: other.map((v) => [v]) }), { maxLength: 12 }),
      fc.integer({ min: 1, max: 8 }),
      fc.boolean(),
      (parts, N, perBar) => {
        const x = parts.flat();
        const len = perBar ? x.map((_, i) => 1 + ((i * 7) % N)) : N;
        const out = output(x.length, (o) => k.avedev(o, Float64Array.from(x), asOperand(len)));
        for (let i = 0; i < x.length; i++) {
          const w = Math.trunc(at(len, i));
          if (i - w + 1 < firstValid(x)) continue;
          const window = x.slice(i - w + 1, i + 1);
          if (window.every((v) => Object.is(v, window[0]) && v === v)) assert.ok(Object.is(out[i], 0), `AVEDEV ${w} bar ${i} of [${window.join(", ")}]: ${out[i]}`);
        }
      },
    ),
    { numRuns: 400, seed: 131 },
  );
});

test("AVEDEV of N bars: each window's terms in turn to two sums from its oldest bar, about MA's mean; the same value whatever bars are beside it", () => {
  // long price-like series (ranges of 1,024 bars, bars in pairs) with gaps; the order of each bar's sums is the rule
  const price = fc.oneof({ weight: 9, arbitrary: fc.integer({ min: 1, max: 500_000 }).map((c) => c / 100) }, { weight: 1, arbitrary: fc.constant(NaN) });
  fc.assert(
    fc.property(
      fc.integer({ min: 1, max: 40 }),
      fc.integer({ min: 0, max: 2600 }).chain((n) => seriesOf(n, price)),
      (N, values) => {
        const x = Float64Array.from(values);
        const out = output(x.length, (o) => k.avedev(o, x, N));
        const means = output(x.length, (o) => ma(o, x, N));
        for (let i = 0; i < x.length; i++) {
          const m = means[i]!;
          let expected = NaN;
          if (m === m) {
            const sums = [0, 0];
            for (let t = 0; t < N; t++) sums[t % 2]! += Math.abs(x[i - N + 1 + t]! - m);
            expected = (sums[0]! + sums[1]!) / N;
          }
          assert.ok(Object.is(out[i], expected), `AVEDEV ${N} bar ${i}: ${out[i]} against ${expected}`);
        }
      },
    ),
    { numRuns: 150, seed: 127 },
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
      for (const [kind, finish] of moments(N)) {
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

test("a window longer than the series gives no value, however long (2^31, 2^32 + 2, 2^53, infinite); one as long as the series gives the last bar's", () => {
  // the definition: a value needs N bars, so none exist when N exceeds the bars there are; a length
  // is never taken modulo 2^32 (2^32 + 2 is not 2)
  const longs = fc.constantFrom(2 ** 31, 2 ** 31 + 1, 2 ** 32 + 2, 2 ** 53, 1e300, Infinity);
  fc.assert(
    fc.property(
      fc.integer({ min: 1, max: 12 }).chain((n) => fc.tuple(runs(n), runs(n), fc.oneof(longs, fc.constantFrom(n, n + 1)), fc.boolean())),
      ([x, y, N, perBar]) => {
        const n = x.length;
        const len = perBar ? Float64Array.from(x, () => N) : N;
        const [X, Y] = [Float64Array.from(x), Float64Array.from(y)];
        const results: [string, Float64Array][] = [
          ...(["std", "stdp", "var", "varp", "devsq"] as const).map((kind) => [kind, output(n, (o) => k.moment(o, X, len, kind))] as [string, Float64Array]),
          ["avedev", output(n, (o) => k.avedev(o, X, len))],
          ["slope", output(n, (o) => k.slope(o, X, len))],
          ["forcast", output(n, (o) => k.forcast(o, X, len))],
          ["covar", output(n, (o) => k.covar(o, X, Y, len))],
          ["relate", output(n, (o) => k.relate(o, X, Y, len))],
        ];
        for (const [name, out] of results)
          out.forEach((v, i) => {
            if (N > i + 1) assert.ok(Number.isNaN(v), `${name}(X, ${N}) on ${n} bars, bar ${i}: ${v}, no value expected`);
          });
        // a window of the whole series, where it is valid, has its value on the last bar only
        if (N === n && x.every((v) => v === v)) {
          const m = mean(x);
          const m2 = x.reduce((s, v) => s + (v - m) ** 2, 0);
          assertSeries(results[3]![1], [...Array(n - 1).fill(NaN), m2 / n], 1e-9, `varp(X, ${n})`);
        }
      },
    ),
    { numRuns: 300, seed: 137 },
  );
});

/** The next double above `v` (v finite, positive). */
function nextUp(v: number): number {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, v);
  view.setBigUint64(0, view.getBigUint64(0) + 1n);
  return view.getFloat64(0);
}

test("STD, STDP, VAR, VARP, DEVSQ of values a few units in the last place apart, after a far first value and a gap: never negative, never no value, within rounding of the values' size", () => {
  // such windows deviate by about 1e-13 at most; rolling sums about a shift far from them cancel to
  // a residue of either sign, which must not come out as a negative variance (or a deviation of no value)
  fc.assert(
    fc.property(
      fc.constantFrom(0.1, 2.675, 3000.1, 10500.37, 1e7 + 0.3),
      fc.constantFrom(0, -5000, 1e6),
      fc
        .integer({ min: 8, max: 40 })
        .chain((n) => fc.array(fc.oneof({ weight: 8, arbitrary: fc.integer({ min: 0, max: 2 }) }, { weight: 1, arbitrary: fc.constant(-1) }), { minLength: n, maxLength: n })),
      fc.integer({ min: 2, max: 6 }),
      (a, far, picks, N) => {
        const near = [a, nextUp(a), nextUp(nextUp(a))];
        // bar 0 far away, bar 1 invalid (the loop that handles gaps runs), then the near values and more gaps (−1)
        const x = [far, NaN, ...picks.map((p) => (p < 0 ? NaN : near[p]!))];
        // rounding of sums of squares of the values' size (a residue of Σ(x−K)² with K = `far`), and its root for the deviations
        const rounding = N * (Math.abs(far) + a) ** 2 * 2 ** -40;
        for (const kind of ["std", "stdp", "var", "varp", "devsq"] as const) {
          const out = output(x.length, (o) => k.moment(o, Float64Array.from(x), N, kind));
          const bound = kind === "std" || kind === "stdp" ? Math.sqrt(rounding) : rounding;
          windowed(x.length, N, 0, [x], () => 0).forEach((e, i) => {
            if (e !== e) assert.ok(Number.isNaN(out[i]!), `${kind} ${N} bar ${i}: ${out[i]}, no value expected`);
            else assert.ok(out[i]! >= 0 && out[i]! <= bound, `${kind} ${N} bar ${i} of [${x}]: ${out[i]}, expected in [0, ${bound}]`);
          });
        }
      },
    ),
    { numRuns: 300, seed: 139 },
  );
});

test("every statistic at a high level (3000 to 1e7) with moves of a few cents, trending or not, with or without gaps: within 1e-9 of its two-pass definition (no precision lost to cancellation)", () => {
  // deviations from the window's own mean are exact differences of nearby doubles; sums taken about
  // a point far from the window (0, or the mean of another window) lose the cents to rounding
  const bars = fc.record({
    level: fc.constantFrom(3000, 10500.37, 1e5, 1e7),
    drift: fc.constantFrom(0, 0.01, -0.03, 0.5),
    cents: fc.array(fc.integer({ min: -9, max: 9 }), { minLength: 2, maxLength: 600 }),
    gaps: fc.array(fc.nat(), { maxLength: 3 }),
  });
  fc.assert(
    fc.property(bars, bars, fc.integer({ min: 1, max: 30 }), (a, b, N) => {
      const series = ({ level, drift, cents, gaps }: typeof a, n: number) => {
        const x = Array.from({ length: n }, (_, i) => Math.round((level + drift * i + (cents[i % cents.length]! * (1 + (i % 3))) / 100) * 100) / 100);
        for (const g of gaps) x[g % n] = NaN;
        return x;
      };
      const n = Math.max(a.cents.length, b.cents.length);
      const [x, y] = [series(a, n), series(b, n)];
      const [X, Y] = [Float64Array.from(x), Float64Array.from(y)];
      const f = firstValid(x);
      const m2 = (w: number[]) => {
        const m = mean(w);
        return w.reduce((s, v) => s + (v - m) ** 2, 0);
      };
      const line = (w: number[]) => {
        const t = w.map((_, j) => j - (w.length - 1) / 2);
        const mw = mean(w);
        const b1 = t.reduce((s, tj, j) => s + tj * (w[j]! - mw), 0) / t.reduce((s, tj) => s + tj * tj, 0);
        return [b1, mw + (b1 * (w.length - 1)) / 2];
      };
      const co = (p: number[], q: number[]) => {
        const [mp, mq] = [mean(p), mean(q)];
        return p.reduce((s, v, j) => s + (v - mp) * (q[j]! - mq), 0) / p.length;
      };
      const flat = (w: number[]) => w.every((v) => v === w[0]);
      const cases: [string, (o: Float64Array) => void, readonly (readonly number[])[], number, (...w: number[][]) => number][] = [
        ["std", (o) => k.moment(o, X, N, "std"), [x], f, (w) => (N > 1 ? Math.sqrt(m2(w) / (N - 1)) : NaN)],
        ["stdp", (o) => k.moment(o, X, N, "stdp"), [x], f, (w) => Math.sqrt(m2(w) / N)],
        ["var", (o) => k.moment(o, X, N, "var"), [x], f, (w) => (N > 1 ? m2(w) / (N - 1) : NaN)],
        ["varp", (o) => k.moment(o, X, N, "varp"), [x], f, (w) => m2(w) / N],
        ["devsq", (o) => k.moment(o, X, N, "devsq"), [x], f, m2],
        ["avedev", (o) => k.avedev(o, X, N), [x], f, (w) => mean(w.map((v) => Math.abs(v - exactMean(w))))],
        ["slope", (o) => k.slope(o, X, N), [x], f, (w) => (N > 1 ? line(w)[0]! : NaN)],
        ["forcast", (o) => k.forcast(o, X, N), [x], f, (w) => (N > 1 ? line(w)[1]! : NaN)],
        ["covar", (o) => k.covar(o, X, Y, N), [x, y], Math.max(f, firstValid(y)), co],
        ["relate", (o) => k.relate(o, X, Y, N), [x, y], Math.max(f, firstValid(y)), (p, q) => (flat(p) || flat(q) ? NaN : co(p, q) / Math.sqrt(co(p, p) * co(q, q)))],
      ];
      for (const [name, run, cols, start, fn] of cases) {
        const expected = windowed(n, N, start, cols, fn);
        // a value near 0 (a slope or covariance of pure noise) is compared at the scale of the deviations
        const out = output(n, run);
        expected.forEach((e, i) => {
          if (e !== e) assert.ok(Number.isNaN(out[i]!), `${name}(X, ${N}) bar ${i}: ${out[i]}, no value expected`);
          else assert.ok(Math.abs(out[i]! - e) <= 1e-9 * Math.max(Math.abs(e), 1e-3), `${name}(X, ${N}) bar ${i}: ${out[i]}, expected ${e}`);
        });
      }
    }),
    { numRuns: 150, seed: 149 },
  );
});

test("STD, STDP, VAR, VARP, DEVSQ after a jump of level (0 or 3000 to 1e5 or 1e7, then moves of cents), with and without gaps: within 1e-9 of the two-pass definition on every bar", () => {
  // the header's rule: where cancellation would leave fewer than about 32 bits, the sums are moved to
  // that window's mean at once (not only at the next regular re-centring, up to 256 bars later)
  fc.assert(
    fc.property(
      fc.constantFrom(0, 3000),
      fc.constantFrom(1e5, 1e7),
      fc.integer({ min: 1, max: 40 }),
      fc.array(fc.integer({ min: -9, max: 9 }), { minLength: 1, maxLength: 30 }),
      fc.array(fc.nat(), { maxLength: 3 }),
      fc.integer({ min: 1, max: 12 }),
      (from, to, jump, cents, gaps, N) => {
        const n = jump + 2 * N + 256 + 40;
        const x = Array.from({ length: n }, (_, i) => (i < jump ? from : Math.round((to + cents[i % cents.length]! / 100) * 100) / 100));
        for (const g of gaps) x[g % n] = NaN;
        for (const [kind, finish] of moments(N)) {
          const out = output(n, (o) => k.moment(o, Float64Array.from(x), N, kind));
          windowed(n, N, firstValid(x), [x], (w) => {
            const m = exactMean(w);
            return N > 1 || kind === "stdp" || kind === "varp" || kind === "devsq" ? finish(w.reduce((s, v) => s + (v - m) ** 2, 0)) : NaN;
          }).forEach((e, i) => {
            if (e !== e) assert.ok(Number.isNaN(out[i]!), `${kind} ${N} bar ${i}: ${out[i]}, no value expected`);
            else assert.ok(Math.abs(out[i]! - e) <= 1e-9 * Math.max(Math.abs(e), 1e-3), `${kind} ${N} bar ${i} (jump at ${jump}, gaps ${gaps}): ${out[i]}, expected ${e}`);
          });
        }
      },
    ),
    { numRuns: 100, seed: 151 },
  );
});

test("STD, STDP, VAR, VARP, DEVSQ over runs at far levels (1e7 + 0.3, 10500.37, −0.3, 3000) with moves of cents, with and without gaps: within 1e-9 of the two-pass definition on every bar", () => {
  // windows that hold two levels have a huge variance, those after a fall a tiny one: both must keep
  // their precision wherever the sums' shift K was last put
  fc.assert(
    fc.property(
      fc.array(fc.record({ level: fc.constantFrom(10000000.3, 10500.37, -0.3, 3000), length: fc.integer({ min: 1, max: 60 }) }), { minLength: 2, maxLength: 8 }),
      fc.array(fc.integer({ min: -9, max: 9 }), { minLength: 1, maxLength: 30 }),
      fc.array(fc.nat(), { maxLength: 2 }),
      fc.integer({ min: 2, max: 40 }),
      (runs, cents, gaps, N) => {
        const x = runs.flatMap(({ level, length }) => Array.from({ length }, () => level)).map((v, i) => Math.round((v + cents[i % cents.length]! / 100) * 100) / 100);
        const n = x.length;
        for (const g of gaps) x[g % n] = NaN;
        for (const [kind, finish] of moments(N).filter(([kind]) => kind === "std" || kind === "varp" || kind === "devsq")) {
          const out = output(n, (o) => k.moment(o, Float64Array.from(x), N, kind));
          windowed(n, N, firstValid(x), [x], (w) => {
            const m = exactMean(w);
            return finish(w.reduce((s, v) => s + (v - m) ** 2, 0));
          }).forEach((e, i) => {
            if (e !== e) assert.ok(Number.isNaN(out[i]!), `${kind} ${N} bar ${i}: ${out[i]}, no value expected`);
            else assert.ok(Math.abs(out[i]! - e) <= 1e-9 * Math.max(Math.abs(e), 1e-3), `${kind} ${N} bar ${i} (runs ${JSON.stringify(runs)}, gaps ${gaps}): ${out[i]}, expected ${e}`);
          });
        }
      },
    ),
    { numRuns: 200, seed: 157 },
  );
});

test("STD, STDP, VAR, VARP, DEVSQ: exactly 0 on every window of equal values, after runs at other levels (0.1 to 1e7 + 0.3), with and without gaps", () => {
  // the definition: equal values have no deviation; rolling sums about a shift from earlier levels
  // (or a mean that rounds off the values) would leave a residue of their rounding
  const level = fc.tuple(fc.constantFrom(0.1, 0.7, 1.1, 2.675, 3.33, -0.3, 3000.01, 10500.37, 1e7 + 0.3), fc.integer({ min: 0, max: 999 }), fc.boolean());
  fc.assert(
    fc.property(
      fc.array(fc.tuple(level, fc.integer({ min: 1, max: 40 }), fc.boolean()), { minLength: 4, maxLength: 12 }),
      fc.constantFrom(2, 3, 5, 8, 13, 21, 34),
      fc.boolean(),
      (segments, N, gaps) => {
        const x: number[] = [];
        for (const [[v, shift, shifted], L, gap] of segments) {
          // without gaps the rolling loop runs, with them the loop that handles gaps
          if (gap && gaps) x.push(NaN);
          for (let j = 0; j < L; j++) x.push(shifted ? v + shift : v);
        }
        for (const kind of ["std", "stdp", "var", "varp", "devsq"] as const) {
          const out = output(x.length, (o) => k.moment(o, Float64Array.from(x), N, kind));
          windowed(x.length, N, firstValid(x), [x], (w) => +w.every((v) => v === w[0])).forEach((f, i) => {
            if (f === 1) assert.equal(out[i], 0, `${kind} ${N} bar ${i}: equal values deviate`);
          });
        }
      },
    ),
    { numRuns: 300, seed: 157 },
  );
});

/** Every window of N equal values in `x` deviates by exactly 0, for each moment. */
function assertFlatWindowsZero(x: readonly number[], N: number, what: string): void {
  for (const kind of ["std", "stdp", "var", "varp", "devsq"] as const) {
    const out = output(x.length, (o) => k.moment(o, Float64Array.from(x), N, kind));
    windowed(x.length, N, firstValid(x), [x], (w) => +w.every((v) => v === w[0])).forEach((f, i) => {
      if (f === 1) assert.equal(out[i], 0, `${kind}(X, ${N}) bar ${i} of ${what}: equal values deviate`);
    });
  }
}

test("STD, STDP, VAR, VARP, DEVSQ: exactly 0 where the rolling loop's sums are recomputed on a window of equal values (49 copies of 0.1, whose sum's mean is not 0.1), followed by other values or not", () => {
  // the rolling loop recomputes its sums every 256 bars from the first full window, about that
  // window's mean as computed; the mean of 49 (or 98, 103, 107) equal decimals rounds off them, and
  // Σ(x−K)² − (Σ(x−K))²/N of a constant deviation then leaves a residue: the definition says 0
  for (const v of [0.1, 0.7, 1.1, 2.675, 3.33, -0.3, 3000.01, 10500.37, 1e7 + 0.3])
    for (const N of [49, 98, 103, 107]) {
      assertFlatWindowsZero(Array(N + 600).fill(v), N, `${N + 600} × ${v}`);
      // the first window's run of equal values is counted back from its last bar, not forward
      assertFlatWindowsZero([...Array(N).fill(v), v + 1, v, v + 2], N, `${N} × ${v}, then others`);
    }
});

test("STD, STDP, VAR, VARP, DEVSQ: exactly 0 on the first window of equal values after a far level and a gap (1e9 + 0.1 or 1e7 + 0.3, then 0.1, −0.3, 1.1 or 2.675)", () => {
  // the loop that handles gaps moves its shift K from the far level to the window's mean computed
  // from rolled sums, which is off the near value by more than a few units in its last place: the
  // deviations about it then leave a residue in Σ(x−K)² − (Σ(x−K))²/N
  for (const far of [1e9 + 0.1, 1e7 + 0.3])
    for (const near of [0.1, -0.3, 1.1, 2.675])
      for (let N = 2; N <= 60; N++) {
        assertFlatWindowsZero([far, far, far, NaN, ...Array(N + 5).fill(near)], N, `${far} ×3, a gap, ${near}`);
        assertFlatWindowsZero([near, near, NaN, ...Array(N + 3).fill(far), ...Array(N + 5).fill(near)], N, `${near} ×2, a gap, ${far}, ${near}`);
      }
});

test("STD, STDP, VAR, VARP, DEVSQ of values one or two units in the last place apart, with and without gaps: within 1e-9 of Σ(x−mean)² worked out in those units", () => {
  // a, a + u and a + 2u (u the unit in the last place of a, all in one binade) deviate by whole
  // units: Σ(x−mean)² = u²·(N·Σk² − (Σk)²)/N exactly for the window's k ∈ {0, 1, 2}. Sums about a
  // shift that is itself a rounded mean keep a Σ(x−K) comparable to the deviations, which the
  // definition subtracts (it does not add it, nor scale it by N)
  fc.assert(
    fc.property(
      fc.constantFrom(0.1, 1.1, 2.675, 3000.1, 10500.37, 1e7 + 0.3),
      fc
        .integer({ min: 2, max: 60 })
        .chain((N) =>
          fc.tuple(fc.constant(N), fc.array(fc.oneof({ weight: 30, arbitrary: fc.integer({ min: 0, max: 2 }) }, { weight: 1, arbitrary: fc.constant(-1) }), { minLength: N, maxLength: N + 600 })),
        ),
      fc.boolean(),
      (a, [N, picks], gaps) => {
        const near = [a, nextUp(a), nextUp(nextUp(a))];
        const u = near[1]! - a;
        const ks = picks.map((p) => (p < 0 && gaps ? NaN : Math.max(p, 0)));
        const x = ks.map((q) => (q === q ? near[q]! : NaN));
        for (const [kind, finish] of moments(N)) {
          const out = output(x.length, (o) => k.moment(o, Float64Array.from(x), N, kind));
          windowed(x.length, N, 0, [ks], (w) => {
            const s = w.reduce((t, q) => t + q, 0);
            const s2 = w.reduce((t, q) => t + q * q, 0);
            return finish((u * u * (N * s2 - s * s)) / N);
          }).forEach((e, i) => {
            if (e !== e) assert.ok(Number.isNaN(out[i]!), `${kind}(X, ${N}) bar ${i}: ${out[i]}, no value expected`);
            else assert.ok(Math.abs(out[i]! - e) <= 1e-9 * e, `${kind}(X, ${N}) bar ${i} (a = ${a}, units ${ks.slice(Math.max(0, i - N + 1), i + 1)}): ${out[i]}, expected ${e}`);
          });
        }
      },
    ),
    { numRuns: 200, seed: 163 },
  );
});

test("STD, STDP, VAR, VARP, DEVSQ at the end of 200,000 bars with a gap near the start: within 1e-11 of the two-pass definition (the sums are moved to the window's mean every N bars, so their rounding does not pile up)", () => {
  // the loop that handles gaps rolls Σ(x−K) and Σ(x−K)² about K = the first value, 0.3 to 1 below
  // the level; cents repeating with a short period make the same roundings come back, which rolled
  // sums would add up bar after bar, some 1e-9 of the result over these bars (the header's re-centring
  // every N bars bounds it; the re-centring at once on cancellation alone does not)
  const n = 200_000;
  for (const [N, below, period] of [
    [3, 30, 13],
    [5, 30, 13],
    [10, 30, 7],
    [10, 100, 13],
  ] as const) {
    const level = 3000.01;
    const x = Array.from({ length: n }, (_, i) => (i === 0 ? level - below / 100 : i === 1 ? NaN : Math.round((level + (((i * 37) % period) - (period - 1) / 2) / 100) * 100) / 100));
    const X = Float64Array.from(x);
    const m2 = windowed(n, N, n - 3000, [x], (w) => {
      const m = exactMean(w);
      return w.reduce((s, v) => s + (v - m) ** 2, 0);
    });
    for (const [kind, finish] of moments(N)) {
      const out = output(n, (o) => k.moment(o, X, N, kind));
      for (let i = n - 3000 + N; i < n; i++) {
        const e = finish(m2[i]!);
        assert.ok(Math.abs(out[i]! - e) <= 1e-11 * e, `${kind}(X, ${N}) bar ${i} (first value ${below} cents below, period ${period}): ${out[i]}, expected ${e}`);
      }
    }
  }
});
