// barAt: one bar of a columnar series as a record, every field from its own column, and a
// RangeError (never a record of undefined) for an index outside the series.
import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { allocSeries, barAt, type BarSeries } from "../../../core/bars/series.ts";

const FIELDS = ["time", "open", "high", "low", "close", "vol", "amount"] as const;

/** A series whose every cell is distinct (field k of bar i holds i * 10 + k), so a field read from the wrong column or row shows. */
function numbered(n: number): BarSeries {
  const s = allocSeries(n);
  for (let i = 0; i < n; i++) FIELDS.forEach((f, k) => (s[f][i] = i * 10 + k));
  return s;
}

test("barAt reads bar i from each field's own column", () => {
  fc.assert(
    fc.property(
      fc.integer({ min: 1, max: 50 }).chain((n) => fc.tuple(fc.constant(n), fc.integer({ min: 0, max: n - 1 }))),
      ([n, i]) => {
        const bar = barAt(numbered(n), i);
        assert.deepEqual(bar, Object.fromEntries(FIELDS.map((f, k) => [f, i * 10 + k])));
      },
    ),
  );
});

test("barAt keeps a missing value (NaN) as NaN", () => {
  const s = numbered(2);
  s.close[1] = Number.NaN;
  assert.ok(Number.isNaN(barAt(s, 1).close), "a NaN close stays NaN");
});

test("barAt throws a RangeError outside the series, for fractions and for an empty series", () => {
  const s = numbered(3);
  for (const i of [-1, 3, 4, 0.5, Number.NaN]) assert.throws(() => barAt(s, i), RangeError, `index ${i}`);
  assert.throws(() => barAt(allocSeries(0), 0), RangeError);
});
