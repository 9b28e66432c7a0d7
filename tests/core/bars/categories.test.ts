import { test } from "node:test";
import assert from "node:assert/strict";
import { BAR_CATEGORIES, BAR_CATEGORY_NAMES, isIntraday } from "../../../core/bars/categories.ts";

test("every API category has its own spec: MIN_120 pairs two requested bars, minute categories key on datetime", () => {
  assert.deepEqual(Object.keys(BAR_CATEGORIES), [...BAR_CATEGORY_NAMES], "one spec per name, in period order");
  for (const name of BAR_CATEGORY_NAMES) {
    const c = BAR_CATEGORIES[name];
    assert.equal(c.name, name, `${name}: name`);
    assert.equal(c.barsPerBar, name === "MIN_120" ? 2 : 1, `${name}: bars per bar`);
    assert.equal(c.timeKey, name.startsWith("MIN_") ? "datetime" : "date", `${name}: time key`);
    assert.equal(isIntraday(name), name.startsWith("MIN_"), `${name}: intraday`);
    assert.equal(c.minutes, name.startsWith("MIN_") ? Number(name.slice(4)) : null, `${name}: minutes`);
  }
  assert.equal(BAR_CATEGORIES.MIN_1.request, 8, "MIN_1 asks for 8 (7 is the extended-market variant)");
  assert.equal(BAR_CATEGORIES.DAY.request, 4, "DAY asks for 4 (volume in shares)");
});

test("each category requests pytdx's K-line type for its period (pytdx params.py KLINE_TYPE_*), with the other ids of the same period as variants", () => {
  // pytdx: 5MIN 0, 15MIN 1, 30MIN 2, 1HOUR 3, DAILY 4, WEEKLY 5, MONTHLY 6, EXHQ_1MIN 7, 1MIN 8, RI_K (daily, lots) 9, 3MONTH 10, YEARLY 11.
  const want: Record<string, [number, number[]]> = {
    MIN_1: [8, [7]],
    MIN_5: [0, []],
    MIN_15: [1, []],
    MIN_30: [2, []],
    MIN_60: [3, []],
    MIN_120: [3, []],
    DAY: [4, [9]],
    WEEK: [5, []],
    MONTH: [6, []],
    SEASON: [10, []],
    YEAR: [11, []],
  };
  for (const name of BAR_CATEGORY_NAMES) assert.deepEqual([BAR_CATEGORIES[name].request, [...BAR_CATEGORIES[name].variants]], want[name], name);
});
