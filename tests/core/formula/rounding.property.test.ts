/**
 * ROUND and ROUND2 (core/formula/LANGUAGE.md §3.6; half away from zero, core/formula/catalog/maths.ts)
 * against an exact reference: the value's shortest decimal (JavaScript's String(v)) rounded half
 * away from zero at N places in BigInt arithmetic. Decimals of up to 14 significant digits, whose
 * nearest double reads back as that decimal: a decimal half (2.675, stored as 2.67499…) is a half,
 * and every other decimal is at least 22 ε·y from one, beyond the 2 ε·y slack plus the noise (at
 * 15 digits a decimal can lie within that slack of a half: 9489434551.89145·10^5 is stored one ulp
 * above its integer and three below the half; and with N > 0, past 2^51 the scaled value holds no
 * fraction finer than a half, so ROUND2 cannot tell a half from noise there); large values too, up to 10^18 and past 2^52 where
 * every double is an integer: an integer rounds to itself (ROUND(3.5e15) is 3.5e15, not 3.5e15+6),
 * and so does a cumulative turnover ROUND(SUM(AMOUNT,0)).
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { calc } from "./helpers.ts";

/** The shortest decimal of v as sign, digits and places: String(v), exponent notation included. */
function decimalOf(v: number): { neg: boolean; digits: bigint; places: number } {
  const [mant, exp = "0"] = String(Math.abs(v)).split("e");
  const [whole, frac = ""] = mant!.split(".");
  let places = frac.length - Number(exp);
  let digits = BigInt(whole! + frac);
  if (places < 0) {
    digits *= 10n ** BigInt(-places);
    places = 0;
  }
  return { neg: v < 0 || Object.is(v, -0), digits, places };
}

/** The exact reference: v's decimal rounded half away from zero to n places, read as a double. */
function reference(v: number, n: number): number {
  const { neg, digits, places } = decimalOf(v);
  if (places <= n) return v;
  const q = 10n ** BigInt(places - n);
  const r = (digits + q / 2n) / q;
  const out = Number(`${r}e-${n}`);
  return neg ? -out : out;
}

const same = (a: number, b: number) => a === b || (a === 0 && b === 0);

function check(values: readonly number[], n: number): void {
  const got = calc(n === 0 ? "ROUND(C)" : `ROUND2(C,${n})`, { close: values });
  values.forEach((v, i) => assert.ok(same(got[i]!, reference(v, n)), `ROUND2(${v},${n}) = ${got[i]}, expected ${reference(v, n)}`));
}

/** A decimal with up to 14 significant digits and 0 to 8 places, either sign. */
const decimal = fc
  .record({ digits: fc.bigInt({ min: 0n, max: 10n ** 14n - 1n }), places: fc.integer({ min: 0, max: 8 }), neg: fc.boolean() })
  .map(({ digits, places, neg }) => Number(`${neg ? "-" : ""}${digits}e-${places}`));

/** A decimal ending in 5 at one place past the rounding: an exact half, the case the slack is for. */
const half = fc
  .record({ digits: fc.bigInt({ min: 0n, max: 10n ** 13n - 1n }), places: fc.integer({ min: 1, max: 7 }), neg: fc.boolean() })
  .map(({ digits, places, neg }) => ({ n: places - 1, v: Number(`${neg ? "-" : ""}${digits * 10n + 5n}e-${places}`) }));

test("ROUND2 is half away from zero on the value's decimal: the documented cases", () => {
  check([2.675, 1.005, 0.285, 1.115, 8.345, 1.0049999, -2.675, -1.005, 1.234, -1.234], 2);
  check([2.5, -2.5, 0.5, -0.5, 2.4, 1e15 + 0.5, 3.5e15, 2 ** 52 + 1, 2 ** 53 + 2, 1e18, -3.5e15, 123456789012.5], 0);
});

test("ROUND2 equals the exact decimal rounding for decimals of up to 14 significant digits", () => {
  fc.assert(
    fc.property(fc.array(decimal, { minLength: 1, maxLength: 40 }), fc.integer({ min: 0, max: 6 }), (values, n) =>
      // past 2^51 a scaled double holds no fraction finer than a half, so v·10^N cannot tell a half from its noise
      check(
        values.filter((v) => n === 0 || Math.abs(v) * 10 ** n < 2 ** 51),
        n,
      ),
    ),
    { numRuns: 300 },
  );
});

test("a decimal half rounds away from zero at every magnitude below 10^14", () => {
  fc.assert(
    fc.property(half, ({ n, v }) => check([v, -v], n)),
    { numRuns: 500 },
  );
});

test("an integer, however large, rounds to itself, and so does every value past 2^52", () => {
  const integer = fc.bigInt({ min: -(10n ** 18n), max: 10n ** 18n }).map((b) => Number(b));
  const huge = fc.double({ min: 2 ** 52, max: 1e300, noNaN: true });
  fc.assert(
    fc.property(fc.array(fc.oneof(integer, huge), { minLength: 1, maxLength: 40 }), (values) => check(values, 0)),
    { numRuns: 300 },
  );
});

test("ROUND(SUM(AMOUNT,0)) of an index's turnover is the sum itself (an integer near 3.6e15)", () => {
  const amount = Array.from({ length: 8000 }, (_, i) => 4.5e11 + (i % 7) * 1e9);
  const total = calc("SUM(AMOUNT,0)", { close: amount.map(() => 10), amount });
  const rounded = calc("ROUND(SUM(AMOUNT,0))", { close: amount.map(() => 10), amount });
  assert.ok(total[7999]! > 2 ** 51);
  assert.deepEqual(Array.from(rounded), Array.from(total));
});
