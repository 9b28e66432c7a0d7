/** An optimisation's ranking as a heatmap over two parameters: the cells (the others held at the best point, or folded to their best or mean) and the chart option. */
import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import type { RankingRow } from "../../apps/web/src/api/research-types.ts";
import { heatmapOption } from "../../apps/web/src/charts/heatmap-option.ts";
import type { Palette } from "../../apps/web/src/charts/palette.ts";
import { axisValues, heatmapCells, variedParams } from "../../apps/web/src/research/heatmap-cells.ts";

const palette: Palette = { up: "#e00", down: "#0a0", text: "#111", muted: "#777", grid: "#ccc", panel: "#fff", accent: "#00f", pivot: "#fa0", series: ["#1"] };
type AnyOption = Record<string, any>;

/** A 2 × 2 × 2 grid (fast, slow, k) ranked best first by sharpe; one point rejected, one without a Sharpe ratio. */
const rows: RankingRow[] = [
  { rank: 1, fast: 10, slow: 60, k: 2, sharpe: 1.5 },
  { rank: 2, fast: 5, slow: 60, k: 2, sharpe: 1.0 },
  { rank: 3, fast: 10, slow: 60, k: 1, sharpe: 0.5 },
  { rank: 4, fast: 5, slow: 20, k: 1, sharpe: 0.2 },
  { rank: 5, fast: 10, slow: 20, k: 1, sharpe: -0.4 },
  { rank: 6, fast: 5, slow: 20, k: 2, sharpe: -1.0 },
  { rank: 7, fast: 5, slow: 60, k: 1, sharpe: null },
];
const names = ["fast", "slow", "k"];
const base = { rows, paramNames: names, x: "fast", y: "slow", objective: "sharpe", direction: "max" as const };
const byCell = (cells: { x: number; y: number; value: number | null; points: number }[]) => Object.fromEntries(cells.map((c) => [`${c.x},${c.y}`, [c.value, c.points]]));

test("axes: the distinct values of each parameter, sorted; only parameters with several values can be an axis", () => {
  assert.deepEqual(axisValues(rows, "slow"), [20, 60]);
  assert.deepEqual(axisValues([{ m: "b" }, { m: "a" }, { m: "b" }], "m"), ["a", "b"]);
  assert.deepEqual(axisValues([{ on: true }, { on: false }], "on"), [false, true]);
  assert.deepEqual(variedParams(rows, names), ["fast", "slow", "k"]);
  assert.deepEqual(
    variedParams(
      rows.filter((r) => r.k === 2),
      names,
    ),
    ["fast", "slow"],
  );
});

test("fixed: the slice through the best point (k = 2); the rejected pair stays empty", () => {
  const h = heatmapCells({ ...base, mode: "fixed" });
  assert.deepEqual(h.fixed, { k: 2 });
  assert.deepEqual(h.x, [5, 10]);
  assert.deepEqual(h.y, [20, 60]);
  assert.deepEqual(byCell(h.cells), { "1,1": [1.5, 1], "0,1": [1.0, 1], "0,0": [-1.0, 1] });
  assert.deepEqual([h.min, h.max], [-1.0, 1.5]);
});

test("best and mean fold the other parameters; a cell whose points all lack the objective has no value", () => {
  const best = byCell(heatmapCells({ ...base, mode: "best" }).cells);
  assert.deepEqual(best, { "1,1": [1.5, 2], "0,1": [1.0, 2], "1,0": [-0.4, 1], "0,0": [0.2, 2] });
  const mean = byCell(heatmapCells({ ...base, mode: "mean" }).cells);
  assert.deepEqual(mean["1,1"], [1.0, 2]);
  assert.deepEqual(mean["0,1"], [1.0, 2], "the undefined point is left out of the mean");
  assert.ok(Math.abs((mean["0,0"]![0] as number) + 0.4) < 1e-12, 'Math.abs((mean["0,0"]![0] as number) + 0.4) < 1e-12');
  const k1 = byCell(heatmapCells({ ...base, rows: rows.filter((r) => r.k === 1), mode: "best" }).cells);
  assert.deepEqual(k1["0,1"], [null, 1]);
});

test("a minimised objective: best is the lowest, and the slice goes through the lowest point", () => {
  const dd: RankingRow[] = [
    { fast: 5, slow: 20, k: 1, max_drawdown: 0.3 },
    { fast: 5, slow: 20, k: 2, max_drawdown: 0.1 },
    { fast: 10, slow: 20, k: 1, max_drawdown: 0.2 },
    { fast: 10, slow: 20, k: 2, max_drawdown: 0.4 },
  ];
  const q = { rows: dd, paramNames: names, x: "fast", y: "slow", objective: "max_drawdown", direction: "min" as const };
  assert.deepEqual(heatmapCells({ ...q, mode: "fixed" }).fixed, { k: 2 });
  assert.deepEqual(byCell(heatmapCells({ ...q, mode: "best" }).cells), { "0,0": [0.1, 2], "1,0": [0.2, 2] });
});

test("best over the others is, per cell, the best of the points in it; the mean lies between their extremes", () => {
  const row = fc.record({ a: fc.integer({ min: 0, max: 3 }), b: fc.integer({ min: 0, max: 3 }), c: fc.integer({ min: 0, max: 3 }), v: fc.option(fc.double({ min: -5, max: 5, noNaN: true })) });
  fc.assert(
    fc.property(fc.array(row, { minLength: 1, maxLength: 40 }), fc.constantFrom("max" as const, "min" as const), (rs, direction) => {
      const q = { rows: rs, paramNames: ["a", "b", "c"], x: "a", y: "b", objective: "v", direction };
      const best = heatmapCells({ ...q, mode: "best" });
      const mean = heatmapCells({ ...q, mode: "mean" });
      for (const cell of best.cells) {
        const vs = rs.filter((r) => r.a === best.x[cell.x] && r.b === best.y[cell.y]).flatMap((r) => (r.v === null ? [] : [r.v]));
        assert.equal(cell.value, vs.length ? (direction === "max" ? Math.max(...vs) : Math.min(...vs)) : null);
        const m = mean.cells.find((x) => x.x === cell.x && x.y === cell.y)!;
        if (vs.length) assert.ok(m.value! >= Math.min(...vs) - 1e-9 && m.value! <= Math.max(...vs) + 1e-9, "m.value! >= Math.min(...vs) - 1e-9 && m.value! <= Math.max(...vs) + 1e-9");
      }
      assert.equal(
        best.cells.reduce((n, c) => n + c.points, 0),
        rs.length,
        "every point lands in one cell",
      );
    }),
  );
});

test("the chart: one item per cell ('-' without a value), colours from worse to better, a range even for one value", () => {
  const cells = heatmapCells({ ...base, rows: rows.filter((r) => r.k === 1), mode: "best" });
  const chart = heatmapOption({
    cells,
    xName: "fast",
    yName: "slow",
    valueName: "Sharpe",
    direction: "max",
    format: (v) => v.toFixed(2),
    palette,
    narrow: false,
    labels: { points: "points", undefinedValue: "undefined" },
  });
  const o = chart.option as AnyOption;
  assert.deepEqual(o.xAxis.data, ["5", "10"]);
  assert.deepEqual(o.yAxis.data, ["20", "60"]);
  assert.deepEqual(
    o.series[0].data.find((d: unknown[]) => d[0] === 0 && d[1] === 1),
    [0, 1, "-"],
  );
  assert.deepEqual(o.visualMap.inRange.color, ["#0a0", "#ccc", "#e00"]);
  assert.deepEqual([o.visualMap.min, o.visualMap.max], [-0.4, 0.5]);
  assert.match(o.tooltip.formatter({ value: [1, 0, -0.4] }), /fast = 10 · slow = 20.*Sharpe.*-0\.40/s);
  assert.ok(chart.height > 160, "chart.height > 160");

  const flipped = heatmapOption({ ...{ cells, xName: "fast", yName: "slow", valueName: "DD", format: String, palette, narrow: true, labels: { points: "", undefinedValue: "" } }, direction: "min" });
  assert.deepEqual((flipped.option as AnyOption).visualMap.inRange.color, ["#e00", "#ccc", "#0a0"]);
  assert.equal((flipped.option as AnyOption).series[0].label.show, false, "no labels on a phone");

  const one = heatmapCells({
    ...base,
    rows: [
      { fast: 5, slow: 20, k: 1, sharpe: 0.3 },
      { fast: 10, slow: 20, k: 1, sharpe: 0.3 },
    ],
    mode: "best",
  });
  const o1 = heatmapOption({ cells: one, xName: "fast", yName: "slow", valueName: "S", direction: "max", format: String, palette, narrow: false, labels: { points: "", undefinedValue: "" } })
    .option as AnyOption;
  assert.ok(o1.visualMap.min < 0.3 && o1.visualMap.max > 0.3, "o1.visualMap.min < 0.3 && o1.visualMap.max > 0.3");

  // a return is coloured by its sign: 0 is the neutral middle, so a small loss among larger ones stays green
  const returns = heatmapCells({
    ...base,
    objective: "total_return",
    rows: [-0.2, -0.0165, 0.0298, -0.15].map((r, i) => ({ fast: i % 2 ? 10 : 5, slow: i < 2 ? 20 : 60, k: 1, total_return: r })),
    mode: "best",
  });
  const signed = heatmapOption({
    cells: returns,
    xName: "fast",
    yName: "slow",
    valueName: "R",
    direction: "max",
    signed: true,
    format: String,
    palette,
    narrow: false,
    labels: { points: "", undefinedValue: "" },
  }).option as AnyOption;
  assert.deepEqual([signed.visualMap.min, signed.visualMap.max], [-0.2, 0.2], "centred on 0");
  const colourAt = (v: number) => (v - signed.visualMap.min) / (signed.visualMap.max - signed.visualMap.min);
  assert.ok(colourAt(-0.0165) < 0.5 && colourAt(0.0298) > 0.5, "the small loss on the green side, the gain on the red side");
  const unsigned = heatmapOption({ cells: returns, xName: "fast", yName: "slow", valueName: "R", direction: "max", format: String, palette, narrow: false, labels: { points: "", undefinedValue: "" } })
    .option as AnyOption;
  assert.deepEqual([unsigned.visualMap.min, unsigned.visualMap.max], [-0.2, 0.0298], "other objectives: worst to best of the grid");
});
