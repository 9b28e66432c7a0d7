// pick: one item of a table per draw of the generator, uniform over the table by the draw's
// position in [0, 1); an empty table is a RangeError, never undefined.
import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { pick } from "../../../apps/tdx-sim/demo/prng.ts";

test("pick takes item floor(u × length) for a draw u, with exactly one draw", () => {
  fc.assert(
    fc.property(fc.array(fc.string(), { minLength: 1, maxLength: 20 }), fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), (items, u) => {
      let draws = 0;
      const item = pick(items, () => (draws++, u));
      assert.equal(draws, 1, "one draw per pick");
      assert.equal(item, items[Math.floor(u * items.length)]);
    }),
  );
});

test("pick reaches the first and the last item at the ends of [0, 1)", () => {
  const items = ["a", "b", "c"];
  assert.equal(
    pick(items, () => 0),
    "a",
  );
  assert.equal(
    pick(items, () => 1 - 2 ** -53),
    "c",
  );
});

test("pick from an empty table throws", () => {
  assert.throws(() => pick([], () => 0.5), RangeError);
});
