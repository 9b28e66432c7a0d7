/**
 * HHV, LLV, HHVBARS, LLVBARS, SUM, COUNT, EXIST, EVERY and LAST against their definitions
 * (core/formula/LANGUAGE.md §3.3, the window rules in core/formula/kernels/windows.ts's header),
 * written again here as a scan of each bar's window, on random series with ties and gaps and window
 * lengths that are numbers or series (zero, negative, fractional, invalid, longer than the series).
 * tests/core/formula/kernels.property.test.ts covers the constant-length fast paths on long series.
 */
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import * as k from "../../../../core/formula/kernels/windows.ts";
import { assertSeries } from "../helpers.ts";
import { asOperand, at, count, operandOf, output, seriesOf, truthy, value, firstValid } from "./arbitraries.ts";

const length = fc.oneof(count, fc.integer({ min: 30, max: 40 }));
const withLength = fc.oneof(fc.integer({ min: 0, max: 14 }), fc.integer({ min: 30, max: 45 })).chain((n) => fc.tuple(seriesOf(n, value), operandOf(n, length)));

/**
 * Each bar's window [lo, i] from bar `start` on, reduced by `fn`: a length of 0 covers every bar
 * since `start`; a window reaching before `start` is cut there; an invalid length gives no value,
 * and so does a negative one (`negative`: what a constant negative length means instead).
 */
function windows(n: number, len: number | readonly number[], start: number, negative: "none" | "all", fn: (lo: number, hi: number) => number): number[] {
  return Array.from({ length: n }, (_, i) => {
    let w = Math.trunc(at(len, i));
    if (w < 0 && negative === "all" && typeof len === "number") w = 0;
    if (i < start || !(w >= 0)) return NaN;
    return fn(w === 0 ? start : Math.max(start, i - w + 1), i);
  });
}

/**
 * HHV, LLV, HHVBARS and LLVBARS of `x` against a scan of each window for its extreme, the latest of
 * equal ones: its value is that bar's own, which shows where 0 and −0 tie.
 */
function checkExtremes(x: readonly number[], len: number | readonly number[]): void {
  const X = Float64Array.from(x);
  for (const [sign, bars, name, kernel] of [
    [1, false, "HHV", k.hhv],
    [-1, false, "LLV", k.llv],
    [1, true, "HHVBARS", k.hhvBars],
    [-1, true, "LLVBARS", k.llvBars],
  ] as const) {
    const expected = windows(x.length, len, firstValid(x), "all", (lo, hi) => {
      let best = -1;
      for (let j = lo; j <= hi; j++) if (x[j] === x[j] && (best < 0 || sign * x[j]! >= sign * x[best]!)) best = j;
      return best < 0 ? NaN : bars ? hi - best : x[best]!;
    });
    const got = output(x.length, (o) => kernel(o, X, asOperand(len)));
    assertSeries(got, expected, 0, `${name} ${len}`);
    expected.forEach((e, i) => {
      // assertSeries passed: only a zero of the other sign differs here
      if (!Object.is(got[i], e)) assert.fail(`${name} ${len} bar ${i}: ${Object.is(e, -0) ? "-0" : e} expected, not the other zero, in [${x.map((v) => (Object.is(v, -0) ? "-0" : v))}]`);
    });
  }
}

test("HHV, LLV, HHVBARS, LLVBARS: the window's extreme (the latest of equal ones), skipping invalid bars", () => {
  fc.assert(
    // a constant negative length reads as 0 (since the first valid bar); per bar it gives no value
    fc.property(withLength, ([x, len]) => checkExtremes(x, len)),
    { numRuns: 500, seed: 97 },
  );
});

test("SUM: the window's valid values added from X's first valid bar; a negative length gives no value", () => {
  fc.assert(
    fc.property(withLength, ([x, len]) => {
      const expected = windows(x.length, len, firstValid(x), "none", (lo, hi) => x.slice(lo, hi + 1).reduce((s, v) => (v === v ? s + v : s), 0));
      assertSeries(
        output(x.length, (o) => k.sum(o, Float64Array.from(x), asOperand(len))),
        expected,
        0,
        `SUM ${len}`,
      );
    }),
    { numRuns: 500, seed: 101 },
  );
});

test("COUNT, EXIST, EVERY: true bars in the window from bar 0 (invalid is false); EVERY needs N bars to exist", () => {
  fc.assert(
    fc.property(withLength, ([x, len]) => {
      const X = Float64Array.from(x);
      const counts = windows(x.length, len, 0, "none", (lo, hi) => x.slice(lo, hi + 1).filter(truthy).length);
      assertSeries(
        output(x.length, (o) => k.count(o, X, asOperand(len))),
        counts,
        0,
        `COUNT ${len}`,
      );
      assertSeries(
        output(x.length, (o) => k.exist(o, X, asOperand(len))),
        counts.map((c) => (c !== c ? NaN : c > 0 ? 1 : 0)),
        0,
        `EXIST ${len}`,
      );
      const every = counts.map((c, i) => {
        const w = Math.trunc(at(len, i));
        return c !== c ? NaN : c === (w === 0 ? i + 1 : w) ? 1 : 0;
      });
      assertSeries(
        output(x.length, (o) => k.every(o, X, asOperand(len))),
        every,
        0,
        `EVERY ${len}`,
      );
    }),
    { numRuns: 500, seed: 103 },
  );
});

test("LAST(X,A,B): X held on every bar from A bars ago through B bars ago (A = 0: from bar 0); 0 if that range is empty or leaves the series", () => {
  const input = fc.integer({ min: 0, max: 14 }).chain((n) => fc.tuple(seriesOf(n, value), operandOf(n, count), operandOf(n, count)));
  fc.assert(
    fc.property(input, ([x, a, b]) => {
      const expected = x.map((_, i) => {
        const A = Math.trunc(at(a, i));
        const B = Math.trunc(at(b, i));
        if (A !== A || B !== B) return NaN;
        const lo = A === 0 ? 0 : i - A;
        const hi = i - B;
        if (lo < 0 || hi < lo || hi >= x.length) return 0;
        return x.slice(lo, hi + 1).every(truthy) ? 1 : 0;
      });
      assertSeries(
        output(x.length, (o) => k.last(o, Float64Array.from(x), asOperand(a), asOperand(b))),
        expected,
        0,
        `LAST ${a} ${b}`,
      );
    }),
    { numRuns: 500, seed: 107 },
  );
});

/**
 * Series made of stretches: invalid runs as long as the window or longer (a window holding no valid
 * bar, X starting after more than N invalid bars), strictly rising or falling runs longer than the
 * window (every bar of a window is a candidate extreme at once, the most the position queue of the
 * *BARS kernels must hold), flat runs (ties) and random ones, with −0 among their zeros; windows
 * short and long (past 32 the value and position kernels change method).
 */
const stretch = fc.record({
  kind: fc.constantFrom("invalid", "rising", "falling", "flat", "random"),
  length: fc.integer({ min: 0, max: 90 }),
  from: fc.integer({ min: -20, max: 20 }),
  noise: fc.array(fc.oneof({ weight: 4, arbitrary: value }, { weight: 1, arbitrary: fc.constant(-0) }), { minLength: 90, maxLength: 90 }),
});
const stretched = fc
  .array(stretch, { maxLength: 5 })
  .map((parts) =>
    parts.flatMap(({ kind, length, from, noise }) =>
      Array.from({ length }, (_, j) => (kind === "invalid" ? NaN : kind === "rising" ? from + j : kind === "falling" ? from - j : kind === "flat" ? from : noise[j]!)),
    ),
  );

test("HHV, LLV, HHVBARS, LLVBARS, SUM, COUNT: long invalid stretches and monotone runs longer than the window", () => {
  fc.assert(
    fc.property(stretched, fc.oneof(fc.integer({ min: 0, max: 6 }), fc.integer({ min: 30, max: 80 })), (x, len) => {
      checkExtremes(x, len);
      const X = Float64Array.from(x);
      assertSeries(
        output(x.length, (o) => k.sum(o, X, len)),
        windows(x.length, len, firstValid(x), "none", (lo, hi) => x.slice(lo, hi + 1).reduce((s, v) => (v === v ? s + v : s), 0)),
        0,
        `SUM ${len}`,
      );
      assertSeries(
        output(x.length, (o) => k.count(o, X, len)),
        windows(x.length, len, 0, "none", (lo, hi) => x.slice(lo, hi + 1).filter(truthy).length),
        0,
        `COUNT ${len}`,
      );
    }),
    { numRuns: 300, seed: 109 },
  );
});

test("HHV, LLV, HHVBARS, LLVBARS: windows longer than the 1,024 bars a loop covers per call (kernels/ranges.ts)", () => {
  const long = fc.record({
    x: fc.array(fc.oneof({ weight: 30, arbitrary: fc.integer({ min: -40, max: 40 }) }, { weight: 1, arbitrary: fc.constant(NaN) }), { minLength: 2100, maxLength: 2600 }),
    len: fc.integer({ min: 1025, max: 2000 }),
  });
  fc.assert(
    fc.property(long, ({ x, len }) => checkExtremes(x, len)),
    { numRuns: 4, seed: 113 },
  );
});

// ---- SUM, COUNT, EXIST, EVERY, LAST and the extremes' general loops (windows.ts from rescanMax on) ----

/**
 * The definitions once more, as plain loops over each bar's window, for lengths far beyond the
 * series: COUNT counts the true bars of [max(0, i − N + 1), i] (invalid is false), EXIST is COUNT > 0,
 * EVERY is COUNT = N (so 0 while fewer than N bars exist), SUM adds the valid values from X's first
 * valid bar, HHV/LLV keep the window's extreme from there and the *BARS variants count back to its
 * latest bar. A window this long holds every bar so far: its cost must follow the series, not N.
 */
test("COUNT, EXIST, EVERY, SUM, HHV, LLV, HHVBARS, LLVBARS: a window of 2^40 bars or an infinite one holds every bar so far", () => {
  const series = fc.array(value, { minLength: 0, maxLength: 20 });
  fc.assert(
    fc.property(series, fc.constantFrom(2 ** 40, 2 ** 40 + 0.5, Infinity), (x, len) => {
      const X = Float64Array.from(x);
      const f = firstValid(x);
      const counts: number[] = [];
      const sums: number[] = [];
      const highs: number[] = [];
      const lows: number[] = [];
      const highBars: number[] = [];
      const lowBars: number[] = [];
      let c = 0;
      let s = 0;
      let hi = -1;
      let lo = -1;
      for (let i = 0; i < x.length; i++) {
        const v = x[i]!;
        if (truthy(v)) c++;
        counts.push(c);
        if (v === v) {
          s += v;
          if (hi < 0 || v >= x[hi]!) hi = i;
          if (lo < 0 || v <= x[lo]!) lo = i;
        }
        sums.push(i < f ? NaN : s);
        highs.push(hi < 0 ? NaN : x[hi]!);
        lows.push(lo < 0 ? NaN : x[lo]!);
        highBars.push(hi < 0 ? NaN : i - hi);
        lowBars.push(lo < 0 ? NaN : i - lo);
      }
      assertSeries(
        output(x.length, (o) => k.count(o, X, len)),
        counts,
        0,
        `COUNT ${len}`,
      );
      assertSeries(
        output(x.length, (o) => k.exist(o, X, len)),
        counts.map((n) => (n > 0 ? 1 : 0)),
        0,
        `EXIST ${len}`,
      );
      assertSeries(
        output(x.length, (o) => k.every(o, X, len)),
        x.map(() => 0),
        0,
        `EVERY ${len}`,
      );
      assertSeries(
        output(x.length, (o) => k.sum(o, X, len)),
        sums,
        0,
        `SUM ${len}`,
      );
      assertSeries(
        output(x.length, (o) => k.hhv(o, X, len)),
        highs,
        0,
        `HHV ${len}`,
      );
      assertSeries(
        output(x.length, (o) => k.llv(o, X, len)),
        lows,
        0,
        `LLV ${len}`,
      );
      assertSeries(
        output(x.length, (o) => k.hhvBars(o, X, len)),
        highBars,
        0,
        `HHVBARS ${len}`,
      );
      assertSeries(
        output(x.length, (o) => k.llvBars(o, X, len)),
        lowBars,
        0,
        `LLVBARS ${len}`,
      );
    }),
    { numRuns: 200, seed: 211 },
  );
});

/**
 * SUM(X,0) is exact for decimal values (windows.ts, kernels/exact-sums.ts): each bar's total is the
 * double nearest the decimal total, here the cents added as integers (exact below 2^53) and divided
 * by 100 once, once an amount with cents has set the sums' scale. A running total reads values up to 2^46 in its smallest unit as decimals, larger than
 * a window of a series' length may (2^52 / N each): amounts such as 600,000,000,000.01 CNY, which a
 * sum of doubles rounds off (600,000,000,000.01 − 600,000,000,000 is 0.0100098… in doubles).
 */
test("SUM(X,0): a running total of cent amounts up to 7·10^11 is the exact decimal total, on series of 80–200 bars", () => {
  const input = fc.record({
    small: fc.array(fc.integer({ min: -500, max: 500 }), { minLength: 80, maxLength: 200 }),
    big: fc.integer({ min: 4.5e13, max: 7e13 }),
    at: fc.nat(),
  });
  fc.assert(
    fc.property(input, ({ small, big, at }) => {
      // a first amount with cents (the sums' scale is then cents: a value needing a finer scale than
      // the one so far must be small enough to read at the finest, kernels/exact-sums.ts), one large
      // amount and its opposite without the cent: the running total stays small
      const cents = [1, ...small];
      const i = 1 + (at % (cents.length - 2));
      cents[i] = big + 1;
      cents[i + 1] = -big;
      const x = cents.map((c) => c / 100);
      let t = 0;
      const expected = cents.map((c) => (t += c) / 100);
      const got = output(x.length, (o) => k.sum(o, Float64Array.from(x), 0));
      expected.forEach((e, j) => {
        if (!Object.is(got[j], e)) assert.fail(`SUM(X,0) bar ${j}: ${e} expected, got ${got[j]}`);
      });
    }),
    { numRuns: 100, seed: 223 },
  );
});

/**
 * Windows of up to 32 bars, which windows.ts rescans, on series longer than the 1,024 bars one call of
 * its fast loop covers (kernels/ranges.ts): each range goes on from the extreme the last one left,
 * and from the first invalid bar after X's first valid one the gap loop takes the rest, wherever that
 * bar lies (in a range before the last, the ranges after it must not run the fast loop again).
 */
describe("HHV, LLV, HHVBARS, LLVBARS: short windows over several 1,024-bar ranges", () => {
  const long = fc.record({
    values: fc.array(fc.integer({ min: -40, max: 40 }), { minLength: 1025, maxLength: 3100 }),
    start: fc.integer({ min: 0, max: 40 }),
    gaps: fc.array(fc.nat(), { maxLength: 3 }),
    len: fc.integer({ min: 0, max: 32 }),
  });
  test("the window's extreme (the latest of equal ones) with and without invalid bars, X starting late or not", () => {
    fc.assert(
      fc.property(long, ({ values, start, gaps, len }) => {
        const x = values.map((v, i) => (i < start ? NaN : v));
        for (const g of gaps) x[g % x.length] = NaN;
        checkExtremes(x, len);
      }),
      // no shrinking: a failing series of 3,000 bars would shrink for minutes
      { numRuns: 24, seed: 127, endOnFailure: true },
    );
  });
});

/**
 * Windows longer than 32 bars, whose values windows.ts takes through blocks of N bars: a window spans
 * the end of one block and the start of the next, and among equal values its extreme is the latest
 * bar's, whichever block holds it. Series mostly of 0 and −0 make nearly every window a tie, and
 * only the bar's own zero tells which of the equal bars was picked (the window scan in the test).
 */
test("HHV, LLV: windows of 33–100 bars, ties between 0 and −0 across blocks go to the latest bar", () => {
  const zeros = fc.oneof({ weight: 4, arbitrary: fc.constantFrom(0, -0) }, { weight: 1, arbitrary: fc.constantFrom(1, -1) });
  fc.assert(
    fc.property(fc.array(zeros, { minLength: 40, maxLength: 400 }), fc.integer({ min: 33, max: 100 }), (x, len) => checkExtremes(x, len)),
    { numRuns: 100, seed: 229 },
  );
});

/**
 * Ties and invalid bars in windows of up to 32 bars (the rescan, its general loop from the first
 * invalid bar after X's first valid one) and around 32 (the rescan on one side; the blocks, the
 * general loop and the positions' queue on the other). The rule once more, in another form than
 * `checkExtremes`: the window's extreme is Math.max (Math.min) of its valid values, and the bar
 * that counts is the newest holding it, found scanning back from the current bar (TDX: the latest
 * occurrence; its value is that bar's own, which tells 0 from −0).
 */
function newestExtreme(x: readonly number[], N: number, sign: 1 | -1): { value: number; bars: number }[] {
  return x.map((_, i) => {
    const window = x.slice(N === 0 ? 0 : Math.max(0, i - N + 1), i + 1).filter((v) => v === v);
    if (window.length === 0) return { value: NaN, bars: NaN };
    const m = sign === 1 ? Math.max(...window) : Math.min(...window);
    let j = i;
    while (x[j] !== m) j--;
    return { value: x[j]!, bars: i - j };
  });
}

/**
 * Values over windows of 2–32 bars are doubled range by range, and a range holding a zero, an
 * infinity or an invalid bar is handed back to the rescan, from the extreme of the window before it;
 * the next range is doubled again. Long price-like series with such values sprinkled in (at most a
 * few, so that most ranges are doubled and some are not), bit for bit against newestExtreme.
 */
test("HHV, LLV: windows of 2–32 bars over several ranges, with zeros, infinities and invalid bars in some", () => {
  const odd = fc.constantFrom(0, -0, Infinity, -Infinity, NaN);
  const input = fc.record({
    prices: fc.array(fc.integer({ min: 1, max: 4000 }), { minLength: 1025, maxLength: 3100 }),
    start: fc.integer({ min: 0, max: 40 }),
    odd: fc.array(fc.tuple(fc.nat(), odd), { maxLength: 4 }),
    N: fc.integer({ min: 2, max: 32 }),
  });
  fc.assert(
    fc.property(input, ({ prices, start, odd, N }) => {
      const x = prices.map((p, i) => (i < start ? NaN : p / 100));
      for (const [at, v] of odd) x[at % x.length] = v;
      const X = Float64Array.from(x);
      for (const [sign, name, kernel] of [
        [1, "HHV", k.hhv],
        [-1, "LLV", k.llv],
      ] as const) {
        const expected = newestExtreme(x, N, sign);
        const got = output(x.length, (o) => kernel(o, X, N));
        expected.forEach((e, i) => {
          if (!Object.is(got[i], e.value)) assert.fail(`${name}(X,${N}) bar ${i}: ${Object.is(e.value, -0) ? "-0" : e.value} expected, got ${Object.is(got[i], -0) ? "-0" : got[i]}`);
        });
      }
    }),
    // no shrinking: a failing series of 3,000 bars would shrink for minutes
    { numRuns: 60, seed: 331, endOnFailure: true },
  );
});

test("HHV, LLV, HHVBARS, LLVBARS: the newest of equal extremes, by hand", () => {
  const x = [1, 1, NaN, 1, 0, 0, NaN, NaN, NaN, 2, -0, 0];
  // N = 3: the windows [0], [0,1], [0,2], [1,3], [2,4], [3,5], [4,6], [5,7], [6,8] (none valid), [7,9], [8,10], [9,11]
  assertSeries(
    output(x.length, (o) => k.hhvBars(o, Float64Array.from(x), 3)),
    [0, 0, 1, 0, 1, 2, 1, 2, NaN, 0, 1, 2],
    0,
    "HHVBARS(X,3)",
  );
  assertSeries(
    output(x.length, (o) => k.llvBars(o, Float64Array.from(x), 3)),
    [0, 0, 1, 0, 0, 0, 1, 2, NaN, 0, 0, 0],
    0,
    "LLVBARS(X,3)",
  );
  const llv = output(x.length, (o) => k.llv(o, Float64Array.from(x), 3));
  assert.ok(Object.is(llv[10], -0) && Object.is(llv[11], 0), `LLV(X,3) on bars 10 and 11 is that bar's own zero (−0, then 0), not ${llv[10]}, ${llv[11]}`);
});

test("HHV, LLV, HHVBARS, LLVBARS: windows of 1–40 bars over ties, zeros of both signs and invalid stretches", () => {
  const piece = fc.oneof(
    // a run of one value: every window inside it is a tie
    fc.tuple(fc.constantFrom(0, -0, 1, -1, 2), fc.integer({ min: 1, max: 45 })).map(([v, n]) => Array.from({ length: n }, () => v)),
    // an invalid stretch, shorter or longer than the window
    fc.integer({ min: 1, max: 45 }).map((n) => Array.from({ length: n }, () => NaN)),
    // a few bars of the same values, invalid ones among them
    fc.array(fc.constantFrom(0, -0, 1, -1, 2, NaN), { minLength: 1, maxLength: 12 }),
  );
  const input = fc.record({
    lead: fc.integer({ min: 0, max: 40 }),
    parts: fc.array(piece, { maxLength: 8 }),
    // without gaps, X is valid from its first valid bar on: the fast loops alone
    gaps: fc.boolean(),
    N: fc.oneof(fc.integer({ min: 0, max: 32 }), fc.integer({ min: 28, max: 40 })),
  });
  fc.assert(
    fc.property(input, ({ lead, parts, gaps, N }) => {
      const x = [...Array.from({ length: lead }, () => NaN), ...parts.flat().filter((v) => gaps || v === v)];
      const X = Float64Array.from(x);
      const show = () => `[${x.map((v) => (Object.is(v, -0) ? "-0" : v))}]`;
      for (const [sign, name, values, bars] of [
        [1, "HHV", k.hhv, k.hhvBars],
        [-1, "LLV", k.llv, k.llvBars],
      ] as const) {
        const expected = newestExtreme(x, N, sign);
        const got = output(x.length, (o) => values(o, X, N));
        const gotBars = output(x.length, (o) => bars(o, X, N));
        expected.forEach((e, i) => {
          if (!Object.is(got[i], e.value)) assert.fail(`${name}(X,${N}) bar ${i}: ${Object.is(e.value, -0) ? "-0" : e.value} expected, got ${Object.is(got[i], -0) ? "-0" : got[i]} in ${show()}`);
          if (!Object.is(gotBars[i], e.bars)) assert.fail(`${name}BARS(X,${N}) bar ${i}: ${e.bars} expected, got ${gotBars[i]} in ${show()}`);
        });
      }
    }),
    { numRuns: 600, seed: 233 },
  );
});
