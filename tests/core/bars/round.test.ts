import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { ADJUSTED_PRICE_BIAS, roundAdjusted, roundHalfUp } from "../../../core/bars/round.ts";

test("half away from zero, not banker's", () => {
  assert.equal(roundHalfUp(9.625, 2), 9.63);
  assert.equal(roundHalfUp(0.125, 2), 0.13);
  assert.equal(roundHalfUp(-260.975, 2), -260.98);
  assert.equal(roundHalfUp(1.0049, 2), 1);
  assert.equal(roundHalfUp(2.5, 0), 3);
  assert.ok(Number.isNaN(roundHalfUp(NaN, 2)));
});

test("property: result is on the grid, within half a unit, and odd-symmetric", () => {
  fc.assert(
    fc.property(fc.double({ min: -1e6, max: 1e6, noNaN: true }), fc.integer({ min: 0, max: 4 }), (x, d) => {
      const r = roundHalfUp(x, d);
      const unit = 10 ** -d;
      assert.ok(Math.abs(r - x) <= unit * (0.5 + 1e-6) + 1e-9 * Math.max(1, Math.abs(x)));
      assert.ok(Math.abs(r * 10 ** d - Math.round(r * 10 ** d)) < 1e-6);
      assert.equal(roundHalfUp(-x, d) + 0, -r + 0); // + 0 folds −0 into 0
    }),
  );
});

test("adjusted prices round as the TDX terminal exports them: values just below a half-cent go up", () => {
  // Exact affine values of SH 600000 and the terminal's exported 前复权 prices (issue 17): 2009-05-15 low, 2007-01-29 high.
  assert.equal(roundAdjusted(6.7649996, 100), 6.77);
  assert.equal(roundAdjusted(5.3149704, 100), 5.32);
  assert.equal(roundHalfUp(5.3149704, 2), 5.31, "plain half-up is a cent lower there");
  // Further below the half the terminal rounds down, as plain rounding does (18,651 of 18,668 exported prices).
  assert.equal(roundAdjusted(6.7649, 100), 6.76);
  assert.equal(roundAdjusted(5.3149, 100), 5.31);
  assert.equal(roundAdjusted(9.625, 100), 9.63);
});

test("property: an adjusted price differs from plain half-up only within the bias below a half-cent", () => {
  fc.assert(
    fc.property(fc.integer({ min: 1, max: 10_000_000 }), fc.double({ min: 0, max: 1, noNaN: true }), (cents, frac) => {
      const x = (cents + frac) / 100;
      const plain = roundHalfUp(x, 2);
      const adjusted = roundAdjusted(x, 100);
      const below = 0.005 - (x - Math.floor(x * 100) / 100); // distance to the next half-cent above
      if (adjusted !== plain) {
        assert.ok(below > 0 && below <= ADJUSTED_PRICE_BIAS + 1e-9, `${x}: ${plain} → ${adjusted}`);
        assert.ok(Math.abs(adjusted - plain - 0.01) < 1e-9, "one cent up");
      }
    }),
  );
});
