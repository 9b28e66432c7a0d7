import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { roundHalfUp } from "../../../core/bars/round.ts";

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
