/**
 * exact-sums.ts against its rule (the file's header), written again here on BigInt integers: every
 * decimal value (at a scale dividing 3·10^6: tenths … millionths, thirds, with a few units in the
 * last place of noise) is its exact numerator in units of 1/(3·10^6), a window's decimal total is
 * their BigInt sum and its result one correctly rounded division; values that are no decimal (a few
 * 2^-30 beside a whole number: at least four times the tolerance from every decimal of every scale,
 * or whole numbers past the cap of 2^46 units) go to a double sum, which these are chosen to keep
 * exact, so the result (Σdecimal/P + rest)/N is known to the bit. Series are runs of one kind
 * (decimals of one scale, the other values, gaps, zeros), some long enough for the screened ranges
 * of 1,024 bars, the general loop's hand-back after 64 calm bars and the loop for windows of
 * non-decimal values alone. Each export is checked: exactWindows (MA, SUM, the running total and
 * its spill to a double sum past 2^52), windowTotal, weightedWindows and seedMean.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { exactWindows, SEED_DECIMAL, seedMean, weightedWindows, windowTotal } from "../../../../core/formula/kernels/exact-sums.ts";

const FINEST = 3_000_000n;
/** A marker for an element the kernel must not write. */
const UNTOUCHED = 12345.678;

/** The double nearest num/den (both exact in doubles: one correctly rounded division). */
function nearest(num: bigint, den: bigint): number {
  assert.ok(num < 2n ** 53n && -num < 2n ** 53n && den < 2n ** 53n, `${num}/${den} is exact in doubles`);
  return Number(num) / Number(den);
}

const sameBits = (a: number, b: number) => Object.is(a, b) || (a === 0 && b === 0);

/** A value of the series: a decimal (q: its numerator over 3·10^6), a non-decimal (odd), or invalid. */
type Item = { v: number; q: bigint | null; odd: boolean };

const DENOMINATORS = [1, 3, 10, 30, 100, 300, 1_000, 3_000, 10_000, 100_000, 1_000_000, 3_000_000] as const;

/**
 * A run of bars of one kind. Decimals walk from `base` in steps of their unit (flat stretches
 * included), some with noise of up to 3·2^-37 (far inside the tolerance 2^-32 at every scale); odd
 * values are a whole number plus k·2^-30, 1 ≤ |k| ≤ 100 (k·2^-30·P is then 4k tolerances from the
 * nearest integer at every scale P, below ½); huge ones are whole multiples of 1,024 past 2^47.
 */
const run = fc.record({
  kind: fc.oneof(
    { weight: 6, arbitrary: fc.constant("decimal" as const) },
    { weight: 2, arbitrary: fc.constant("odd" as const) },
    { weight: 1, arbitrary: fc.constant("nan" as const) },
    { weight: 1, arbitrary: fc.constant("zero" as const) },
  ),
  len: fc.oneof({ weight: 8, arbitrary: fc.integer({ min: 1, max: 12 }) }, { weight: 1, arbitrary: fc.integer({ min: 60, max: 140 }) }),
  den: fc.constantFrom(...DENOMINATORS),
  base: fc.integer({ min: -50_000, max: 50_000 }),
  seed: fc.nat(1_000),
  noisy: fc.boolean(),
});

type RunValue = { kind: "decimal" | "odd" | "nan" | "zero"; len: number; den: number; base: number; seed: number; noisy: boolean };

/** Items of the runs; `huge`: the odd values are past the cap, else fractions beside whole numbers (not both: a double sum of both would not be exact). */
function itemsOf(runs: readonly RunValue[], huge: boolean, longRun: number): Item[] {
  const items: Item[] = [];
  runs.forEach((r, ri) => {
    const len = ri === 0 && longRun > 0 && r.kind === "decimal" ? longRun : r.len;
    let num = BigInt(r.base) * BigInt(r.den) + BigInt(r.seed);
    for (let j = 0; j < len; j++) {
      const h = (r.seed * 7_919 + j * 104_729) % 1_000;
      if (r.kind === "nan") items.push({ v: NaN, q: null, odd: false });
      else if (r.kind === "zero") items.push({ v: r.noisy && h % 2 === 0 ? ((h % 7) - 3) * 2 ** -37 : 0, q: 0n, odd: false });
      else if (r.kind === "odd") {
        const k = (h % 100) + 1;
        const v = huge ? (h % 2 === 0 ? 1 : -1) * (2 ** 47 + (r.seed + j) * 1024) : Math.round(r.base / 100) + (h % 2 === 0 ? k : -k) * 2 ** -30;
        items.push({ v, q: null, odd: true });
      } else {
        if (h % 3 !== 0) num += BigInt((h % 41) - 20);
        const v = Number(num) / r.den;
        items.push({ v: r.noisy ? v + ((h % 7) - 3) * 2 ** -37 * Math.max(1, Math.abs(v) / 2 ** 17) : v, q: num * (FINEST / BigInt(r.den)), odd: false });
      }
    }
  });
  return items;
}

/** A series: a few runs, now and then a first run of decimals long enough for several screened ranges. */
const series = fc
  .record({
    runs: fc.array(run, { minLength: 1, maxLength: 14 }),
    huge: fc.boolean(),
    longRun: fc.oneof({ weight: 6, arbitrary: fc.constant(0) }, { weight: 1, arbitrary: fc.integer({ min: 1_030, max: 2_300 }) }),
  })
  .map(({ runs, huge, longRun }) => itemsOf(runs as RunValue[], huge, longRun));

/**
 * The rule for bar i's window [lo, i]: the decimals' exact total over 3·10^6 correctly rounded,
 * plus the double sum of the others (exact here), over `per`; invalid values skipped (and counted).
 */
function windowOf(items: readonly Item[], lo: number, hi: number, weighted = false) {
  let q = 0n;
  let rest = 0;
  let odd = 0;
  let bad = 0;
  for (let j = lo; j <= hi; j++) {
    const w = weighted ? j - lo + 1 : 1;
    const it = items[j]!;
    if (it.odd) {
      rest += w * it.v;
      odd++;
    } else if (it.q === null) bad++;
    else q += BigInt(w) * it.q;
  }
  return { q, rest, odd, bad };
}

function expectedWindows(items: readonly Item[], N: number, mean: boolean, running: boolean): number[] {
  const f = items.findIndex((it) => it.q !== null || it.odd);
  // prefix sums (the double ones stay exact, see itemsOf), so a window is a difference of two
  const Q = [0n];
  const R = [0];
  const O = [0];
  const B = [0];
  for (const it of items) {
    Q.push(Q.at(-1)! + (it.q ?? 0n));
    R.push(R.at(-1)! + (it.odd ? it.v : 0));
    O.push(O.at(-1)! + (it.odd ? 1 : 0));
    B.push(B.at(-1)! + (it.q === null && !it.odd ? 1 : 0));
  }
  return items.map((_, i) => {
    if (f < 0 || i < f) return UNTOUCHED;
    const lo = running ? f : Math.max(f, i - N + 1);
    const [q, rest, odd, bad] = [Q[i + 1]! - Q[lo]!, R[i + 1]! - R[lo]!, O[i + 1]! - O[lo]!, B[i + 1]! - B[lo]!];
    if (!mean) return odd === 0 ? nearest(q, FINEST) : nearest(q, FINEST) + rest;
    if (i - N + 1 < f) return UNTOUCHED;
    if (bad > 0) return NaN;
    return odd === 0 ? nearest(q, FINEST * BigInt(N)) : (nearest(q, FINEST) + rest) / N;
  });
}

function assertBits(got: ArrayLike<number>, expected: readonly number[], label: string, items: readonly Item[]): void {
  for (let i = 0; i < expected.length; i++) {
    if (!sameBits(got[i]!, expected[i]!)) assert.fail(`${label} bar ${i}: ${got[i]} vs ${expected[i]} (value ${items[i]!.v}, ${items.length} bars)`);
  }
}

function runWindows(items: readonly Item[], N: number, mean: boolean, running: boolean): Float64Array {
  const x = Float64Array.from(items, (it) => it.v);
  const f = items.findIndex((it) => it.v === it.v);
  const out = new Float64Array(x.length).fill(UNTOUCHED);
  exactWindows(out, x, f < 0 ? x.length : f, running ? x.length + 1 : N, mean, running);
  return out;
}

test("exactWindows: MA, SUM and the running total are the exact decimal total correctly rounded, plus the exact double sum of the others", () => {
  fc.assert(
    fc.property(series, fc.oneof(fc.integer({ min: 1, max: 8 }), fc.integer({ min: 9, max: 60 })), (items, N) => {
      assertBits(runWindows(items, N, true, false), expectedWindows(items, N, true, false), `MA(${N})`, items);
      assertBits(runWindows(items, N, false, false), expectedWindows(items, N, false, false), `SUM(${N})`, items);
      assertBits(runWindows(items, 0, false, true), expectedWindows(items, 0, false, true), "SUM(0)", items);
    }),
    { numRuns: 250 },
  );
});

test("exactWindows: a window longer than the series never drops a value, and MA then writes nothing", () => {
  fc.assert(
    fc.property(series, fc.integer({ min: 1, max: 5 }), (items, extra) => {
      const N = items.length + extra;
      assertBits(runWindows(items, N, false, false), expectedWindows(items, N, false, false), `SUM(${N})`, items);
      assertBits(runWindows(items, N, true, false), expectedWindows(items, N, true, false), `MA(${N})`, items);
    }),
    { numRuns: 60 },
  );
});

test("windowTotal and seedMean: one window at the finest scale its values need, plain or weighted, skipping or refusing invalid values", () => {
  fc.assert(
    fc.property(series, fc.nat(), fc.integer({ min: 1, max: 40 }), fc.boolean(), fc.boolean(), (items, at, len, skip, weighted) => {
      const x = Float64Array.from(items, (it) => it.v);
      const hi = at % items.length;
      const lo = Math.max(0, hi - len + 1);
      const N = hi - lo + 1;
      const per = weighted ? (N * (N + 1)) / 2 : skip ? 1 : N;
      const { q, rest, odd, bad } = windowOf(items, lo, hi, weighted);
      const label = `window [${lo}, ${hi}] over ${per}${weighted ? ", weighted" : ""}${skip ? ", skipping" : ""}`;
      const expected = bad > 0 && !skip ? NaN : odd === 0 ? nearest(q, FINEST * BigInt(per)) : (nearest(q, FINEST) + rest) / per;
      const got = windowTotal(x, lo, hi, per, skip, weighted);
      assert.ok(sameBits(got, expected), `${label}: ${got} vs ${expected}`);
      // EXPMEMA's seed: the exact mean when every value is decimal, else the double sum in bar order over N
      let literal = 0;
      for (let j = lo; j <= hi; j++) literal += x[j]!;
      const plain = windowOf(items, lo, hi);
      const seed = plain.odd === 0 && plain.bad === 0 ? nearest(plain.q, FINEST * BigInt(N)) : literal / N;
      assert.ok(sameBits(seedMean(x, lo, hi), seed), `seedMean [${lo}, ${hi}]: ${seedMean(x, lo, hi)} vs ${seed}`);
    }),
    { numRuns: 400 },
  );
});

test("weightedWindows: the exact weighted mean of every window when every value from the first valid bar is decimal, and nothing written otherwise", () => {
  fc.assert(
    fc.property(series, fc.integer({ min: 1, max: 30 }), (items, N) => {
      const x = Float64Array.from(items, (it) => it.v);
      const f = items.findIndex((it) => it.v === it.v);
      if (f < 0) return;
      const out = new Float64Array(x.length).fill(UNTOUCHED);
      const done = weightedWindows(out, x, f, N);
      const decimal = items.slice(f).every((it) => it.q !== null);
      assert.equal(done, decimal, `the one pass is taken exactly when every value from bar ${f} is decimal`);
      const weights = BigInt((N * (N + 1)) / 2);
      const expected = items.map((_, i) => (!done ? UNTOUCHED : i < f + N - 1 ? NaN : nearest(windowOf(items, i - N + 1, i, true).q, FINEST * weights)));
      assertBits(out, expected, `WMA(${N})`, items);
    }),
    { numRuns: 250 },
  );
});

/**
 * A running total of decimals at one scale D (the first value 1/D sets it): the exact total while it
 * stays within 2^52 units of 1/D, then, from the bar that takes it past 2^52, a double sum: that
 * bar's exact total correctly rounded (added to the double sum of the non-decimal values so far),
 * then each later value added in doubles. Now and then the total lands on 2^52 exactly (still exact).
 */
test("exactWindows: a running total is exact up to 2^52 units of its scale, and a double sum from the bar that passes it", () => {
  fc.assert(
    fc.property(
      fc.constantFrom(1n, 100n),
      fc.array(
        fc.oneof(
          { weight: 12, arbitrary: fc.bigInt({ min: 2n ** 42n, max: 2n ** 45n }) },
          { weight: 1, arbitrary: fc.constant(null) },
          { weight: 1, arbitrary: fc.integer({ min: 1, max: 100 }).map((k) => 1 + k * 2 ** -30) },
        ),
        { minLength: 1, maxLength: 400 },
      ),
      fc.boolean(),
      (D, values, land) => {
        const units: (bigint | number | null)[] = [1n, ...values];
        if (land) {
          // the total on 2^52 exactly at the bar where it would pass it, if the value needed is within the cap
          let t = 0n;
          for (let i = 0; i < units.length; i++) {
            const u = units[i];
            if (typeof u !== "bigint") continue;
            if (t + u > 2n ** 52n) {
              if (2n ** 52n - t <= 2n ** 46n) units[i] = 2n ** 52n - t;
              break;
            }
            t += u;
          }
        }
        const x = Float64Array.from(units, (u) => (u === null ? NaN : typeof u === "number" ? u : Number(u) / Number(D)));
        const out = new Float64Array(x.length).fill(UNTOUCHED);
        exactWindows(out, x, 0, x.length + 1, false, true);
        let t = 0n;
        let rest = 0;
        let odd = false;
        let spilled = false;
        for (let i = 0; i < units.length; i++) {
          const u = units[i]!;
          if (spilled) rest = u === null ? rest : rest + x[i]!;
          else if (typeof u === "number") [rest, odd] = [rest + u, true];
          else if (u !== null && (t += u) > 2n ** 52n) [rest, spilled] = [rest + nearest(t, D), true];
          const expected: number = spilled ? rest : odd ? nearest(t, D) + rest : nearest(t, D);
          if (!sameBits(out[i]!, expected)) assert.fail(`SUM(0) at scale ${D} bar ${i}: ${out[i]} vs ${expected} (total ${t}${spilled ? ", spilled" : ""})`);
        }
      },
    ),
    { numRuns: 150 },
  );
});

/**
 * Large decimals (2^20 to 1.5·10^6, in whole units, tenths or cents) with up to 3 units in the last
 * place of noise (3·2^-32: beyond the absolute tolerance 2^-32 at every scale, within the relative
 * one, 2^-50 of the scaled value, four of its units in the last place): still read as their
 * decimals, so MA and SUM are the exact totals correctly rounded.
 */
test("exactWindows and windowTotal: a large decimal a few units in the last place off is read as that decimal (the relative tolerance)", () => {
  fc.assert(
    fc.property(
      fc.constantFrom(1, 10, 100),
      fc.array(fc.tuple(fc.integer({ min: 2 ** 20, max: 1_500_000 }), fc.integer({ min: 0, max: 99 }), fc.integer({ min: -3, max: 3 })), { minLength: 1, maxLength: 80 }),
      fc.integer({ min: 1, max: 20 }),
      (den, parts, N) => {
        const items: Item[] = parts.map(([whole, fraction, noise]) => {
          const num = BigInt(whole) * BigInt(den) + BigInt(fraction % den);
          return { v: Number(num) / den + noise * 2 ** -32, q: num * (FINEST / BigInt(den)), odd: false };
        });
        assertBits(runWindows(items, N, true, false), expectedWindows(items, N, true, false), `MA(${N}) at scale ${den}`, items);
        assertBits(runWindows(items, N, false, false), expectedWindows(items, N, false, false), `SUM(${N}) at scale ${den}`, items);
        const x = Float64Array.from(items, (it) => it.v);
        const lo = Math.max(0, items.length - N);
        const got = windowTotal(x, lo, items.length - 1, 1, false);
        const want = nearest(windowOf(items, lo, items.length - 1).q, FINEST);
        assert.ok(sameBits(got, want), `windowTotal [${lo}, ${items.length - 1}] at scale ${den}: ${got} vs ${want}`);
      },
    ),
    { numRuns: 200 },
  );
});

/**
 * A window of N > 64 values holds values up to 2^52/N units each (the cap: its total stays below
 * 2^52). Whole numbers from 2^43 to 2^45 in windows of 1,000 bars are past it, so each goes to the
 * double sum: SUM is that sum, each entering value added and each leaving one taken out in bar
 * order, and MA that over N (read as decimals their total would pass 2^53 and lose units).
 */
test("exactWindows: values past the cap of a long window (2^52/N) go to the double sum, in bar order", () => {
  fc.assert(
    fc.property(fc.array(fc.integer({ min: 2 ** 43, max: 2 ** 45 }), { minLength: 1_001, maxLength: 1_300 }), fc.integer({ min: 700, max: 1_000 }), (values, N) => {
      const x = Float64Array.from(values);
      for (const mean of [false, true]) {
        const out = new Float64Array(x.length).fill(UNTOUCHED);
        exactWindows(out, x, 0, N, mean, false);
        let rest = 0;
        for (let i = 0; i < x.length; i++) {
          rest += x[i]!;
          if (i >= N) rest -= x[i - N]!;
          const expected = !mean ? rest : i < N - 1 ? UNTOUCHED : rest / N;
          if (!sameBits(out[i]!, expected)) assert.fail(`${mean ? "MA" : "SUM"}(${N}) bar ${i}: ${out[i]} vs ${expected}`);
        }
      }
    }),
    { numRuns: 15 },
  );
});

/**
 * The rare path: a cent arriving after whole numbers makes the scale 100, and the running total read
 * again at it passes 2^52 (or lands on it): the double sum starts at the bar whose total passes 2^52,
 * not later. Hand-worked: 100 values of 6·10^11, then 0.01 (total 6·10^15 + 1 cents, past 2^52: from
 * here a double sum), then 0.01 added in doubles; and 64 values of 703,687,441,776, a gap and one of
 * 40 (2^52/100 − 0.96), then 0.96 (exactly 2^52 cents: still exact), then 0.02 (past it: the exact total
 * 2^52 + 2 cents, correctly rounded, starts the double sum).
 */
test("exactWindows: a running total read again at a finer scale spills at the bar that takes it past 2^52", () => {
  const check = (whole: readonly number[], cents: readonly number[], expected: (i: number, out: Float64Array) => number) => {
    const x = Float64Array.from([...whole, ...cents.map((c) => c / 100)]);
    const out = new Float64Array(x.length).fill(UNTOUCHED);
    exactWindows(out, x, 0, x.length + 1, false, true);
    for (let i = whole.length; i < x.length; i++) assert.ok(sameBits(out[i]!, expected(i, out)), `bar ${i}: ${out[i]} vs ${expected(i, out)}`);
  };
  const a = Array.from({ length: 100 }, () => 6e11);
  check(a, [1, 1], (i, out) => (i === 100 ? nearest(6n * 10n ** 15n + 1n, 100n) : out[i - 1]! + 0.01));
  // (a gap among them keeps the window off the fast loops, so the cent reaches the rare path)
  const b = [703_687_441_776, NaN, ...Array.from({ length: 63 }, () => 703_687_441_776), 40];
  check(b, [96, 2], (i) => (i === 66 ? nearest(2n ** 52n, 100n) : nearest(2n ** 52n + 2n, 100n)));
  // (c) the scale already 100 and a gap first, so the general loop itself lands the total on 2^52 cents (1 + 64 ×
  // 70,368,744,177,600 + 4,095): still exact; the next cents take it past, from there a double sum
  const c = [0.01, NaN, ...Array.from({ length: 64 }, () => 703_687_441_776)];
  check(c, [4_095, 2, 3], (i) => (i === 66 ? nearest(2n ** 52n, 100n) : i === 67 ? nearest(2n ** 52n + 2n, 100n) : nearest(2n ** 52n + 2n, 100n) + 0.03));
  // the two readings differ on these bars (a double sum from the earlier bar would round otherwise)
  assert.notEqual(nearest(6n * 10n ** 15n + 2n, 100n), nearest(6n * 10n ** 15n + 1n, 100n) + 0.01, "case a tells the bars apart");
  assert.notEqual(nearest(2n ** 52n + 2n, 100n), nearest(2n ** 52n, 100n) + 0.02, "case b tells the bars apart");
});

/**
 * The screens of the fast loops vouch only for values the rule reads as decimals. Hand-worked: in
 * whole numbers (P = 1), 5 + 1.2·2^-32 is 1.2 tolerances from 5 at every scale (the relative part,
 * 2^-50 of the scaled value, adds far less than 0.2), so no decimal: it goes to the double sum; in
 * cents (P = 100, set by the first value 0.01), 100 + 2^-30 is four tolerances from every decimal.
 * Each sits inside a run of decimals long enough for a screened range.
 */
test("exactWindows: a value a little beyond the tolerance inside a run of decimals goes to the double sum", () => {
  const dec = (v: number, den: bigint): Item => ({ v, q: BigInt(Math.round(v * Number(den))) * (FINEST / den), odd: false });
  const whole: Item[] = Array.from({ length: 60 }, (_, i) => dec((i * 37) % 101, 1n));
  whole[30] = { v: 5 + 1.2 * 2 ** -32, q: null, odd: true };
  const cents: Item[] = Array.from({ length: 60 }, (_, i) => dec(i === 0 ? 0.01 : ((i * 3_737) % 10_001) / 100, 100n));
  cents[30] = { v: 100 + 2 ** -30, q: null, odd: true };
  // whole hundreds at P = 100 (the first value 0.01 sets it): v/P near a whole number would not tell the odd value
  const hundreds: Item[] = Array.from({ length: 60 }, (_, i) => dec(i === 0 ? 0.01 : 100 * ((i * 37) % 101), 100n));
  hundreds[30] = { v: 200 + 2 ** -30, q: null, odd: true };
  for (const items of [whole, cents, hundreds]) {
    for (const N of [1, 3, 7]) {
      assertBits(runWindows(items, N, true, false), expectedWindows(items, N, true, false), `MA(${N})`, items);
      assertBits(runWindows(items, N, false, false), expectedWindows(items, N, false, false), `SUM(${N})`, items);
    }
    assertBits(runWindows(items, 0, false, true), expectedWindows(items, 0, false, true), "SUM(0)", items);
  }
});

/**
 * A running total in cents with no gap (the fast loops all along): 0.01, then 7,036,874,417,76.37
 * (70,368,744,177,637 cents, just under the cap 2^46) on every bar, so the total passes 2^52 cents
 * at bar 65; from that bar the double sum (its exact total correctly rounded, then each value added
 * in doubles), where the total in cents divided by 100 would round otherwise.
 */
test("exactWindows: a running total of cents with no gap spills at the bar that passes 2^52", () => {
  const units = [1n, ...Array.from({ length: 200 }, () => 70_368_744_177_637n)];
  const x = Float64Array.from(units, (u) => Number(u) / 100);
  const out = new Float64Array(x.length).fill(UNTOUCHED);
  exactWindows(out, x, 0, x.length + 1, false, true);
  let t = 0n;
  let exact = 0n;
  let rest = 0;
  let spilled = false;
  let differs = false;
  for (let i = 0; i < units.length; i++) {
    exact += units[i]!;
    if (spilled) rest += x[i]!;
    else if ((t += units[i]!) > 2n ** 52n) [rest, spilled] = [nearest(t, 100n), true];
    const expected: number = spilled ? rest : nearest(t, 100n);
    // the total in cents (exact in doubles below 2^53) over 100, as an unspilled total would give it
    if (spilled && exact < 2n ** 53n) differs ||= !sameBits(expected, Number(exact) / 100);
    if (!sameBits(out[i]!, expected)) assert.fail(`SUM(0) bar ${i}: ${out[i]} vs ${expected}`);
  }
  assert.ok(spilled && differs, "the total passes 2^52 cents, and the double sum then differs from the total in cents over 100");
});

/**
 * The same running total holding a value that is decimal at no scale (1/7, first): the exact total
 * and the double sum side by side (mixedTotal), and at the bar where the exact total would pass
 * 2^52 cents the whole total continues as a double sum, 1/7 plus the cents' total correctly rounded.
 */
test("exactWindows: a running total holding a value decimal at no scale spills at the bar that passes 2^52 too", () => {
  const units = [1n, ...Array.from({ length: 200 }, () => 70_368_744_177_637n)];
  const x = Float64Array.from([1 / 7, ...units.map((u) => Number(u) / 100)]);
  const out = new Float64Array(x.length).fill(UNTOUCHED);
  exactWindows(out, x, 0, x.length + 1, false, true);
  assert.ok(sameBits(out[0]!, 1 / 7), `SUM(0) bar 0: ${out[0]}`);
  let t = 0n;
  let rest = 1 / 7;
  let spilled = false;
  for (let i = 1; i < x.length; i++) {
    if (spilled) rest += x[i]!;
    else if ((t += units[i - 1]!) > 2n ** 52n) [rest, spilled] = [rest + nearest(t, 100n), true];
    const expected: number = spilled ? rest : nearest(t, 100n) + rest;
    if (!sameBits(out[i]!, expected)) assert.fail(`SUM(0) bar ${i}: ${out[i]} vs ${expected}`);
  }
  assert.ok(spilled, "the cents' total passes 2^52");
});

/**
 * A running total past its screen's bounds but not its cap: hand-worked. (a) 0.01, 63 values of
 * 703,687,441,776.37 (just under the cap, 2^46 cents) and zeros fill the first range of 1,024 bars
 * to 2^52 − 1,727 cents; the next range adds 0.37 per bar, so the total passes 2^52 cents at its
 * 47th bar, where the screen's bound on partial totals must fail. (b) 0.01, 5 (the screened range
 * starts here), then 10^12 (10^14 cents, past the cap: a double sum) among cents: a total of every value in cents over 100 would round once
 * where the rule rounds the decimals' total and then adds 10^12. (c) and (d): 10^12 + 0.01 past the
 * cap instead, at the screened range's second and third bar (the screen sums odd and even bars
 * apart), where reading it as cents would give other totals.
 */
test("exactWindows: a running total's screen neither lets a total pass 2^52 nor reads a value past the cap", () => {
  const reference = (x: Float64Array, units: readonly (bigint | null)[]) => {
    let t = 0n;
    let rest = 0;
    let odd = false;
    let spilled = false;
    return units.map((u, i) => {
      if (spilled) rest += x[i]!;
      else if (u === null) [rest, odd] = [rest + x[i]!, true];
      else if ((t += u) > 2n ** 52n) [rest, spilled] = [nearest(t, 100n), true];
      return spilled ? rest : odd ? nearest(t, 100n) + rest : nearest(t, 100n);
    });
  };
  const a: (bigint | null)[] = [1n, ...Array.from({ length: 63 }, () => 70_368_744_177_637n)];
  a.push(2n ** 52n - 1_727n - a.reduce((s, u) => s! + u!, 0n)!, ...Array.from({ length: 1_024 - a.length - 1 }, () => 0n));
  a.push(...Array.from({ length: 80 }, () => 37n));
  const b: (bigint | null)[] = [1n, 500n, null, ...Array.from({ length: 200 }, (_, i) => BigInt((i * 3_737) % 10_001))];
  const c = b.map((u) => u);
  const d = [1n, 500n, 7n, ...b.slice(2)];
  for (const units of [a, b, c, d]) {
    const past = units === b ? 1e12 : 1e12 + 0.01;
    const x = Float64Array.from(units, (u) => (u === null ? past : Number(u) / 100));
    assert.ok(units !== a || a[1_023] === 0n, "case a's first range ends with zeros");
    const out = new Float64Array(x.length).fill(UNTOUCHED);
    exactWindows(out, x, 0, x.length + 1, false, true);
    const expected = reference(x, units);
    for (let i = 0; i < x.length; i++) if (!sameBits(out[i]!, expected[i]!)) assert.fail(`SUM(0) bar ${i}: ${out[i]} vs ${expected[i]}`);
  }
});

/**
 * `count` draws (a kind below `kinds`, an integer within ±`range`, a fraction in [−1, 1)) from a
 * seed by a linear congruential walk: cheaper than fast-check arrays of that length.
 */
function drawsOf(seed: number, count: number, kinds: number, range: number): [number, number, number][] {
  let s = seed >>> 0;
  const next = () => {
    s = (Math.imul(s, 1_664_525) + 1_013_904_223) >>> 0;
    return s;
  };
  return Array.from({ length: count }, () => [next() % kinds, (next() % (2 * range + 1)) - range, next() / 2 ** 31 - 1]);
}

/** The smallest scale of the rule (1, 3, 10, 30 … 3·10^6) at which every num/den of `exact` is a whole number. */
function finestNeeded(exact: readonly { num: bigint; den: bigint }[]): bigint {
  const scales = [1n, 3n, 10n, 30n, 100n, 300n, 1_000n, 3_000n, 10_000n, 30_000n, 100_000n, 300_000n, 1_000_000n, 3_000_000n];
  return scales.find((P) => exact.every(({ num, den }) => (num * P) % den === 0n))!;
}

/**
 * windowTotal near its cap, hand-built: cents, tenths or thirds (at most 10^5, so decimal at the
 * finest scale within any cap here) set the scale P the window needs; whole numbers near the cap at P
 * (min(2^46, 2^52 / weights)·(1 ± 5 %) or 2^±1.5 times it) are decimals only up to it, where
 * weights = N(N+1)/2 when weighted, N otherwise. The rule: Σ w·(v·P) of the decimals, exact, and
 * the double sum in bar order of w·v for the others, (Σ/P + rest) / per, or one division when every
 * value is decimal; NaN if a value is invalid, unless `skip`.
 */
test("windowTotal: values past the cap of the window's weights (2^52 / weights, 2^46 at most, at the scale the window needs) go to the double sum", () => {
  fc.assert(
    fc.property(
      fc.integer({ min: 1, max: 130 }),
      fc.boolean(),
      fc.boolean(),
      fc.constantFrom(1n, 3n, 10n, 100n),
      fc.nat().map((seed) => drawsOf(seed, 130, 10, 100_000)),
      fc.nat(3),
      (N, weighted, skip, den, draws, lo) => {
        const weights = weighted ? (N * (N + 1)) / 2 : N;
        const kinds = draws.slice(0, N).map(([k, small, u]) => ({ k, small: BigInt(small), u: 1.5 * u }));
        const smalls = kinds.filter((d) => d.k < 4).map((d) => ({ num: d.small, den }));
        const P = finestNeeded(smalls);
        // the cap at P, in whole numbers (exact: 2^52 / weights is a double within 1/weights of its value)
        const capAtP = Math.floor(Math.min(2 ** 46, 2 ** 52 / weights) / Number(P));
        const items = kinds.map(({ k, small, u }) => {
          if (k < 4) return { v: Number(small) / Number(den), num: small, den, nan: false };
          if (k === 9) return { v: NaN, num: 0n, den: 1n, nan: true };
          const whole = k < 7 ? Math.round(capAtP * (1 + u / 30)) : Math.round(capAtP * 2 ** u);
          return { v: (k % 2 === 0 ? 1 : -1) * whole, num: BigInt((k % 2 === 0 ? 1 : -1) * whole), den: 1n, nan: false };
        });
        // before the window: thousandths, which would make the scale finer
        const x = Float64Array.from([...Array.from({ length: lo }, (_, j) => (j + 1) / 1_000), ...items.map((it) => it.v)]);
        let t = 0n;
        let rest = 0;
        let odd = false;
        let bad = false;
        items.forEach((it, j) => {
          const w = weighted ? j + 1 : 1;
          const scaled = (it.num * P) / it.den;
          if (it.nan) bad = true;
          else if ((scaled < 0n ? -scaled : scaled) * BigInt(weights) <= 2n ** 52n && (scaled < 0n ? -scaled : scaled) <= 2n ** 46n) t += BigInt(w) * scaled;
          else [rest, odd] = [rest + w * it.v, true];
        });
        const per = weighted ? weights : skip ? 1 : N;
        const expected = bad && !skip ? NaN : odd ? (nearest(t, P) + rest) / per : nearest(t, P * BigInt(per));
        const got = windowTotal(x, lo, lo + N - 1, per, skip, weighted);
        assert.ok(sameBits(got, expected), `N ${N} from ${lo}${weighted ? " weighted" : ""}${skip ? " skipping" : ""} at scale ${P}: ${got} vs ${expected} (${[...x].join(", ")})`);
      },
    ),
    { numRuns: 300 },
  );
});

/**
 * weightedWindows near its cap, hand-built: whole numbers, thirds, tenths or cents (at most 10^5) set
 * the scale P the series needs, and whole numbers of about the cap at P (min(2^46, 2^52 / (N(N+1)/2))
 * ·(1 ± 5 %), or the cap itself) are decimals only up to it. The one pass is taken exactly when every
 * value from the first valid bar is decimal at P (none invalid or past the cap, whatever scale the
 * earlier bars needed), and then each window is TDX's WMA, Σ k·X (k = 1 oldest … N newest) over
 * N(N+1)/2, on the exact decimals, correctly rounded; otherwise nothing is written.
 */
test("weightedWindows: one pass exactly when every value is decimal within the cap of N(N+1)/2 weights at the scale the series needs", () => {
  const taken = [0, 0];
  fc.assert(
    fc.property(
      fc.integer({ min: 1, max: 30 }),
      fc.constantFrom(1n, 3n, 10n, 100n),
      fc.array(fc.tuple(fc.nat(19), fc.integer({ min: -100_000, max: 100_000 }), fc.double({ min: -1, max: 1, noNaN: true })), { minLength: 1, maxLength: 60 }),
      fc.nat(3),
      fc.boolean(),
      (N, den, draws, lead, gaps) => {
        const weights = (N * (N + 1)) / 2;
        const smalls = draws.filter(([k]) => k < 10).map(([, small]) => ({ num: BigInt(small), den }));
        const P = finestNeeded(smalls);
        const cap = Math.floor(Math.min(2 ** 46, 2 ** 52 / weights));
        const capAtP = Math.floor(cap / Number(P));
        const values = draws.map(([k, small, u]) => {
          if (k < 10) return { v: Number(small) / Number(den), num: BigInt(small), den };
          if (k === 19 && gaps) return { v: NaN, num: null, den: 1n };
          const whole = (k % 2 === 0 ? 1 : -1) * (k < 14 ? capAtP : Math.round(capAtP * (1 + u / 20)));
          return { v: whole, num: BigInt(whole), den: 1n };
        });
        const x = Float64Array.from([...Array.from({ length: lead }, () => NaN), ...values.map((it) => it.v)]);
        const q = values.map(({ num, den: d }) => (num === null ? null : (num * P) / d));
        const decimal = q.every((s) => s !== null && (s < 0n ? -s : s) <= BigInt(cap));
        const out = new Float64Array(x.length).fill(UNTOUCHED);
        const done = weightedWindows(out, x, lead, N);
        assert.equal(done, decimal, `the one pass is taken exactly when every value is decimal at scale ${P} within the cap (N ${N}, ${values.map((it) => it.v).join(", ")})`);
        taken[done ? 1 : 0]!++;
        const expected = [...x].map((_, i) => {
          if (!done) return UNTOUCHED;
          if (i < lead + N - 1) return NaN;
          let W = 0n;
          for (let k = 1; k <= N; k++) W += BigInt(k) * q[i - lead - N + k]!;
          return nearest(W, P * BigInt(weights));
        });
        assertBits(
          out,
          expected,
          `WMA(${N}) at scale ${P}`,
          values.map((it) => ({ v: it.v, q: null, odd: false })),
        );
      },
    ),
    { numRuns: 300 },
  );
  assert.ok(taken[0]! > 20 && taken[1]! > 20, `both outcomes drawn often: ${taken[1]} passes taken, ${taken[0]} refused`);
});

/**
 * seedMean near its cap: decimals at the finest scale (numerators over 3·10^6, ±5 % around
 * min(2^46, 2^52/N) of them, or 2^±1 times it) mixed with cents. The rule: every value decimal at
 * 3·10^6 within the cap gives the exact mean correctly rounded, which is also MA(N)'s value on that
 * window (exactWindows); otherwise the double sum in bar order over N.
 */
test("seedMean: the exact mean (MA's value on the window) when every value is decimal at the finest scale within the cap of N values, the double mean otherwise", () => {
  fc.assert(
    fc.property(
      fc.integer({ min: 1, max: 130 }),
      fc.nat().map((seed) => drawsOf(seed, 130, 10, 1_000_000)),
      fc.nat(3),
      (N, draws, lo) => {
        const capQ = Math.floor(Math.min(2 ** 46, 2 ** 52 / N));
        const q = draws.slice(0, N).map(([k, cents, u]) => {
          if (k < 4) return BigInt(cents) * 30_000n;
          const near = k < 8 ? Math.round(capQ * (1 + u / 20)) : Math.round(capQ * 2 ** u);
          return BigInt(k % 2 === 0 ? near : -near);
        });
        const x = Float64Array.from([...Array.from({ length: lo }, (_, j) => (j + 1) / 7), ...q.map((s) => nearest(s, FINEST))]);
        const hi = lo + N - 1;
        const decimal = q.every((s) => (s < 0n ? -s : s) <= BigInt(capQ));
        let literal = 0;
        for (let j = lo; j <= hi; j++) literal += x[j]!;
        const expected = decimal
          ? nearest(
              q.reduce((a, b) => a + b, 0n),
              FINEST * BigInt(N),
            )
          : literal / N;
        const got = seedMean(x, lo, hi);
        assert.ok(sameBits(got, expected), `seedMean over ${N} from ${lo}: ${got} vs ${expected}`);
        if (decimal) {
          const out = new Float64Array(x.length).fill(UNTOUCHED);
          exactWindows(out, x, lo, N, true, false);
          assert.ok(sameBits(out[hi]!, got), `MA(${N}) at bar ${hi}: ${out[hi]} vs seedMean ${got}`);
        }
      },
    ),
    { numRuns: 300 },
  );
});

/**
 * MA's exact mean: two windows with equal decimal means give the same double whatever their lengths.
 * A window B of N cents, thirds or tenths, and a window A of r·N values, B's values r times over in
 * another order, each a few units in the last place off now and then (the same decimals), after a
 * few other values: MA(N) on B's last bar, MA(r·N) on A's, and windowTotal over each give the
 * same bits, B's exact total over P·N correctly rounded.
 */
test("exactWindows and windowTotal: windows of different lengths with equal decimal means give bit-identical means", () => {
  fc.assert(
    fc.property(
      fc.constantFrom(3n, 10n, 100n),
      fc.array(fc.integer({ min: -2_000_000, max: 2_000_000 }), { minLength: 1, maxLength: 40 }),
      fc.integer({ min: 2, max: 5 }),
      fc.array(fc.integer({ min: -3, max: 3 }), { minLength: 200, maxLength: 200 }),
      fc.array(fc.integer({ min: -500, max: 500 }), { maxLength: 6 }),
      (den, nums, r, noise, before) => {
        const N = nums.length;
        const value = (num: number, k: number) => {
          const v = num / Number(den);
          return v + noise[k % noise.length]! * 2 ** -52 * Math.abs(v);
        };
        const b = Float64Array.from([...before.map((c) => c / 100), ...nums.map((num, k) => value(num, k))]);
        // B's values r times over, each round rotated
        const order = Array.from({ length: r * N }, (_, k) => nums[(k + 3 * Math.floor(k / N)) % N]!);
        const a = Float64Array.from([...before.map((c) => c / 100), ...order.map((num, k) => value(num, k + 1))]);
        const want = nearest(
          nums.reduce((s, num) => s + BigInt(num), 0n),
          den * BigInt(N),
        );
        for (const [x, len] of [
          [b, N],
          [a, r * N],
        ] as const) {
          const out = new Float64Array(x.length).fill(UNTOUCHED);
          exactWindows(out, x, 0, len, true, false);
          const last = x.length - 1;
          assert.ok(sameBits(out[last]!, want), `MA(${len}) over ${len} values: ${out[last]} vs ${want}`);
          assert.ok(sameBits(windowTotal(x, last - len + 1, last, len, false), want), `windowTotal over ${len} values: vs ${want}`);
        }
      },
    ),
    { numRuns: 150 },
  );
});

/**
 * SEED_DECIMAL, the constants recurrences.ts repeats seedMean's test with, are the rule's (the
 * header of exact-sums.ts): the finest scale 3·10^6, the tolerance 2^-32 per unit of scale plus
 * 2^-50 of the scaled value, the cap min(2^46, 2^52/N), and 1.5·2^52 for rounding by adding and
 * subtracting.
 */
test("SEED_DECIMAL holds the rule's constants at the finest scale", () => {
  assert.deepEqual({ ...SEED_DECIMAL }, { scale: 3_000_000, magic: 1.5 * 2 ** 52, tol: 3_000_000 * 2 ** -32, rel: 2 ** -50, top: 2 ** 46, limit: 2 ** 52 });
});

/**
 * A running total read again at a finer scale (a value 1/D arrives after whole numbers): every
 * value is then D times its whole number in units of 1/D, so the partial sums of the history at
 * that scale pass 2^53 where the totals of whole numbers stayed below 2^52, while the total itself
 * (the history's values cancel but for a few) is small: still exact, its decimal total correctly
 * rounded. The history: k whole numbers near 2^46/D (each within the cap at the finer scale), the
 * same numbers negated in another order, a small remainder, then values in units of 1/D; with a gap
 * inside the history or not.
 */
test("exactWindows: a running total read again at a finer scale is exact though its partial sums at that scale pass 2^53", () => {
  fc.assert(
    fc.property(
      fc.constantFrom(3n, 10n, 100n, 3_000n, 3_000_000n),
      fc.integer({ min: 140, max: 600 }),
      fc.nat(),
      fc.boolean(),
      fc.array(fc.integer({ min: -5_000, max: 5_000 }), { minLength: 1, maxLength: 6 }),
      (D, most, seed, gap, fine) => {
        // k·2^46/D within 2^52, k·2^46 past 2^53
        const k = Math.min(most, 64 * Number(D));
        const top = 2n ** 46n / D;
        const whole = Array.from({ length: k }, (_, j) => top - BigInt((seed * 7_919 + j * 104_729) % 1_000_003));
        const back = whole.map((_, j) => -whole[(j + seed) % k]!);
        // the totals of whole numbers stay within 2^52, and at the finer scale the partial sums pass 2^53
        const peak = whole.reduce((s, u) => s + u);
        assert.ok(peak <= 2n ** 52n && peak * D > 2n ** 53n, `the history's sizes: ${peak} at scale ${D}`);
        const units: (bigint | null)[] = [...whole.map((u) => u * D), ...(gap ? [null] : []), ...back.map((u) => u * D), 7n * D, ...fine.map(BigInt)];
        const x = Float64Array.from(units, (u) => (u === null ? NaN : Number(u) / Number(D)));
        const out = new Float64Array(x.length).fill(UNTOUCHED);
        exactWindows(out, x, 0, x.length + 1, false, true);
        let t = 0n;
        for (let i = 0; i < units.length; i++) {
          t += units[i] ?? 0n;
          const expected = i <= units.length - fine.length - 1 ? Number(t / D) : nearest(t, D);
          if (!sameBits(out[i]!, expected)) assert.fail(`SUM(0) at scale ${D}, bar ${i} of ${units.length}: ${out[i]} vs ${expected}`);
        }
      },
    ),
    { numRuns: 40 },
  );
});

/**
 * The double sum of the values that are no decimal (sevenths of whole numbers up to 10^9 among whole
 * numbers up to 10^8, P = 1), written again as the header states it: each entering value added, then the leaving
 * one taken out, in bar order, and reset to exactly 0 when the last such value has left the window, so
 * the rounding that adding and taking out left behind is not carried to the next such value.
 */
test("exactWindows: the double sum of non-decimal values restarts from 0 once they have all left the window", () => {
  const runOf = fc.record({
    kind: fc.constantFrom("whole", "whole", "seventh", "nan"),
    len: fc.oneof(fc.integer({ min: 1, max: 12 }), fc.integer({ min: 60, max: 80 })),
    seed: fc.nat(1_000_000),
  });
  fc.assert(
    fc.property(fc.array(runOf, { minLength: 2, maxLength: 10 }), fc.integer({ min: 1, max: 12 }), (runs, N) => {
      const values: number[] = [];
      for (const r of runs) {
        for (let j = 0; j < (r.kind === "nan" ? 1 : r.len); j++) {
          const h = (r.seed + j * 104_729) % 1_000_003;
          const sign = h % 2 === 0 ? 1 : -1;
          if (r.kind === "nan") values.push(NaN);
          // now and then a whole number from 10^5 to 10^8, which a test of oddRoll with too wide a margin would take for no decimal
          else if (r.kind === "whole") values.push(sign * (h % 4 === 0 ? 100_000 + h * 97 : h % 5_000));
          else values.push((sign * (7 * (h % 3 === 0 ? h * 997 : h % 100) + 1 + (h % 6))) / 7);
        }
      }
      const x = Float64Array.from(values);
      const f = values.findIndex((v) => v === v);
      if (f < 0) return;
      for (const mean of [false, true]) {
        const out = new Float64Array(x.length).fill(UNTOUCHED);
        exactWindows(out, x, f, N, mean, false);
        let t = 0n;
        let rest = 0;
        let odd = 0;
        let bad = 0;
        for (let i = f; i < x.length; i++) {
          const kind = (v: number) => (v !== v ? "nan" : Number.isInteger(v) ? "whole" : "seventh");
          const v = x[i]!;
          if (kind(v) === "whole") t += BigInt(v);
          else if (kind(v) === "nan") bad++;
          else [rest, odd] = [rest + v, odd + 1];
          if (i - N >= f) {
            const o = x[i - N]!;
            if (kind(o) === "whole") t -= BigInt(o);
            else if (kind(o) === "nan") bad--;
            else [rest, odd] = [rest - o, odd - 1];
          }
          if (odd === 0) rest = 0;
          const expected = mean ? (i - f < N - 1 ? UNTOUCHED : bad > 0 ? NaN : odd === 0 ? nearest(t, BigInt(N)) : (Number(t) + rest) / N) : odd === 0 ? Number(t) : Number(t) + rest;
          if (!sameBits(out[i]!, expected)) assert.fail(`${mean ? "MA" : "SUM"}(${N}) bar ${i}: ${out[i]} vs ${expected}`);
        }
      }
    }),
    { numRuns: 150 },
  );
});

test("exactWindows, windowTotal and weightedWindows: cents too large for the finest scale's cap are still read at the scale of cents (1e7 to 5e11 with two decimals)", () => {
  // the rule reads a value at the finest scale the window needs, within that scale's cap: 541540801.45 is
  // 54154080145 cents (far below 2^46) though not within the cap at 3·10^6 units
  const cents = fc.array(fc.tuple(fc.integer({ min: 1_000_000_000, max: 50_000_000_000_000 }), fc.boolean()), { minLength: 1, maxLength: 40 });
  fc.assert(
    fc.property(cents, fc.integer({ min: 1, max: 6 }), (draws, N) => {
      const q = draws.map(([c, neg]) => BigInt(neg ? -c : c));
      const x = Float64Array.from(q, (c) => Number(c) / 100);
      const n = x.length;
      const ma = new Float64Array(n).fill(UNTOUCHED);
      const sum = new Float64Array(n).fill(UNTOUCHED);
      exactWindows(ma, x, 0, N, true, false);
      exactWindows(sum, x, 0, N, false, false);
      for (let i = 0; i < n; i++) {
        const lo = Math.max(0, i - N + 1);
        const total = q.slice(lo, i + 1).reduce((a, b) => a + b, 0n);
        if (i >= N - 1) assert.ok(sameBits(ma[i]!, nearest(total, 100n * BigInt(N))), `MA bar ${i}: ${ma[i]} vs ${nearest(total, 100n * BigInt(N))}`);
        assert.ok(sameBits(sum[i]!, nearest(total, 100n)), `SUM bar ${i}: ${sum[i]} vs ${nearest(total, 100n)}`);
        assert.ok(sameBits(windowTotal(x, lo, i, i - lo + 1, false), nearest(total, 100n * BigInt(i - lo + 1))), `windowTotal bar ${i}`);
      }
      const weights = BigInt((N * (N + 1)) / 2);
      const wma = new Float64Array(n).fill(UNTOUCHED);
      assert.equal(weightedWindows(wma, x, 0, N), true, "every value is decimal at cents within the cap of the weights");
      for (let i = N - 1; i < n; i++) {
        let W = 0n;
        for (let k = 1; k <= N; k++) W += BigInt(k) * q[i - N + k]!;
        assert.ok(sameBits(wma[i]!, nearest(W, 100n * weights)), `WMA bar ${i}: ${wma[i]} vs ${nearest(W, 100n * weights)}`);
      }
    }),
    { seed: 2711, numRuns: 300 },
  );
  // the case that showed it: MA(X,2) of 541540801.45 and 669286010.35 is 121082681180 cents / 200
  const out = new Float64Array(2);
  exactWindows(out, Float64Array.from([541540801.45, 669286010.35]), 0, 2, true, false);
  assert.equal(out[1], 605413405.9);
});
