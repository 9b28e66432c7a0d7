// barAt: one bar of a columnar series as a record, every field from its own column, and a
// RangeError (never a record of undefined) for an index outside the series.
import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { allocSeries, barAt, type BarSeries, concatSeries, copySeries, sliceSeries } from "../../../core/bars/series.ts";

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

/** Bars [from, to) of `s` by a plain re-statement: indices clamped into the series, none when to ≤ from. */
function plainSlice(s: BarSeries, from: number, to: number): number[][] {
  const out: number[][] = [];
  for (let i = Math.max(0, from); i < Math.min(to, s.length); i++) out.push(FIELDS.map((f) => s[f][i]!));
  return out;
}
const rowsOf = (s: BarSeries) => Array.from({ length: s.length }, (_, i) => FIELDS.map((f) => s[f][i]!));

test("property: sliceSeries and copySeries hold bars [from, to) clamped into the series; a slice shares the buffers, a copy does not", () => {
  fc.assert(
    fc.property(fc.integer({ min: 0, max: 12 }), fc.integer({ min: -3, max: 15 }), fc.integer({ min: -3, max: 15 }), (n, from, to) => {
      const s = numbered(n);
      const want = plainSlice(s, from, to);
      const v = sliceSeries(s, from, to);
      const c = copySeries(s, from, to);
      for (const x of [v, c]) {
        assert.equal(x.length, want.length, "length");
        for (const f of FIELDS) assert.equal(x[f].length, want.length, `${f} length`);
        assert.deepEqual(rowsOf(x), want);
      }
      for (const f of FIELDS) {
        assert.equal(v[f].buffer, s[f].buffer, `a slice's ${f} is a view`);
        assert.notEqual(c[f].buffer, s[f].buffer, `a copy's ${f} is its own`);
      }
      assert.deepEqual(rowsOf(sliceSeries(s, from)), plainSlice(s, from, n), "to defaults to the end");
      assert.deepEqual(rowsOf(copySeries(s)), rowsOf(s), "a copy defaults to the whole series");
    }),
  );
});

test("property: concatSeries lays parts end to end; a single part is returned as is", () => {
  fc.assert(
    fc.property(fc.array(fc.integer({ min: 0, max: 6 }), { maxLength: 5 }), (sizes) => {
      const parts = sizes.map((n, k) => {
        const s = numbered(n);
        for (const f of FIELDS) for (let i = 0; i < n; i++) s[f][i] = s[f][i]! + k * 1000;
        return s;
      });
      const all = concatSeries(parts);
      assert.deepEqual(rowsOf(all), parts.flatMap(rowsOf));
      assert.equal(
        all.length,
        parts.reduce((a, p) => a + p.length, 0),
        "length",
      );
      if (parts.length === 1) assert.equal(all, parts[0], "the single part itself");
    }),
  );
  assert.equal(concatSeries([]).length, 0, "no parts, no bars");
});

test("allocSeries gives n zero bars in every field", () => {
  const s = allocSeries(3);
  assert.equal(s.length, 3);
  for (const f of FIELDS) assert.deepEqual(Array.from(s[f]), [0, 0, 0], f);
});

test("barAt's error names the index and the series' length", () => {
  assert.throws(() => barAt(numbered(3), 3), { name: "RangeError", message: "bar 3 of a series of 3" });
});
