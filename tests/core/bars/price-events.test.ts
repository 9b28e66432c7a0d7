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

test("a multiplier of exactly 0 or an infinite value is no real event either", () => {
  assert.equal(priceEvents([dividend(20200101, 0, -10)]).length, 0, "m = (10 − 10) / 10 = 0");
  assert.equal(priceEvents([dividend(20200101, 0, Number.POSITIVE_INFINITY)]).length, 0, "m infinite");
  assert.equal(priceEvents([dividend(20200101, Number.POSITIVE_INFINITY)]).length, 0, "c infinite");
  assert.equal(priceEvents([dividend(20200101, 0, 0, 1, Number.NEGATIVE_INFINITY)]).length, 0, "rights price infinite");
  assert.equal(priceEvents([dividend(20200101, 0, -9.99)]).length, 1, "m = 0.001 is kept");
});

test("property: category-1 records come out stably sorted by ex-date, with m and c from design doc 7.2", () => {
  fc.assert(
    fc.property(fc.array(fc.record({ d: fc.integer({ min: 0, max: 5 }), cat: fc.constantFrom(1, 1, 2, 11), cash: fc.integer({ min: 0, max: 99 }), bonus: fc.integer({ min: 0, max: 20 }) })), (rs) => {
      const recs = rs.map((r) => ({ ...dividend(20240101 + r.d, r.cash, r.bonus), category: r.cat }));
      const want = recs
        .map((r, k) => ({ r, k }))
        .filter(({ r }) => r.category === 1)
        .sort((a, b) => a.r.date - b.r.date || a.k - b.k)
        .map(({ r }) => [r.date, (10 + r.c3) / 10, r.c1 / 10]);
      assert.deepEqual(
        priceEvents(recs).map((e) => [e.date, e.m, e.c]),
        want,
      );
    }),
  );
});

test("float32Decimal keeps zero's sign, and a float32 no 8-digit decimal reads back as", () => {
  assert.ok(Object.is(float32Decimal(-0), -0), "−0 stays −0");
  // float32(0.100000024) = 0.10000002384185791 needs 9 significant digits: not a published figure, kept as it is.
  const nine = Math.fround(0.100000024);
  assert.equal(float32Decimal(nine), nine);
  assert.ok(Number.isNaN(float32Decimal(Number.NaN)), "NaN stays NaN");
});
