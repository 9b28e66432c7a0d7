/**
 * larger (core/formula/kernels/select.ts) is Math.max bit for bit, on every kind of double: zeros of
 * both signs, infinities, NaN, subnormals and the largest finite values.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { larger } from "../../../../core/formula/kernels/select.ts";

const special = fc.constantFrom(0, -0, Infinity, -Infinity, NaN, Number.MIN_VALUE, -Number.MIN_VALUE, Number.MAX_VALUE, -Number.MAX_VALUE, 1, -1);
const number = fc.oneof(special, fc.double(), fc.integer({ min: -3, max: 3 }));
const show = (v: number) => (Object.is(v, -0) ? "-0" : String(v));

test("larger(a, b) is Math.max(a, b), bit for bit", () => {
  fc.assert(
    fc.property(number, number, (a, b) => {
      assert.ok(Object.is(larger(a, b), Math.max(a, b)), `larger(${show(a)}, ${show(b)}) = ${show(larger(a, b))}, Math.max ${show(Math.max(a, b))}`);
    }),
    { numRuns: 20_000 },
  );
});

test("larger on every pair of the special values", () => {
  const values = [0, -0, Infinity, -Infinity, NaN, Number.MIN_VALUE, -Number.MAX_VALUE, 2.5, -2.5];
  for (const a of values) {
    for (const b of values) {
      assert.ok(Object.is(larger(a, b), Math.max(a, b)), `larger(${show(a)}, ${show(b)})`);
    }
  }
});
