/**
 * Issue 17: no decision from float noise. Random decimal series (values with
 * 0 to 6 decimal places, mixed, so the scale grows as bars arrive; flat
 * stretches so ties are common) against an exact reference in BigInt
 * rationals on the scaled integers:
 * - MA, SUM and WMA are the correctly rounded value of their exact decimal
 *   definition (fixed and per-bar window lengths, with invalid bars), so
 *   every tie that is exact in decimal is exact in the output and the order
 *   of unequal values is kept;
 * - a window of exact zeros (with non-decimal terms before and after it), or
 *   of decimal terms that cancel, sums to exactly 0, and one value among
 *   zeros sums to exactly that value (no residue of values that have left);
 * - a strict CROSS of two MAs fires exactly where the decimals cross;
 * - thirds of decimals (the typical price (H+L+C)/3, computed in doubles)
 *   are read exactly too: MA and SUM of them are correctly rounded, their
 *   ties exact, and the formula gives the kernel's values;
 * - no look-ahead: the outputs on a prefix of a series are those on the
 *   whole series, bit for bit, for MA, SUM, WMA and every indicator kernel;
 * - recursive averages (EMA, SMA): a constant input gives that constant for
 *   any N (in the kernels and in fused loops), so their CROSS cannot fire on
 *   it; an input equal to the average keeps it; EXPMEMA's seed is MA's
 *   correctly rounded mean on its bar (kernel and fused loop alike), so a
 *   constant gives that constant there too;
 * - a window of equal values has exactly no deviation (STD, VAR, STDP,
 *   VARP, DEVSQ, AVEDEV) and otherwise they keep their definitions;
 * - the kernels still equal their literal definitions on non-decimal input
 *   and past the exact range (a running total beyond 2^52); a window of
 *   non-decimal values alone (a ratio of prices) is their double sum, each
 *   entering value added and each leaving one taken out in bar order;
 * - on long series (several of the ranges whose decimal values the fast
 *   loops screen at once), MA and SUM stay correctly rounded through scale
 *   changes and gaps, and again once a non-decimal value has left.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { ema, expmema, ma, sma, wma } from "../../../core/formula/kernels/averages.ts";
import { avedev, moment, type Moment } from "../../../core/formula/kernels/statistics.ts";
import { sum } from "../../../core/formula/kernels/windows.ts";
import { formulaIndicators } from "../../../plugins/indicators/index.ts";
import type { BarSeries } from "../../../core/bars/series.ts";
import { barsArbitrary } from "../../plugins/indicators/market.ts";
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

const sameBits = (a: number, b: number) => Object.is(a, b) || (a === 0 && b === 0);

// ---- random decimal series ---------------------------------------------------------------------------------------

const MICRO = 1_000_000n;

/**
 * Values as exact integers of millionths (`q`, null for an invalid bar) and as the doubles nearest them (`x`):
 * a walk in ticks of 10^-digits (digits drawn per series, and now and then a finer value, so the scale grows
 * mid-series), with flat stretches.
 */
const decimalSeries = fc
  .record({
    digits: fc.constantFrom(0, 1, 2, 3),
    start: fc.integer({ min: -2_000, max: 400_000 }),
    moves: fc.array(
      fc.oneof(
        { weight: 3, arbitrary: fc.constant(0) },
        { weight: 5, arbitrary: fc.integer({ min: -30, max: 30 }) },
        { weight: 1, arbitrary: fc.record({ finer: fc.integer({ min: 1, max: 3 }), extra: fc.integer({ min: -999, max: 999 }) }) },
      ),
      { minLength: 1, maxLength: 90 },
    ),
    gaps: fc.array(fc.nat(89), { maxLength: 3 }),
  })
  .map(({ digits, start, moves, gaps }) => {
    let q = BigInt(start) * 10n ** BigInt(6 - digits);
    const tick = 10n ** BigInt(6 - digits);
    const micros = moves.map((m) => {
      if (typeof m === "number") q += BigInt(m) * tick;
      // a one-off value with up to 3 more decimal places (the walk itself stays on its ticks)
      else return q + (BigInt(m.extra) * tick) / 10n ** BigInt(m.finer);
      return q;
    });
    const valid: (bigint | null)[] = micros.map((v, i) => (gaps.includes(i) && i > 0 ? null : v));
    return { q: valid, x: Float64Array.from(valid, (v) => (v === null ? NaN : exactDouble(v))) };
  });

/** The double nearest v millionths: v / 10^6 with the fraction reduced, one correctly rounded division. */
function exactDouble(v: bigint): number {
  let [n, d] = [v, MICRO];
  while (d > 1n && n % 10n === 0n) [n, d] = [n / 10n, d / 10n];
  return Number(n) / Number(d);
}

const run = (kernel: (o: Float64Array, x: Float64Array, n: number | Float64Array) => void, x: Float64Array, n: number | Float64Array) => {
  const out = new Float64Array(x.length);
  kernel(out, x, n);
  return out;
};

/** The exact window total in millionths over [lo, hi], skipping invalid bars (or null if one is met and !skip). */
function total(q: readonly (bigint | null)[], lo: number, hi: number, skip: boolean): bigint | null {
  let s = 0n;
  for (let j = lo; j <= hi; j++) {
    const v = q[j];
    if (v === null) {
      if (!skip) return null;
    } else s += v!;
  }
  return s;
}

const firstValidOf = (q: readonly (bigint | null)[]) => q.findIndex((v) => v !== null);

test("MA and SUM are the correctly rounded exact decimal mean and total, as the scale grows and with invalid bars", () => {
  fc.assert(
    fc.property(decimalSeries, fc.integer({ min: 1, max: 40 }), ({ q, x }, N) => {
      const average = run(ma, x, N);
      const totals = run(sum, x, N);
      const running = run(sum, x, 0);
      const f = firstValidOf(q);
      for (let i = 0; i < x.length; i++) {
        if (i < f) continue;
        const lo = Math.max(f, i - N + 1);
        assertNearest(totals[i]!, [total(q, lo, i, true)!, MICRO], `SUM(${N}) bar ${i}`);
        assertNearest(running[i]!, [total(q, f, i, true)!, MICRO], `SUM(0) bar ${i}`);
        const m = i - N + 1 >= f ? total(q, i - N + 1, i, false) : null;
        if (m === null) assert.ok(Number.isNaN(average[i]!), `MA(${N}) bar ${i} has no value`);
        else assertNearest(average[i]!, [m, BigInt(N) * MICRO], `MA(${N}) bar ${i}`);
      }
    }),
    { numRuns: 400 },
  );
});

test("per-bar window lengths give the same correctly rounded values", () => {
  fc.assert(
    fc.property(decimalSeries, fc.array(fc.integer({ min: 0, max: 12 }), { minLength: 90, maxLength: 90 }), ({ q, x }, lengths) => {
      const L = Float64Array.from(x, (_, i) => lengths[i]!);
      const average = run(ma, x, L);
      const totals = run(sum, x, L);
      const f = firstValidOf(q);
      for (let i = f; i < x.length; i++) {
        const k = lengths[i]!;
        const lo = k === 0 ? f : Math.max(f, i - k + 1);
        assertNearest(totals[i]!, [total(q, lo, i, true)!, MICRO], `SUM bar ${i} over ${k}`);
        const m = k >= 1 && i - k + 1 >= f ? total(q, i - k + 1, i, false) : null;
        if (m === null) assert.ok(Number.isNaN(average[i]!), `MA bar ${i} over ${k} has no value`);
        else assertNearest(average[i]!, [m, BigInt(k) * MICRO], `MA bar ${i} over ${k}`);
      }
    }),
    { numRuns: 200 },
  );
});

/** Σ k·q over [lo, hi] with weights 1 (oldest) … (newest), or null if a bar is invalid. */
function weightedTotal(q: readonly (bigint | null)[], lo: number, hi: number): bigint | null {
  let s = 0n;
  for (let j = lo; j <= hi; j++) {
    if (q[j] === null) return null;
    s += BigInt(j - lo + 1) * q[j]!;
  }
  return s;
}

test("WMA is the correctly rounded exact weighted mean, in one pass or window by window", () => {
  fc.assert(
    fc.property(decimalSeries, fc.integer({ min: 1, max: 30 }), fc.boolean(), ({ q, x }, N, perBar) => {
      const y = run(wma, x, perBar ? Float64Array.from(x, () => N) : N);
      const f = firstValidOf(q);
      const weights = BigInt((N * (N + 1)) / 2);
      for (let i = 0; i < x.length; i++) {
        const t = i - N + 1 >= f ? weightedTotal(q, i - N + 1, i) : null;
        if (t === null) assert.ok(Number.isNaN(y[i]!), `WMA(${N}) bar ${i} has no value`);
        else assertNearest(y[i]!, [t, weights * MICRO], `WMA(${N}) bar ${i}`);
      }
    }),
    { numRuns: 400 },
  );
});

test("a tie that is exact in decimal is exact in the output, and an order is never inverted", () => {
  fc.assert(
    fc.property(decimalSeries, fc.integer({ min: 1, max: 20 }), fc.integer({ min: 1, max: 20 }), ({ q, x }, a, b) => {
      const fa = run(ma, x, a);
      const fb = run(ma, x, b);
      for (let i = 0; i < x.length; i++) {
        const ta = i - a + 1 >= 0 ? total(q, i - a + 1, i, false) : null;
        const tb = i - b + 1 >= 0 ? total(q, i - b + 1, i, false) : null;
        if (ta === null || tb === null) continue;
        const exact = compare([ta, BigInt(a)], [tb, BigInt(b)]);
        const got = fa[i]! > fb[i]! ? 1 : fa[i]! < fb[i]! ? -1 : 0;
        assert.equal(got, exact, `bar ${i}: MA(${a}) ${fa[i]} vs MA(${b}) ${fb[i]}`);
      }
    }),
    { numRuns: 400 },
  );
});

const fromCents = (cents: readonly number[]) => ({ q: cents.map((c) => BigInt(c) * 10_000n), x: Float64Array.from(cents, (v) => v / 100) });

test("a strict CROSS of two MAs fires exactly where the decimals cross, never on a tie", () => {
  fc.assert(
    fc.property(decimalSeries, fc.integer({ min: 1, max: 8 }), fc.integer({ min: 2, max: 20 }), ({ q, x }, a, b) => {
      if (q.includes(null)) return;
      const cross = calc(`CROSS(MA(C,${a}),MA(C,${b}))`, { close: Array.from(x) });
      const side = (i: number) => compare([total(q, i - a + 1, i, false)!, BigInt(a)], [total(q, i - b + 1, i, false)!, BigInt(b)]);
      for (let i = Math.max(a, b); i < x.length; i++) {
        assert.equal(cross[i], side(i - 1) < 0 && side(i) > 0 ? 1 : 0, `bar ${i}`);
      }
    }),
    // the case: MA(3) = MA(10) = 3.37 on bar 15, once a "dead cross" from running sums
    { numRuns: 300, examples: [[fromCents([343, 341, 350, 320, 313, 341, 315, 331, 322, 334, 356, 367, 334, 353, 346, 312, 330, 354]), 10, 3]] },
  );
});

/**
 * Typical prices (H+L+C)/3 as the formula computes them (two double additions, one division: noise in the
 * last places) over prices in ticks of 0.01 or 0.001, with flat stretches; `q` is each one's exact value in
 * units of 1/(3·10^6) (the finest scale, exact-sums.ts).
 */
const typicalSeries = fc
  .record({
    digits: fc.constantFrom(2, 3),
    bars: fc.array(
      fc.oneof({ weight: 2, arbitrary: fc.constant(null) }, { weight: 3, arbitrary: fc.tuple(fc.integer({ min: 1, max: 400_000 }), fc.integer({ min: 0, max: 90 }), fc.integer({ min: 0, max: 90 })) }),
      { minLength: 1, maxLength: 90 },
    ),
  })
  .map(({ digits, bars }) => {
    const scale = 10 ** digits;
    let last: readonly [number, number, number] = [1000, 20, 10];
    const hlc = bars.map((b) => (last = b === null ? last : [b[0] + b[1], b[0] - b[2], b[0]]));
    const high = hlc.map(([h]) => h / scale);
    const low = hlc.map(([, l]) => l / scale);
    const close = hlc.map(([, , c]) => c / scale);
    const x = Float64Array.from(hlc, (_, i) => (high[i]! + low[i]! + close[i]!) / 3);
    const unit = BigInt(1_000_000 / scale);
    return { high, low, close, x, q: hlc.map(([h, l, c]) => BigInt(h + l + c) * unit) };
  });

const THIRD_MICRO = 3_000_000n;

test("thirds of decimals ((H+L+C)/3 in doubles) are read exactly: MA and SUM correctly rounded, ties exact, the formula equal", () => {
  fc.assert(
    fc.property(typicalSeries, fc.integer({ min: 1, max: 30 }), fc.integer({ min: 1, max: 30 }), ({ high, low, close, x, q }, a, b) => {
      const [fa, fb, totals] = [run(ma, x, a), run(ma, x, b), run(sum, x, a)];
      for (let i = 0; i < x.length; i++) {
        assertNearest(totals[i]!, [total(q, Math.max(0, i - a + 1), i, true)!, THIRD_MICRO], `SUM(${a}) bar ${i}`);
        if (i < a - 1) continue;
        const ta = total(q, i - a + 1, i, false)!;
        assertNearest(fa[i]!, [ta, BigInt(a) * THIRD_MICRO], `MA(${a}) bar ${i}`);
        if (i < b - 1) continue;
        const exact = compare([ta, BigInt(a)], [total(q, i - b + 1, i, false)!, BigInt(b)]);
        assert.equal(fa[i]! > fb[i]! ? 1 : fa[i]! < fb[i]! ? -1 : 0, exact, `bar ${i}: MA(${a}) ${fa[i]} vs MA(${b}) ${fb[i]}`);
      }
      const formula = calc(`MA((H+L+C)/3,${a})`, { high, low, close });
      for (let i = 0; i < x.length; i++) assert.ok(sameBits(formula[i]!, fa[i]!), `the formula's MA of the typical price, bar ${i}`);
    }),
    { numRuns: 300 },
  );
});

test("a window of equal values has exactly no deviation (STD, VAR, their P forms, DEVSQ, AVEDEV), and the rest is their definition", () => {
  const kinds: readonly Moment[] = ["std", "stdp", "var", "varp", "devsq"];
  fc.assert(
    fc.property(decimalSeries, fc.integer({ min: 1, max: 25 }), fc.boolean(), ({ x }, N, perBar) => {
      const len = perBar ? Float64Array.from(x, () => N) : N;
      const stats = kinds.map((k) => [k, run((o, v, l) => moment(o, v, l, k), x, len)] as const);
      const dev = run(avedev, x, len);
      for (let i = N - 1; i < x.length; i++) {
        const w = Array.from(x.slice(i - N + 1, i + 1));
        if (w.some((v) => v !== v)) continue;
        const mean = w.reduce((a, b) => a + b, 0) / N;
        const m2 = w.reduce((a, b) => a + (b - mean) ** 2, 0);
        const literal: Record<Moment, number> = { std: Math.sqrt(m2 / (N - 1)), stdp: Math.sqrt(m2 / N), var: m2 / (N - 1), varp: m2 / N, devsq: m2 };
        const flat = w.every((v) => v === w[0]);
        for (const [k, y] of stats) {
          if (N === 1 && (k === "std" || k === "var")) assert.ok(Number.isNaN(y[i]!), `${k.toUpperCase()}(1) bar ${i} has no value`);
          else if (flat) assert.equal(y[i], 0, `${k.toUpperCase()}(${N}) bar ${i}: ${N} equal values`);
          else assert.ok(Math.abs(y[i]! - literal[k]) <= 1e-6 * Math.max(1, literal[k], mean * mean), `${k.toUpperCase()}(${N}) bar ${i}: ${y[i]} vs ${literal[k]}`);
        }
        const absolute = w.reduce((a, b) => a + Math.abs(b - mean), 0) / N;
        if (flat) assert.equal(dev[i], 0, `AVEDEV(${N}) bar ${i}: ${N} equal values`);
        else assert.ok(Math.abs(dev[i]! - absolute) <= 1e-9 * Math.max(1, Math.abs(mean)), `AVEDEV(${N}) bar ${i}: ${dev[i]} vs ${absolute}`);
      }
    }),
    { numRuns: 300 },
  );
});

/** Terms as in issue 17's VD: exact zeros between runs of non-decimal values (C·1.003) and arbitrary doubles. */
const mixedTerms = fc.array(
  fc.oneof(
    { weight: 4, arbitrary: fc.constant(0) },
    { weight: 1, arbitrary: fc.double({ min: -1e3, max: 1e3, noNaN: true }) },
    { weight: 2, arbitrary: fc.integer({ min: -99_999, max: 99_999 }).map((v) => v * 0.01 * 1.003) },
    { weight: 1, arbitrary: fc.integer({ min: -999, max: 999 }).map((v) => v / 1000) },
  ),
  { minLength: 1, maxLength: 120 },
);

/** v is the double nearest a decimal of at most 6 places, or a third of one (the finest scale, exact-sums.ts). */
const isDecimalDouble = (v: number) => Math.round(v * 3e6) / 3e6 === v;

test("windows of exact zeros sum to exactly 0 among non-decimal terms; decimal terms that cancel sum to 0", () => {
  fc.assert(
    fc.property(mixedTerms, fc.integer({ min: 1, max: 40 }), (t, N) => {
      const x = Float64Array.from(t);
      const totals = run(sum, x, N);
      const average = run(ma, x, N);
      for (let i = 0; i < x.length; i++) {
        const nonzero = t.slice(Math.max(0, i - N + 1), i + 1).filter((v) => v !== 0);
        // no residue of values that have left: zeros give 0, and one value among zeros gives that value when the
        // window it entered held no other (the double sum was reset to 0 when the last one left)
        if (nonzero.length > 1) continue;
        const v = nonzero[0] ?? 0;
        const j = t.lastIndexOf(v, i);
        if (v !== 0 && t.slice(Math.max(0, j - N + 1), j).some((u) => u !== 0)) continue;
        // (a value within 2^-32 of a decimal, or of a third of one, is read as that, exact-sums.ts)
        if (Math.abs(v * 3e6 - Math.round(v * 3e6)) < 1e-3 && !isDecimalDouble(v)) continue;
        assert.equal(totals[i], v, `SUM bar ${i}`);
        // (a decimal one's mean is the correctly rounded decimal quotient, checked above)
        if (i >= N - 1 && (v === 0 || !isDecimalDouble(v))) assert.equal(average[i], v / N, `MA bar ${i}`);
      }
    }),
    // a double sum of a, b, c, less a, b and c in that order, leaves −2.1e-14, which must not reach d
    { numRuns: 400, examples: [[[1000 / 3, 0.07 / 3, 0.01 / 3, 0, 0, 0.13 / 3], 2]] },
  );
  // differences of decimal prices (in doubles, with their last-bit noise) telescope: a window over which the
  // price returns to where it was sums to exactly 0
  fc.assert(
    fc.property(decimalSeries, fc.integer({ min: 1, max: 30 }), ({ q, x }, N) => {
      const d = Float64Array.from(x, (v, i) => (i === 0 ? NaN : v - x[i - 1]!));
      const totals = run(sum, d, N);
      for (let i = N; i < x.length; i++) {
        if (q[i] !== null && q.slice(i - N, i + 1).every((v) => v !== null) && q[i] === q[i - N]) {
          assert.equal(totals[i], 0, `bar ${i}: the price is back to bar ${i - N}'s`);
        }
      }
    }),
    { numRuns: 300 },
  );
});

/**
 * Ratios of prices (CR, VR, TRIX ...): far from every decimal of 6 places and
 * third of one, with whole numbers and zeros among them (decimal at the first
 * scale, so no window is summed again at a finer one).
 */
const ratioTerms = fc.array(
  fc.oneof(
    { weight: 8, arbitrary: fc.integer({ min: 1, max: 99_999 }).map((v) => (v * 100) / 7 + 1 / 11) },
    { weight: 8, arbitrary: fc.double({ min: -1e4, max: 1e4, noNaN: true }).filter((v) => Math.abs(v * 3e6 - Math.round(v * 3e6)) > 0.01) },
    { weight: 1, arbitrary: fc.integer({ min: -999, max: 99_999 }) },
  ),
  { minLength: 1, maxLength: 300 },
);

test("windows of non-decimal values only: MA and SUM are their double sum, adding each entering value and taking out each leaving one in bar order", () => {
  fc.assert(
    fc.property(ratioTerms, fc.integer({ min: 1, max: 40 }), (t, N) => {
      const x = Float64Array.from(t);
      const totals = run(sum, x, N);
      const average = run(ma, x, N);
      // the second implementation: the double sum of the non-decimal values alone, 0 once none is left in the window
      const odd = (v: number) => Math.abs(v * 3e6 - Math.round(v * 3e6)) > 0.01;
      let rest = 0;
      let count = 0;
      for (let i = 0; i < x.length; i++) {
        if (odd(x[i]!)) {
          rest += x[i]!;
          count++;
        }
        if (i >= N && odd(x[i - N]!)) rest = --count === 0 ? 0 : rest - x[i - N]!;
        if (count !== Math.min(i + 1, N)) continue;
        assert.ok(sameBits(totals[i]!, rest), `SUM(X,${N}) bar ${i}: ${totals[i]} vs ${rest}`);
        if (i >= N - 1) assert.ok(sameBits(average[i]!, rest / N), `MA(X,${N}) bar ${i}: ${average[i]} vs ${rest / N}`);
      }
    }),
    { numRuns: 400 },
  );
});

/** v is far from every decimal of 6 places and third of one (the finest scale): a value the rule adds to the double sum. */
const farFromDecimals = (v: number) => Math.abs(v * 3e6 - Math.round(v * 3e6)) > 0.01;

/**
 * Prices in cents among ratios of prices, the cents rare enough that most
 * windows hold both kinds (CR's averages of its ratio, ASI, ZLJC, DKX). The
 * first value is a cent, so the scale is cents from the first bar on (when
 * it grows, the window's double sum is taken again from its values: a
 * different sum, which the exact-sums tests check).
 */
const mixedWindowTerms = fc
  .array(
    fc.oneof(
      { weight: 6, arbitrary: fc.integer({ min: 1, max: 99_999 }).map((v) => (v * 100) / 7 + 1 / 11) },
      { weight: 6, arbitrary: fc.double({ min: -1e4, max: 1e4, noNaN: true }) },
      { weight: 1, arbitrary: fc.integer({ min: -999_999, max: 999_999 }).map((k) => k / 100) },
    ),
    { minLength: 1, maxLength: 400 },
  )
  .map((t) => [0.01, ...t.filter((v) => farFromDecimals(v) || Math.round(v * 100) / 100 === v)]);

test("windows mixing decimal values with others: MA and SUM are the exact total of the decimals correctly rounded, plus the double sum of the others in bar order", () => {
  fc.assert(
    fc.property(mixedWindowTerms, fc.integer({ min: 1, max: 70 }), (t, N) => {
      const x = Float64Array.from(t);
      const totals = run(sum, x, N);
      const average = run(ma, x, N);
      // the second implementation: the window's cents as an integer, the others' double sum (0 once none is left)
      let cents = 0;
      let rest = 0;
      let count = 0;
      for (let i = 0; i < x.length; i++) {
        const v = x[i]!;
        if (farFromDecimals(v)) {
          rest += v;
          count++;
        } else cents += Math.round(v * 100);
        if (i >= N) {
          const o = x[i - N]!;
          if (farFromDecimals(o)) {
            rest -= o;
            count--;
          } else cents -= Math.round(o * 100);
        }
        if (count === 0) rest = 0;
        const total = count === 0 ? cents / 100 : cents / 100 + rest;
        assert.ok(sameBits(totals[i]!, total), `SUM(X,${N}) bar ${i}: ${totals[i]} vs ${total}`);
        const mean = count === 0 ? cents / (100 * N) : (cents / 100 + rest) / N;
        if (i >= N - 1) assert.ok(sameBits(average[i]!, mean), `MA(X,${N}) bar ${i}: ${average[i]} vs ${mean}`);
      }
    }),
    { numRuns: 500 },
  );
});

test("recursive averages: a constant stays that constant for any N, so no CROSS fires on it; an input equal to the average keeps it", () => {
  fc.assert(
    fc.property(fc.integer({ min: 1, max: 999_999 }), fc.constantFrom(1, 100, 1000), fc.integer({ min: 2, max: 40 }), fc.integer({ min: 2, max: 40 }), (q, scale, a, b) => {
      const c = q / scale;
      const x = new Float64Array(80).fill(c);
      const seeded = new Float64Array(80);
      sma(seeded, x, a + 1, 1);
      for (const [label, y] of [
        ["EMA", run(ema, x, a)],
        ["SMA", seeded],
      ] as const) {
        assert.ok(
          y.every((v) => v === c),
          `${label} of a constant ${c} stays ${c}`,
        );
      }
      // the formula's fused loops (EMA and SMA steps) hold it too
      const text = `CROSS(EMA(C,${a}),EMA(C,${b}))+CROSS(EMA(C,${b}),EMA(C,${a}))+CROSS(SMA(C,${a + 1},1),MA(C,${b}))`;
      assert.ok(
        calc(text, { close: Array.from(x) }).every((v) => v === 0),
        "no CROSS on a constant input",
      );
      assert.ok(
        calc(`EMA(C,${a})-C`, { close: Array.from(x) }).every((v) => v === 0),
        "a fused EMA stays on the constant",
      );
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

// ---- no look-ahead -----------------------------------------------------------------------------------------------

/** Any mix: decimals of every scale, non-decimal values, invalid bars, huge values. */
const anySeries = fc.array(
  fc.oneof(
    { weight: 4, arbitrary: fc.integer({ min: -50_000, max: 50_000 }).chain((v) => fc.constantFrom(v, v / 100, v / 1000, v / 1e6)) },
    { weight: 2, arbitrary: fc.double({ min: -1e6, max: 1e6, noNaN: true }) },
    { weight: 1, arbitrary: fc.constantFrom(0, NaN, 2 ** 52, -(2 ** 51), 1e15 + 0.5, 4.5e15) },
  ),
  { minLength: 1, maxLength: 100 },
);

test("no look-ahead: MA, SUM and WMA on a prefix of a series equal the whole series' first bars, bit for bit", () => {
  fc.assert(
    fc.property(anySeries, fc.integer({ min: 0, max: 30 }), fc.nat(99), (values, N, cut) => {
      const x = Float64Array.from(values);
      const k = Math.min(cut, x.length);
      const prefix = x.slice(0, k);
      const lengths = Float64Array.from(x, (_, i) => (i * 7 + N) % 13);
      for (const [name, kernel, len] of [
        ["MA", ma, Math.max(1, N)],
        ["SUM", sum, N],
        ["WMA", wma, Math.max(1, N)],
        ["MA per bar", ma, lengths],
        ["SUM per bar", sum, lengths],
      ] as const) {
        const whole = run(kernel, x, len);
        const part = run(kernel, prefix, typeof len === "number" ? len : len.slice(0, k));
        for (let i = 0; i < k; i++) assert.ok(sameBits(part[i]!, whole[i]!), `${name}(${N}) bar ${i} of ${k}: ${part[i]} vs ${whole[i]}`);
      }
    }),
    { numRuns: 500 },
  );
});

function slice(s: BarSeries, k: number): BarSeries {
  const cut = (a: Float64Array) => a.slice(0, k);
  return { length: k, time: cut(s.time), open: cut(s.open), high: cut(s.high), low: cut(s.low), close: cut(s.close), vol: cut(s.vol), amount: cut(s.amount) };
}

test("no look-ahead: every indicator on a prefix of the bars equals its first bars on the whole series", () => {
  fc.assert(
    fc.property(barsArbitrary, fc.nat(119), fc.boolean(), (s, cut, fractional) => {
      // fractional volumes (adjusted ones are) put non-decimal values into the sums
      if (fractional) for (let i = 0; i < s.length; i++) s.vol[i] = s.vol[i]! / 3.7;
      const k = Math.min(cut, s.length);
      const part = slice(s, k);
      for (const p of formulaIndicators) {
        const whole = p.compute(s, {});
        const short = p.compute(part, {});
        for (const [name, col] of Object.entries(whole)) {
          for (let i = 0; i < k; i++) assert.ok(sameBits(short[name]![i]!, col[i]!), `${p.id}.${name} bar ${i} of ${k}: ${short[name]![i]} vs ${col[i]}`);
        }
      }
    }),
    { numRuns: 60 },
  );
});

// ---- literal definitions -----------------------------------------------------------------------------------------

test("on any input the kernels still equal their literal definitions", () => {
  fc.assert(
    fc.property(anySeries, fc.integer({ min: 1, max: 30 }), (v, N) => {
      const x = Float64Array.from(v);
      const [average, totals, running, weighted] = [run(ma, x, N), run(sum, x, N), run(sum, x, 0), run(wma, x, N)];
      // the literal sums in BigInt-free doubles, each window afresh in a compensated (Neumaier) sum
      const fsum = (w: number[]) => {
        let s = 0;
        let c = 0;
        for (const a of w) {
          const t = s + a;
          c += Math.abs(s) >= Math.abs(a) ? s - t + a : a - t + s;
          s = t;
        }
        return s + c;
      };
      // a double sum's error is relative to the largest value it has held (as any rolling sum's)
      const near = (a: number, b: number, i: number, label: string) => {
        const seen = v.slice(0, i + 1).reduce((m, c) => (c === c ? Math.max(m, Math.abs(c)) : m), 1);
        assert.ok(Math.abs(a - b) <= 1e-9 * seen, `${label}: ${a} vs ${b}`);
      };
      const f = v.findIndex((a) => a === a);
      for (let i = Math.max(0, f); i < v.length && f >= 0; i++) {
        const window = v.slice(Math.max(f, i - N + 1), i + 1).filter((a) => a === a);
        near(totals[i]!, fsum(window), i, `SUM(${N}) bar ${i}`);
        const all = v.slice(f, i + 1).filter((a) => a === a);
        near(running[i]!, fsum(all), i, `SUM(0) bar ${i}`);
        const full = v.slice(i - N + 1, i + 1);
        if (i - N + 1 < f) assert.ok(Number.isNaN(average[i]!), `MA bar ${i} has no value before N bars`);
        else if (full.some((a) => a !== a)) assert.ok(Number.isNaN(average[i]!), `MA bar ${i}: an invalid bar in the window`);
        else {
          near(average[i]!, fsum(full) / N, i, `MA(${N}) bar ${i}`);
          near(weighted[i]!, fsum(full.map((a, k) => a * (k + 1))) / ((N * (N + 1)) / 2), i, `WMA(${N}) bar ${i}`);
        }
      }
    }),
    { numRuns: 400 },
  );
});

// ---- the fast paths: screened ranges, the general loop, EXPMEMA's seed -------------------------------------------

/**
 * Long series (past several 1,024-bar ranges, where the fast loops screen a
 * whole range at once) of prices in cents, or of whole numbers (volumes:
 * read at scale 1, where the screen asks every value to be an integer to the
 * bit and a sum needs no division), with flat stretches, and now and then a
 * finer decimal (the scale grows), an invalid bar, a value that is no decimal
 * at all (a seventh of a price: the general loop, until it leaves), or one
 * too large to be read as a decimal (an even integer past 2^53, far past the
 * cap of 2^46 units: summed as a decimal it would leave a rounding behind).
 */
const longSeriesIn = (unit: bigint) =>
  fc
    .record({
      start: fc.integer({ min: 1, max: 2_000_000 }),
      moves: fc.array(fc.oneof({ weight: 2, arbitrary: fc.constant(0) }, { weight: 3, arbitrary: fc.integer({ min: -40, max: 40 }) }), { minLength: 1100, maxLength: 2600 }),
      events: fc.array(fc.record({ at: fc.nat(2599), kind: fc.constantFrom("finer", "invalid", "odd", "huge"), extra: fc.integer({ min: 1, max: 9_999 }) }), { maxLength: 6 }),
    })
    .map(({ start, moves, events }) => {
      let units = start;
      // q in millionths (null: invalid, undefined: not a decimal) and the doubles
      const q: (bigint | null | undefined)[] = moves.map((m) => BigInt((units = Math.max(1, units + m))) * unit);
      const x = Float64Array.from(q, (v) => exactDouble(v!));
      for (const { at, kind, extra } of events) {
        // one event per bar
        if (at >= q.length || typeof q[at] !== "bigint") continue;
        if (kind === "invalid") [q[at], x[at]] = [null, NaN];
        else if (kind === "finer") {
          q[at] = q[at]! + BigInt(extra);
          x[at] = exactDouble(q[at]!);
        } else if (kind === "huge") [q[at], x[at]] = [undefined, 2 ** 53 + 2 * extra];
        else [q[at], x[at]] = [undefined, x[at]! / 7];
      }
      return { q, x };
    });
const longSeries = fc.oneof(longSeriesIn(10_000n), longSeriesIn(MICRO));

test("long series of prices or whole numbers: MA and SUM stay correctly rounded across screened ranges, scale changes, gaps, and after a non-decimal value leaves", () => {
  fc.assert(
    fc.property(longSeries, fc.integer({ min: 1, max: 60 }), ({ q, x }, N) => {
      const average = run(ma, x, N);
      const totals = run(sum, x, N);
      const running = run(sum, x, 0);
      const f = q.findIndex((v) => v !== null);
      let sinceStart = 0n;
      let oddSeen = false;
      for (let i = f; i < x.length; i++) {
        if (q[i] === undefined) oddSeen = true;
        else if (q[i] !== null) sinceStart += q[i]!;
        if (!oddSeen) assertNearest(running[i]!, [sinceStart, MICRO], `SUM(0) bar ${i}`);
        const window = q.slice(Math.max(f, i - N + 1), i + 1);
        if (window.some((v) => v === undefined)) continue;
        const s = window.reduce<bigint>((a, v) => a + (v ?? 0n), 0n);
        assertNearest(totals[i]!, [s, MICRO], `SUM(${N}) bar ${i}`);
        if (i - N + 1 < f || window.includes(null)) assert.ok(Number.isNaN(average[i]!), `MA(${N}) bar ${i} has no value`);
        else assertNearest(average[i]!, [s, BigInt(N) * MICRO], `MA(${N}) bar ${i}`);
      }
    }),
    { numRuns: 40 },
  );
});

test("whole numbers: a value with a fraction inside a screened range is read at its own scale, not as the integer next to it", () => {
  // 2,000 volumes on a deterministic walk, one of them with 0.000123 more: the bars around it are in ranges the
  // whole-number screen takes at once, and its windows are exact only at scale 10^6
  const units: bigint[] = [];
  for (let i = 0, u = 1_234_567; i < 2_000; i++) units.push(BigInt((u += ((i * 7_919) % 81) - 40)) * MICRO + (i === 1_500 ? 123n : 0n));
  const x = Float64Array.from(units, exactDouble);
  for (const N of [5, 20, 60]) {
    const [average, totals] = [run(ma, x, N), run(sum, x, N)];
    for (let i = N - 1; i < x.length; i++) {
      const s = total(units, i - N + 1, i, false)!;
      assertNearest(totals[i]!, [s, MICRO], `SUM(${N}) bar ${i}`);
      assertNearest(average[i]!, [s, BigInt(N) * MICRO], `MA(${N}) bar ${i}`);
    }
  }
});

test("EXPMEMA's seed is MA's correctly rounded mean on its bar, in the kernel and the formula's fused loop, so a constant stays that constant", () => {
  fc.assert(
    fc.property(decimalSeries, fc.integer({ min: 1, max: 30 }), ({ q, x }, N) => {
      const y = run((o, v, n) => expmema(o, v, n as number), x, N);
      const average = run(ma, x, N);
      // the seed: the N-th of N consecutive valid values
      let runLength = 0;
      const seed = q.findIndex((v) => (runLength = v === null ? 0 : runLength + 1) === N);
      if (seed < 0) return;
      for (let i = 0; i < seed; i++) assert.ok(Number.isNaN(y[i]!), `EXPMEMA(${N}) bar ${i} before its seed has no value`);
      assertNearest(y[seed]!, [total(q, seed - N + 1, seed, false)!, BigInt(N) * MICRO], `EXPMEMA(${N}) seed on bar ${seed}`);
      assert.ok(sameBits(y[seed]!, average[seed]!), `EXPMEMA(${N}) seed ${y[seed]} vs MA ${average[seed]}`);
      const fused = calc(`EXPMEMA(C,${N})`, { close: Array.from(x) });
      for (let i = 0; i < x.length; i++) assert.ok(sameBits(fused[i]!, y[i]!), `EXPMEMA(${N}) bar ${i}: formula ${fused[i]} vs kernel ${y[i]}`);
    }),
    { numRuns: 300 },
  );
  fc.assert(
    fc.property(fc.integer({ min: 1, max: 999_999 }), fc.constantFrom(1, 100, 1000), fc.integer({ min: 1, max: 40 }), fc.integer({ min: 1, max: 40 }), (v, scale, a, b) => {
      const c = v / scale;
      const close = Array.from({ length: 80 }, () => c);
      const y = run((o, v, n) => expmema(o, v, n as number), Float64Array.from(close), a);
      assert.ok(
        y.every((z, i) => (i < a - 1 ? Number.isNaN(z) : z === c)),
        `EXPMEMA(${a}) of a constant ${c} is ${c} from its seed on`,
      );
      assert.ok(
        calc(`CROSS(EXPMEMA(C,${a}),EXPMEMA(C,${b}))+CROSS(EXPMEMA(C,${b}),EXPMEMA(C,${a}))`, { close }).every((z) => z === 0),
        "no CROSS of two EXPMEMAs on a constant input",
      );
    }),
    { numRuns: 300 },
  );
});

test("a running total is the exact total up to 2^52 at its scale, and a double sum from the bar that would pass it", () => {
  // the first 1,024-bar range brings the total near 2^52 (its values too large for the screen of a whole range),
  // the next passes 2^52 with values the screen admits (multiples of 25 units: at scale 100, quarters, which
  // are exact doubles, so each scaled value is an integer to the bit)
  const near = Math.floor((2 ** 52 - 2 ** 48) / 1023);
  fc.assert(
    fc.property(
      fc.array(
        fc.integer({ min: 2 ** 34, max: 2 ** 35 }).map((k) => 25 * k),
        { minLength: 520, maxLength: 1100 },
      ),
      fc.constantFrom(1, 100),
      (late, scale) => {
        // one `scale`th first: the scale is set while values are small (a large one is decimal only at a scale
        // already reached), and every value stays within the cap of 2^46 at it
        const units = [1, ...Array.from({ length: 1023 }, () => near), ...late];
        const x = Float64Array.from(units, (u) => u / scale);
        const y = run(sum, x, 0);
        let exact = 0n;
        let crossed = -1;
        for (let i = 0; i < x.length; i++) {
          exact += BigInt(units[i]!);
          if (crossed < 0 && exact > 2n ** 52n) crossed = i;
          if (crossed < 0) assertNearest(y[i]!, [exact, BigInt(scale)], `SUM(0) bar ${i}`);
          else if (i > crossed) assert.ok(sameBits(y[i]!, y[i - 1]! + x[i]!), `SUM(0) bar ${i}, past 2^52: ${y[i]} vs ${y[i - 1]} + ${x[i]}`);
        }
        assert.ok(crossed > 1024, `the total passes 2^52 in the second range (bar ${crossed})`);
      },
    ),
    { numRuns: 30 },
  );
});
