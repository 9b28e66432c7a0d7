import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { roundAdjusted, roundHalfUp } from "../../../core/bars/round.ts";

test("half away from zero, not banker's", () => {
  assert.equal(roundHalfUp(9.625, 2), 9.63);
  assert.equal(roundHalfUp(0.125, 2), 0.13);
  assert.equal(roundHalfUp(-260.975, 2), -260.98);
  assert.equal(roundHalfUp(1.0049, 2), 1);
  assert.equal(roundHalfUp(2.5, 0), 3);
  assert.ok(Number.isNaN(roundHalfUp(NaN, 2)), "Number.isNaN(roundHalfUp(NaN, 2))");
});

test("property: result is on the grid, within half a unit, and odd-symmetric", () => {
  fc.assert(
    fc.property(fc.double({ min: -1e6, max: 1e6, noNaN: true }), fc.integer({ min: 0, max: 4 }), (x, d) => {
      const r = roundHalfUp(x, d);
      const unit = 10 ** -d;
      assert.ok(Math.abs(r - x) <= unit * (0.5 + 1e-6) + 1e-9 * Math.max(1, Math.abs(x)), "Math.abs(r - x) <= unit * (0.5 + 1e-6) + 1e-9 * Math.max(1, Math.abs(x))");
      assert.ok(Math.abs(r * 10 ** d - Math.round(r * 10 ** d)) < 1e-6, "Math.abs(r * 10 ** d - Math.round(r * 10 ** d)) < 1e-6");
      assert.equal(roundHalfUp(-x, d) + 0, -r + 0); // + 0 folds −0 into 0
    }),
  );
});

test("adjusted prices round as the TDX terminal shows them: to 1/10,000 yuan first, then half away from zero", () => {
  // Exact affine values and the terminal's 前复权 prices: SH 600000 2009-05-15 low and 2007-01-29 high (exports, issue 17),
  // 600519 2006-05-26 open (injoyai/tdx's terminal-checked test values).
  assert.equal(roundAdjusted(6.7649996, 100), 6.77);
  assert.equal(roundAdjusted(5.3149704, 100), 5.32);
  assert.equal(roundAdjusted(-260.9749541697972, 100), -260.98);
  assert.equal(roundHalfUp(5.3149704, 2), 5.31, "a single rounding is a cent lower there");
  // Further below the half the terminal rounds down, as a single rounding does.
  assert.equal(roundAdjusted(6.76494, 100), 6.76);
  assert.equal(roundAdjusted(-260.97494, 100), -260.97);
  assert.equal(roundAdjusted(9.625, 100), 9.63);
  assert.equal(roundAdjusted(1.23456, 1000), 1.235);
  assert.equal(roundAdjusted(1.2345, 100_000), 1.2345, "at 1/10,000 or finer: one rounding");
  assert.ok(Number.isNaN(roundAdjusted(NaN, 100)));
});

test("property: the terminal's rounding equals rounding the 1/10,000 value, and differs from one rounding only within 5e-5 below a half", () => {
  fc.assert(
    fc.property(fc.integer({ min: -10_000_000, max: 10_000_000 }), fc.double({ min: 0, max: 1, noNaN: true }), fc.constantFrom(100, 1000), (units, frac, scale) => {
      const x = (units + frac) / scale;
      const adjusted = roundAdjusted(x, scale);
      // + 0 folds -0 into 0: a tiny negative rounds to -0 on one path and 0 on the other, equal as numbers and in JSON.
      assert.equal(adjusted + 0, roundHalfUp(roundHalfUp(x, 4), Math.log10(scale)) + 0, `${x}`);
      const single = roundHalfUp(x, Math.log10(scale));
      if (adjusted !== single) {
        const toHalf = 0.5 / scale - Math.abs(x - Math.trunc(x * scale) / scale); // magnitude short of the half unit
        assert.ok(toHalf > 0 && toHalf < 5e-5 + 1e-9, `${x}: ${single} → ${adjusted}`);
        assert.ok(Math.abs(Math.abs(adjusted) - Math.abs(single) - 1 / scale) < 1e-9, "one unit away from zero");
      }
    }),
  );
});

test("property: the second step of the terminal's rounding is exact at the half, for prices up to 100,000 yuan (integer arithmetic as the reference)", () => {
  fc.assert(
    fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.constantFrom(-1, 0, 1), fc.constantFrom(100, 1000), fc.boolean(), (q, r, scale, negative) => {
      const step = 10_000 / scale;
      // a value in 1/10,000 yuan just below, on or just above a half unit of 1/scale
      const k = q * step + step / 2 + r;
      const x = (negative ? -k : k) / 10_000;
      const units = Math.floor((2 * k + step) / (2 * step)); // half away from zero on the magnitude, in integers
      assert.equal(roundAdjusted(x, scale), (negative ? -units : units) / scale, `${x} at 1/${scale}`);
    }),
    { numRuns: 2000 },
  );
});

test("property: a decimal ending in 5 one place past the grid rounds away from zero, whatever binary double stands for it", () => {
  // core/bars/round.ts: half away from zero on the decimal meant, not on its binary neighbour (0.145, 1.005,
  // 2.675 are all stored a little below the half). The decimal is written out as text, so the expected
  // result is read from its digits, not computed in doubles.
  fc.assert(
    fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.constantFrom(0, 1, 2, 3), fc.boolean(), (units, d, negative) => {
      const digits = String(units).padStart(d + 1, "0");
      const text = `${negative ? "-" : ""}${digits.slice(0, digits.length - d)}${d > 0 ? "." : ""}${digits.slice(digits.length - d)}5`;
      const x = Number(d > 0 ? text : `${text.slice(0, -1)}.5`);
      const up = (units + 1) / 10 ** d;
      assert.equal(roundHalfUp(x, d), negative ? -up : up, text);
    }),
    { numRuns: 3000 },
  );
  for (const [x, r] of [
    [0.145, 0.15],
    [1.005, 1.01],
    [2.675, 2.68],
    [-1.005, -1.01],
  ] as const)
    assert.equal(roundHalfUp(x, 2), r, `${x}`);
});
