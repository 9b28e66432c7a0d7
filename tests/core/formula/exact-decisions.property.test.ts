/**
 * Issue 17: no decision from float noise. Random decimal price series (ticks
 * of 0.01 or 0.001, whole volumes) against an exact reference in BigInt
 * rationals on the scaled integers:
 * - MA, SUM, WMA and the BBI line are the correctly rounded value of their
 *   exact decimal definition, so every tie that is exact in decimal is exact
 *   in the output and the order of unequal values is kept;
 * - a window of exact zeros (with other, non-decimal terms around it), or of
 *   decimal terms that cancel, sums to exactly 0;
 * - a strict CROSS of two MAs fires exactly where the decimals cross;
 * - STD, VAR and AVEDEV of a flat window are exactly 0 (after any history);
 * - recursive averages: a constant input gives that constant for any N, so
 *   their CROSS cannot fire on it; an input equal to the average keeps it;
 * - the kernels still equal their literal definitions on non-decimal input.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { bbiLine } from "../../../core/indicators/bbi-line.ts";
import { ema, ma, sma, wma } from "../../../core/formula/kernels/averages.ts";
import { avedev, moment } from "../../../core/formula/kernels/statistics.ts";
import { sum } from "../../../core/formula/kernels/windows.ts";
import { calc } from "./helpers.ts";

// ---- exact rationals ---------------------------------------------------------------------------------------------

type Rational = readonly [bigint, bigint]; // numerator, positive denominator

/** The exact value of a finite double. */
function rationalOf(y: number): Rational {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, y);
  const bits = view.getBigUint64(0);
  const sign = bits >> 63n ? -1n : 1n;
  const exponent = Number((bits >> 52n) & 0x7ffn);
  const fraction = bits & ((1n << 52n) - 1n);
  const mantissa = exponent === 0 ? fraction : fraction | (1n << 52n);
  const e = (exponent === 0 ? 1 : exponent) - 1075;
  return e >= 0 ? [sign * mantissa * (1n << BigInt(e)), 1n] : [sign * mantissa, 1n << BigInt(-e)];
}

/** The doubles just below and above y. */
function neighbours(y: number): [number, number] {
  const view = new DataView(new ArrayBuffer(8));
  const step = (d: bigint) => {
    if (y === 0) return d > 0n ? Number.MIN_VALUE : -Number.MIN_VALUE;
    view.setFloat64(0, y);
    view.setBigInt64(0, view.getBigInt64(0) + (y > 0 ? d : -d));
    return view.getFloat64(0);
  };
  return [step(-1n), step(1n)];
}

const abs = (v: bigint) => (v < 0n ? -v : v);
/** |a − b| as a rational. */
const distance = ([an, ad]: Rational, [bn, bd]: Rational): Rational => [abs(an * bd - bn * ad), ad * bd];
const lessOrEqual = ([an, ad]: Rational, [bn, bd]: Rational) => an * bd <= bn * ad;
const compare = ([an, ad]: Rational, [bn, bd]: Rational) => {
  const d = an * bd - bn * ad;
  return d > 0n ? 1 : d < 0n ? -1 : 0;
};

/** y is a double nearest to the exact value r (IEEE round-to-nearest). */
function assertNearest(y: number, r: Rational, label: string): void {
  assert.ok(Number.isFinite(y), `${label}: ${y} is a number`);
  const d = distance(rationalOf(y), r);
  for (const z of neighbours(y)) {
    assert.ok(lessOrEqual(d, distance(rationalOf(z), r)), `${label}: ${y} is not the double nearest ${r[0]}/${r[1]} (${z} is nearer)`);
  }
}

// ---- random decimal series ---------------------------------------------------------------------------------------

/** Scaled integers q (a walk with flat stretches, so ties are common) and the scale 10^k they are read at. */
const decimalSeries = fc
  .record({
    digits: fc.constantFrom(0, 2, 3),
    start: fc.integer({ min: 1, max: 400_000 }),
    moves: fc.array(fc.oneof(fc.constant(0), fc.constant(0), fc.integer({ min: -30, max: 30 })), { minLength: 1, maxLength: 90 }),
  })
  .map(({ digits, start, moves }) => {
    let q = start;
    const ints = moves.map((m) => (q = Math.max(1, q + m)));
    const scale = 10 ** digits;
    return { q: ints.map(BigInt), x: Float64Array.from(ints, (v) => v / scale), scale: BigInt(scale) };
  });

const fromCents = (cents: readonly number[]) => ({ q: cents.map(BigInt), x: Float64Array.from(cents, (v) => v / 100), scale: 100n });

const windowTotal = (q: readonly bigint[], i: number, n: number) => q.slice(i - n + 1, i + 1).reduce((a, b) => a + b, 0n);

const run = (kernel: (o: Float64Array, x: Float64Array, n: number) => void, x: Float64Array, n: number) => {
  const out = new Float64Array(x.length);
  kernel(out, x, n);
  return out;
};

test("MA and SUM are the correctly rounded exact decimal mean and total", () => {
  fc.assert(
    fc.property(decimalSeries, fc.integer({ min: 1, max: 40 }), ({ q, x, scale }, N) => {
      const average = run(ma, x, N);
      const total = run(sum, x, N);
      for (let i = 0; i < x.length; i++) {
        const n = Math.min(N, i + 1);
        assertNearest(total[i]!, [windowTotal(q, i, n), scale], `SUM bar ${i}`);
        if (i < N - 1) assert.ok(Number.isNaN(average[i]!), `MA bar ${i} has no value`);
        else assertNearest(average[i]!, [windowTotal(q, i, N), BigInt(N) * scale], `MA bar ${i}`);
      }
    }),
    { numRuns: 300 },
  );
});

test("WMA and the BBI line are the correctly rounded exact decimal values", () => {
  fc.assert(
    fc.property(decimalSeries, fc.integer({ min: 1, max: 12 }), fc.array(fc.integer({ min: 1, max: 30 }), { minLength: 4, maxLength: 4 }), ({ q, x, scale }, N, periods) => {
      const weighted = run(wma, x, N);
      for (let i = N - 1; i < x.length; i++) {
        let s = 0n;
        for (let k = 1; k <= N; k++) s += BigInt(k) * q[i - N + k]!;
        assertNearest(weighted[i]!, [s, (BigInt(N * (N + 1)) / 2n) * scale], `WMA bar ${i}`);
      }
      const line = new Float64Array(x.length);
      bbiLine(line, x, periods);
      const L = periods.reduce((l, m) => { let [a, b] = [l, m]; while (b) [a, b] = [b, a % b]; return (l / a) * m; }, 1);
      for (let i = Math.max(...periods) - 1; i < x.length; i++) {
        const num = periods.reduce((acc, m) => acc + windowTotal(q, i, m) * BigInt(L / m), 0n);
        assertNearest(line[i]!, [num, 4n * BigInt(L) * scale], `BBI bar ${i}`);
      }
    }),
    { numRuns: 200 },
  );
});

test("a tie that is exact in decimal is exact in the output, and an order is never inverted", () => {
  fc.assert(
    fc.property(decimalSeries, fc.integer({ min: 1, max: 20 }), fc.integer({ min: 1, max: 20 }), ({ q, x }, a, b) => {
      const fa = run(ma, x, a);
      const fb = run(ma, x, b);
      for (let i = Math.max(a, b) - 1; i < x.length; i++) {
        const exact = compare([windowTotal(q, i, a), BigInt(a)], [windowTotal(q, i, b), BigInt(b)]);
        const got = fa[i]! > fb[i]! ? 1 : fa[i]! < fb[i]! ? -1 : 0;
        // distinct decimal means differ by at least 1/(a·b·scale), far more than a unit in the last place
        assert.equal(got, exact, `bar ${i}: MA(${a}) ${fa[i]} vs MA(${b}) ${fb[i]}`);
      }
    }),
    { numRuns: 400 },
  );
});

test("a strict CROSS of two MAs fires exactly where the decimals cross, never on a tie", () => {
  fc.assert(
    fc.property(decimalSeries, fc.integer({ min: 1, max: 8 }), fc.integer({ min: 2, max: 20 }), ({ q, x }, a, b) => {
      const cross = calc(`CROSS(MA(C,${a}),MA(C,${b}))`, { close: Array.from(x) });
      const side = (i: number) => compare([windowTotal(q, i, a), BigInt(a)], [windowTotal(q, i, b), BigInt(b)]);
      for (let i = Math.max(a, b); i < x.length; i++) {
        assert.equal(cross[i], side(i - 1) < 0 && side(i) > 0 ? 1 : 0, `bar ${i}`);
      }
    }),
    // the case: MA(3) = MA(10) = 3.37 on bar 15, once a "dead cross" from running sums
    { numRuns: 300, examples: [[fromCents([343, 341, 350, 320, 313, 341, 315, 331, 322, 334, 356, 367, 334, 353, 346, 312, 330, 354]), 10, 3]] },
  );
});

test("windows of exact zeros sum to exactly 0 among non-decimal terms; decimal terms that cancel sum to 0", () => {
  const terms = fc.array(
    fc.oneof(fc.constant(0), fc.constant(0), fc.constant(0), fc.double({ min: -1e3, max: 1e3, noNaN: true }), fc.integer({ min: -99, max: 99 }).map((v) => v * 0.01 * 1.003)),
    { minLength: 1, maxLength: 120 },
  );
  fc.assert(
    fc.property(terms, fc.integer({ min: 1, max: 40 }), (t, N) => {
      const x = Float64Array.from(t);
      const total = run(sum, x, N);
      const average = run(ma, x, N);
      for (let i = 0; i < x.length; i++) {
        const window = t.slice(Math.max(0, i - N + 1), i + 1);
        if (window.every((v) => v === 0)) {
          assert.equal(total[i], 0, `SUM bar ${i}`);
          if (i >= N - 1) assert.equal(average[i], 0, `MA bar ${i}`);
        }
      }
    }),
    { numRuns: 400 },
  );
  // differences of decimal prices (in doubles, with their last-bit noise) telescope: a window over which the price
  // returns to where it was sums to exactly 0
  fc.assert(
    fc.property(decimalSeries, fc.integer({ min: 1, max: 30 }), ({ q, x }, N) => {
      const d = Float64Array.from(x, (v, i) => (i === 0 ? NaN : v - x[i - 1]!));
      const total = run(sum, d, N);
      for (let i = N; i < x.length; i++) {
        if (q[i] === q[i - N]) assert.equal(total[i], 0, `bar ${i}: the price is back to bar ${i - N}'s`);
      }
    }),
    { numRuns: 300 },
  );
});

test("STD, VAR and AVEDEV of a window of equal values are exactly 0, whatever came before", () => {
  fc.assert(
    fc.property(decimalSeries, fc.integer({ min: 1, max: 30 }), ({ x }, N) => {
      const [std, variance, deviation] = [new Float64Array(x.length), new Float64Array(x.length), new Float64Array(x.length)];
      moment(std, x, N, "std");
      moment(variance, x, N, "varp");
      avedev(deviation, x, N);
      for (let i = N - 1; i < x.length; i++) {
        if (!x.subarray(i - N + 1, i + 1).every((v) => v === x[i])) continue;
        if (N > 1) assert.equal(std[i], 0, `STD bar ${i}`);
        assert.equal(variance[i], 0, `VARP bar ${i}`);
        assert.equal(deviation[i], 0, `AVEDEV bar ${i}`);
      }
    }),
    { numRuns: 400 },
  );
});

test("recursive averages: a constant input is kept exactly for any N; an input equal to the average keeps it", () => {
  fc.assert(
    fc.property(fc.integer({ min: 1, max: 400_000 }), fc.constantFrom(100, 1000), fc.integer({ min: 1, max: 60 }), fc.integer({ min: 1, max: 60 }), (q, scale, a, b) => {
      const c = q / scale;
      const x = new Float64Array(80).fill(c);
      for (const [label, y] of [
        ["EMA", run(ema, x, a)],
        ["SMA", (() => { const o = new Float64Array(80); sma(o, x, a + 1, 1); return o; })()],
      ] as const) {
        assert.ok(y.every((v) => v === c), `${label} of a constant ${c} stays ${c}`);
      }
      const cross = calc(`CROSS(EMA(C,${a}),EMA(C,${b}))+CROSS(EMA(C,${b}),EMA(C,${a}))+CROSS(SMA(C,${a + 1},1),MA(C,${b}))`, { close: Array.from(x) });
      assert.ok(cross.every((v) => v === 0), "no CROSS on a constant input");
    }),
    { numRuns: 300 },
  );
  fc.assert(
    fc.property(decimalSeries, fc.integer({ min: 2, max: 30 }), ({ x }, N) => {
      const y = run(ema, x, N);
      for (let i = 1; i < x.length; i++) if (x[i] === y[i - 1]) assert.equal(y[i], y[i - 1], `bar ${i}: the input equals the average`);
    }),
    { numRuns: 300 },
  );
});

test("on non-decimal input the kernels still equal their literal definitions", () => {
  const values = fc.array(fc.double({ min: -1e6, max: 1e6, noNaN: true }), { minLength: 1, maxLength: 80 });
  fc.assert(
    fc.property(values, fc.integer({ min: 1, max: 30 }), (v, N) => {
      const x = Float64Array.from(v);
      const [average, total, weighted] = [run(ma, x, N), run(sum, x, N), run(wma, x, N)];
      const near = (a: number, b: number, label: string) => assert.ok(Math.abs(a - b) <= 1e-6 * (1 + Math.abs(b)), `${label}: ${a} vs ${b}`);
      for (let i = 0; i < v.length; i++) {
        const w = v.slice(Math.max(0, i - N + 1), i + 1);
        near(total[i]!, w.reduce((a, b) => a + b, 0), `SUM bar ${i}`);
        if (i < N - 1) continue;
        near(average[i]!, w.reduce((a, b) => a + b, 0) / N, `MA bar ${i}`);
        near(weighted[i]!, w.reduce((a, b, k) => a + (k + 1) * b, 0) / ((N * (N + 1)) / 2), `WMA bar ${i}`);
      }
    }),
    { numRuns: 300 },
  );
});
