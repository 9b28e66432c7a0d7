import { test } from "node:test";
import assert from "node:assert/strict";
import { BAR_CATEGORIES, BAR_CATEGORY_NAMES, TDX_CATEGORIES } from "../../../core/bars/categories.ts";
import { specVolumeScale } from "../../../core/bars/volume-units.ts";

test("every API category requests a TDX category of its own period (MIN_120 via MIN_60 pairs)", () => {
  assert.deepEqual(Object.keys(BAR_CATEGORIES), [...BAR_CATEGORY_NAMES]);
  for (const name of BAR_CATEGORY_NAMES) {
    const c = BAR_CATEGORIES[name];
    const period = TDX_CATEGORIES[c.request].period;
    assert.equal(period, name === "MIN_120" ? "MIN_60" : name);
    assert.equal(c.barsPerBar, name === "MIN_120" ? 2 : 1);
    for (const v of c.variants) assert.equal(TDX_CATEGORIES[v].period, name);
    assert.equal(c.timeKey, name.startsWith("MIN_") ? "datetime" : "date");
  }
  assert.equal(BAR_CATEGORIES.MIN_1.request, 8);
  assert.equal(BAR_CATEGORIES.DAY.request, 4);
  assert.deepEqual(
    TDX_CATEGORIES.map((c) => c.id),
    [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11],
  );
});

test("stock volume ends in shares: category 4 as is, 9 and weekly-or-longer × 100", () => {
  // SH 600000 on 2026-08-20: category 4 sent 67,301,816, category 9 sent 673,018.
  assert.equal(67_301_816 * specVolumeScale(4, "stock"), 67_301_816);
  assert.equal(673_018 * specVolumeScale(9, "stock"), 67_301_800);
  for (const id of [5, 6, 10, 11]) assert.equal(specVolumeScale(id, "stock"), 100);
  for (const id of [0, 1, 2, 3, 7, 8]) assert.equal(specVolumeScale(id, "stock"), 1);
});

test("index volume: lots for daily and longer, none for minute bars", () => {
  assert.equal(specVolumeScale(4, "index"), 1);
  for (const id of [5, 6, 9, 10, 11]) assert.equal(specVolumeScale(id, "index"), 100);
  for (const id of [0, 1, 2, 3, 7, 8]) assert.ok(Number.isNaN(5 * specVolumeScale(id, "index")));
  assert.throws(() => specVolumeScale(12, "stock"), RangeError);
  assert.throws(() => specVolumeScale(-1, "stock"), RangeError);
});
