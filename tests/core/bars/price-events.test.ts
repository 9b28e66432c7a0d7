import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { float32Decimal, priceEvents } from "../../../core/bars/price-events.ts";
import { roundHalfUp } from "../../../core/bars/round.ts";
import { dividend } from "./build.ts";
import { defined } from "../../support/defined.ts";

test("float32 values read back as the published decimals", () => {
  assert.equal(float32Decimal(Math.fround(3.62)), 3.62);
  assert.equal(float32Decimal(Math.fround(1.2)), 1.2);
  assert.equal(float32Decimal(Math.fround(3.018547)), 3.018547);
  // not a float32: a hand-built value is kept
  assert.equal(float32Decimal(0.1 + 0.2), 0.1 + 0.2);
  assert.equal(float32Decimal(0), 0);
});

test("property: float32Decimal is exact for decimals of up to 6 significant digits", () => {
  fc.assert(
    fc.property(fc.integer({ min: 1, max: 999_999 }), fc.integer({ min: 0, max: 5 }), (digits, scale) => {
      const x = digits / 10 ** scale;
      assert.equal(float32Decimal(Math.fround(x)), x);
    }),
  );
});

test("only category 1 moves prices; m and c per design doc 7.2; ordered by ex-date", () => {
  const ev = priceEvents([
    { date: 20250630, category: 5, c1: 1, c2: 2, c3: 3, c4: 4 },
    dividend(20250612, 3.62),
    dividend(19900301, 0, 0, 1, 3.56),
    { date: 20060101, category: 11, c1: 0, c2: 0, c3: 2, c4: 0 },
  ]);
  assert.deepEqual(
    ev.map((e) => e.date),
    [19900301, 20250612],
  );
  // 1990 rights issue: 1 share per 10 at 3.56 → m = 1.1, c = −0.356
  const rights = defined(ev[0], "the 1990 rights issue");
  assert.equal(rights.m, 1.1);
  assert.equal(roundHalfUp(rights.c, 6), -0.356);
  assert.deepEqual([ev[1]?.m, ev[1]?.c], [1, 0.362]);
});

test("records that cannot be real events are dropped", () => {
  assert.equal(priceEvents([dividend(20200101, NaN), dividend(20200102, 0, -20)]).length, 0);
});
