/** The parameter grid as the research forms edit it: lists typed as text, read with each parameter's type, blank lists left out of the grid. */
import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import type { StrategyInfo, StrategyParamInfo } from "../../apps/web/src/api/backtest-types.ts";
import { gridOf, gridSize, parseValues, presetTexts, searchable } from "../../apps/web/src/research/param-grid.ts";

const P = (name: string, type: StrategyParamInfo["type"], extra: Partial<StrategyParamInfo> = {}): StrategyParamInfo => ({ name, type, default: null, label: name, ...extra });

const maCross: StrategyInfo = {
  name: "ma_cross",
  label: "双均线交叉",
  description: "",
  params: [P("fast", "int", { default: 5, min_value: 1, max_value: 250 }), P("slow", "int", { default: 20, min_value: 2, max_value: 250 })],
  preset_grid: { fast: [5, 10, 20], slow: [20, 60] },
};

test("a list is read with its parameter's type: whole numbers, decimals, switches, choices", () => {
  assert.deepEqual(parseValues(P("n", "int"), "5, 10 20；30"), { values: [5, 10, 20, 30], bad: [], outside: [] });
  assert.deepEqual(parseValues(P("n", "int"), "5 2.5 x 5").bad, ["2.5", "x"]);
  assert.deepEqual(parseValues(P("n", "int"), "5 2.5 x 5").values, [5], "repeated values count once");
  assert.deepEqual(parseValues(P("k", "float"), "1.5,2，2.5").values, [1.5, 2, 2.5]);
  assert.deepEqual(parseValues(P("on", "bool"), "true FALSE 1 0 yes"), { values: [true, false], bad: ["yes"], outside: [] });
  assert.deepEqual(parseValues(P("mode", "str", { choices: ["trend", "reversion"] }), "trend revert"), { values: ["trend"], bad: ["revert"], outside: [] });
  assert.deepEqual(parseValues(P("n", "int"), "   ").values, []);
});

test("values out of bounds are kept and flagged: the server skips their points", () => {
  const p = P("n", "int", { min_value: 2, max_value: 100 });
  assert.deepEqual(parseValues(p, "1 2 100 101"), { values: [1, 2, 100, 101], bad: [], outside: [1, 101] });
});

test("the grid holds the lists given; a blank list leaves its parameter fixed; bad lists are named", () => {
  assert.deepEqual(gridOf(maCross, { fast: "5 10", slow: "" }), { grid: { fast: [5, 10] }, bad: [] });
  assert.deepEqual(gridOf(maCross, { fast: "5 x", slow: "20" }), { grid: { fast: [5], slow: [20] }, bad: ["fast"] });
  assert.deepEqual(gridOf(maCross, { other: "1 2" }), { grid: {}, bad: [] }, "lists of parameters the strategy lacks are ignored");
});

test("the preset grid as text, and free-text parameters (a formula) never searched", () => {
  assert.deepEqual(presetTexts(maCross), { fast: "5, 10, 20", slow: "20, 60" });
  const formula: StrategyInfo = { ...maCross, params: [P("formula", "str"), P("mode", "str", { choices: ["a", "b"] })], preset_grid: {} };
  assert.deepEqual(
    searchable(formula).map((p) => p.name),
    ["mode"],
  );
  assert.deepEqual(presetTexts(formula), { mode: "" });
  assert.deepEqual(gridOf(maCross, presetTexts(maCross)).grid, { fast: [5, 10, 20], slow: [20, 60] });
});

test("a grid's size is the product of its lists' lengths (1 for an empty grid)", () => {
  assert.equal(gridSize({}), 1);
  fc.assert(
    fc.property(fc.dictionary(fc.string({ minLength: 1, maxLength: 4 }), fc.array(fc.integer(), { minLength: 1, maxLength: 6 }), { maxKeys: 4 }), (grid) => {
      assert.equal(
        gridSize(grid),
        Object.values(grid).reduce((n, v) => n * v.length, 1),
      );
    }),
  );
});
