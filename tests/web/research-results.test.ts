/** Research results read by shape and laid out as the pages show them: tables, rows per seed and per window, the windows chart, and which page opens each task. */
import assert from "node:assert/strict";
import { test } from "node:test";
import type { BacktestResult } from "../../apps/web/src/api/backtest-types.ts";
import type { EvaluationResult, MultiSeedResult, OptimizeAllResult, RotationResult, WalkForward } from "../../apps/web/src/api/research-types.ts";
import { comparableOf, shapeOf } from "../../apps/web/src/backtest/result-shapes.ts";
import { COMPARABLE_KINDS, resultPath } from "../../apps/web/src/backtest/task-pages.ts";
import type { Palette } from "../../apps/web/src/charts/palette.ts";
import { windowReturnsOption } from "../../apps/web/src/charts/window-returns-option.ts";
import { benchmarkRows, dimensionRows, segmentRows } from "../../apps/web/src/research/evaluation-rows.ts";
import { holdingRows, rebalanceRows } from "../../apps/web/src/research/rotation-rows.ts";
import { seedRows } from "../../apps/web/src/research/seed-rows.ts";
import { strategyRankingColumns, strategyRankingRows } from "../../apps/web/src/research/strategy-ranking.ts";
import { cellClass, cellText, rankingColumns } from "../../apps/web/src/research/table-columns.ts";
import { windowBars, windowRows } from "../../apps/web/src/research/window-bars.ts";

const point = { datetime: "2026-01-05T00:00:00", cash: 1, position_value: 0, total: 1, drawdown: 0, drawdown_pct: 0 };
const backtest: BacktestResult = { performance: { total_return: 0.1 }, equity_curve: [point], trades: [], config: {} };
const optimize = { strategy: "ma_cross", strategy_label: "双均线交叉", param_names: ["fast", "slow"], objective: "sharpe", direction: "max", ranking: [], best_params: {}, best_result: backtest };
const macdBest = {
  rank: 1,
  strategy: "macd",
  strategy_label: "MACD 金叉",
  params: { short: 12, long: 26 },
  grid_points: 15,
  grid_size: 16,
  evaluated: 15,
  qualified: true,
  note: null,
  sharpe: 1.2,
  calmar: 2,
};
const optimizeAll: OptimizeAllResult = {
  objective: "calmar",
  direction: "max",
  min_trades: 1,
  ranking: [macdBest],
  best: macdBest,
  per_strategy: { macd: macdBest },
  total_grid_points: 15,
  total_grid_size: 16,
  unranked: [],
};
const window = (index: number, total_return: number | null) => ({
  index,
  start: `2025-0${index + 1}-01`,
  end: `2025-0${index + 1}-28`,
  bars: 20,
  in_sample_start: "2024-01-02",
  in_sample_end: "2024-12-31",
  in_sample_bars: 240,
  params: { fast: 5, slow: 20 },
  in_sample_value: 1.1,
  total_return,
  sharpe: 0.5,
  max_drawdown: 0.1,
  total_trades: 2,
  win_rate: 0.5,
  performance: {},
});
const wf: WalkForward = {
  n_windows: 2,
  warmup_ratio: 0.3,
  anchored: false,
  context_bars: 60,
  objective: "sharpe",
  param_names: ["fast", "slow"],
  windows: [window(0, 0.05), window(1, null)],
  window_returns: [0.05, null],
  consistency: 0.5,
  compounded_return: 0.05,
  mean_window_return: 0.05,
  median_window_return: 0.05,
  worst_window: 0.05,
  best_window: 0.05,
  mean_sharpe: 0.5,
  worst_drawdown: 0.1,
  total_trades: 4,
  chained_return: 0.05,
};
const evaluation = {
  performance: { total_return: -0.1, sharpe: -0.2 },
  score: { total: 8.2, components: {}, weights_used: {}, wf_provided: true },
  grade: {
    grade: "D",
    score: 8.2,
    dimensions: [
      { key: "annual_return", label: "年化收益", raw: -0.17, score: 2.6, weight: 0.25 },
      { key: "wf_consistency", label: "样本外一致性", raw: 0.25, score: 16.7, weight: 0.25 },
    ],
    vetoes: [],
    insufficient_sample: false,
    is_losing: true,
    scenario: "single",
  },
  walkforward: wf,
  fitness: {
    segments: [{ name: "train", start: "2023-08-22", end: "2025-08-01", bars: 480, total_return: -0.2, sharpe: -0.3, max_drawdown: 0.3, total_trades: 14, win_rate: 0.4 }],
    checks: [{ name: "enough_bars", passed: true, detail: "800 bars" }],
    pass_ratio: 1,
    passed_count: 1,
    total_checks: 1,
    suitable: true,
    high_fitness: true,
    split: [0.6, 0.2, 0.2],
  },
  benchmark: { buy_hold: { total_return: -0.24, sharpe: 0.03 }, excess_return: 0.14, alpha: null, beta: null, information_ratio: null, tracking_error: null },
  config: {},
} satisfies EvaluationResult;
const multiseed: MultiSeedResult = {
  strategy: "ma_cross",
  params: {},
  seeds: [1, 2],
  sample_size: 2,
  window_ratio: 0.7,
  runs: [
    { seed: 1, symbol: "SH:600000", start: "2024-01-02", end: "2025-01-02", bars: 240, total_return: 0.2, sharpe: 1, max_drawdown: 0.1, total_trades: 10 },
    { seed: 1, symbol: "SZ:000001", start: "2024-01-02", end: "2025-01-02", bars: 240, total_return: -0.1, sharpe: null, max_drawdown: 0.2, total_trades: 4 },
    { seed: 2, symbol: "SH:600000", start: "2024-03-01", end: "2025-03-01", bars: 240, total_return: null, sharpe: 0.4, max_drawdown: 0.1, total_trades: 0 },
  ],
  n_runs: 3,
  positive_ratio: 1 / 3,
  mean_return: 0.05,
  median_return: 0.05,
  mean_sharpe: 0.47,
  mean_trades: 4.67,
  per_seed_positive_ratio: { "1": 0.5, "2": 0 },
  gates: [{ key: "positive_ratio", threshold: 0.5, actual: 1 / 3, passed: false, detail: "" }],
  promoted: false,
  skipped: [],
};
const rotation: RotationResult = {
  performance: { total_return: 0.3 },
  equity_curve: [point],
  trades: [],
  final_holdings: { "SH:600000": { shares: 1000, cost: 7.03 } },
  n_rebalances: 2,
  rebalance_dates: ["2026-01-05", "2026-01-12"],
  rebalances: [
    { datetime: "2026-01-05T00:00:00", ranked: [], sold: [], bought: [], holdings: [] },
    {
      datetime: "2026-01-12T00:00:00",
      ranked: [
        { symbol: "SH:600000", score: 0.123456 },
        { symbol: "SZ:000001", score: null },
      ],
      sold: ["SZ:000002"],
      bought: ["SH:600000"],
      holdings: ["SH:600000", "SZ:000001"],
    },
  ],
  turnover: 3.2,
  max_holdings: 2,
  config: {},
  skipped: [],
};

test("each research result is recognised by its shape; a rotation is not taken for a single backtest", () => {
  assert.deepEqual(
    [optimize, optimizeAll, { walkforward: wf }, evaluation, multiseed, rotation, backtest].map((r) => shapeOf(r).kind),
    ["optimize", "optimize_all", "walkforward", "evaluation", "multiseed", "rotation", "single"],
  );
  assert.equal(shapeOf({ walkforward: {} }).kind, "other");
});

test("an optimisation compares through its best run, a rotation through its account; the other research results do not compare", () => {
  assert.equal(comparableOf(optimize)?.performance, backtest.performance);
  assert.equal(comparableOf(rotation)?.equity, rotation.equity_curve);
  assert.equal(comparableOf(evaluation), null);
  assert.equal(comparableOf(multiseed), null);
  assert.ok(
    COMPARABLE_KINDS.has("optimize") && COMPARABLE_KINDS.has("rotation") && !COMPARABLE_KINDS.has("evaluate"),
    'COMPARABLE_KINDS.has("optimize") && COMPARABLE_KINDS.has("rotation") && !COMPARABLE_KINDS.has("evaluate")',
  );
});

test("research tasks open on their pages; the signal scan on the strategy library", () => {
  assert.deepEqual(
    ["optimize", "optimize_all", "walk_forward", "evaluate", "multiseed", "rotation", "signal_scan"].map((k) => resultPath(k, "t1")),
    ["/optimize?task=t1", "/optimize?task=t1", "/walk-forward?task=t1", "/evaluate?task=t1", "/multi-seed?task=t1", "/rotation?task=t1", "/strategies?task=t1"],
  );
});

test("table cells: metrics in their unit and colour, parameter values as written, missing values as a dash", () => {
  const ret = { key: "total_return", label: "", kind: "metric" } as const;
  const dd = { key: "max_drawdown", label: "", kind: "metric" } as const;
  const val = { key: "fast", label: "", kind: "value" } as const;
  const txt = { key: "span", label: "", kind: "text" } as const;
  assert.deepEqual(
    [cellText(ret, 0.0123, "en"), cellText(dd, 0.2, "en"), cellText(val, 2.5, "en"), cellText(val, 1 / 3, "en"), cellText(txt, "a → b", "en"), cellText(ret, null, "en")],
    ["+1.23%", "20.00%", "2.5", "0.333333", "a → b", "–"],
  );
  assert.deepEqual([cellClass(ret, -0.1), cellClass(dd, 0.2), cellClass(val, 5), cellClass(txt, "x")], ["num mono text-down", "num mono", "num mono", ""]);
});

test("an optimisation's ranking columns follow its rows: rank, grid values, then metrics, then the note as text", () => {
  const cols = rankingColumns({ rank: 1, fast: 5, slow: 20, total_return: 0.1, sharpe: 1, qualified: false, note: "0 closed trades" }, ["fast", "slow"], (k) => `<${k}>`, "Note");
  assert.deepEqual(
    cols.map((c) => [c.key, c.label, c.kind]),
    [
      ["rank", "#", "value"],
      ["fast", "fast", "value"],
      ["slow", "slow", "value"],
      ["total_return", "<total_return>", "metric"],
      ["sharpe", "<sharpe>", "metric"],
      ["note", "Note", "text"],
    ],
  );
  assert.deepEqual(rankingColumns(undefined, [], String), []);
});

test("the ranking of every strategy: parameters as text, combinations run of the grid, the objective among the columns", () => {
  const [row] = strategyRankingRows(optimizeAll);
  assert.deepEqual([row!.params, row!.points, row!.calmar], ["short=12, long=26", "15/16", 2]);
  const keys = (objective: string) => strategyRankingColumns(objective, { strategy: "S", params: "P", points: "N" }, String).map((c) => c.key);
  assert.equal(keys("calmar").filter((k) => k === "calmar").length, 1);
  assert.ok(keys("expectancy_pct").includes("expectancy_pct"), "an objective outside the usual columns is added");
});

test("walk-forward windows: one bar per window with its dates and parameters, flat table rows", () => {
  assert.deepEqual(windowBars(wf), [
    { label: "#1", start: "2025-01-01", end: "2025-01-28", value: 0.05, params: "fast=5, slow=20" },
    { label: "#2", start: "2025-02-01", end: "2025-02-28", value: null, params: "fast=5, slow=20" },
  ]);
  assert.deepEqual(windowRows(wf)[0], {
    window: 1,
    span: "2025-01-01 → 2025-01-28",
    bars: 20,
    in_sample: "2024-01-02 → 2024-12-31",
    params: "fast=5, slow=20",
    in_sample_value: 1.1,
    total_return: 0.05,
    sharpe: 0.5,
    max_drawdown: 0.1,
    total_trades: 2,
    win_rate: 0.5,
  });
  const palette: Palette = { up: "#e00", down: "#0a0", text: "#111", muted: "#777", grid: "#ccc", panel: "#fff", accent: "#00f", pivot: "#fa0", series: ["#1"] };
  const o = windowReturnsOption({ windows: [...windowBars(wf), { ...windowBars(wf)[0]!, value: -0.02 }], palette, labels: { value: "OOS", params: "P" }, format: (v) => v.toFixed(2), narrow: false })
    .option as Record<string, any>;
  assert.deepEqual(
    o.series[0].data.map((d: { itemStyle: { color: string } }) => d.itemStyle.color),
    ["#e00", "#777", "#0a0"],
  );
  assert.match(o.tooltip.formatter([{ dataIndex: 0 }]), /#1 2025-01-01 → 2025-01-28.*OOS.*0\.05.*fast=5, slow=20/s);
});

test("per seed: the server's share of profitable runs beside the seed's own means (a run without a Sharpe ratio counts 0)", () => {
  assert.deepEqual(seedRows(multiseed), [
    { seed: 1, runs: 2, positive_ratio: 0.5, mean_return: 0.05, mean_sharpe: 0.5, mean_trades: 7 },
    { seed: 2, runs: 1, positive_ratio: 0, mean_return: null, mean_sharpe: 0.4, mean_trades: 0 },
  ]);
});

test("an evaluation's tables: points per dimension, the strategy beside buy-and-hold, the segments", () => {
  const dims = dimensionRows(evaluation);
  assert.deepEqual(
    dims.map((d) => [d.key, Number(d.points.toFixed(3))]),
    [
      ["annual_return", 0.65],
      ["wf_consistency", 4.175],
    ],
  );
  assert.deepEqual(benchmarkRows(evaluation), [
    { metric: "total_return", strategy: -0.1, buy_hold: -0.24 },
    { metric: "sharpe", strategy: -0.2, buy_hold: 0.03 },
  ]);
  assert.deepEqual(segmentRows(evaluation, (n) => n.toUpperCase())[0], {
    segment: "TRAIN",
    span: "2023-08-22 → 2025-08-01",
    bars: 480,
    total_return: -0.2,
    sharpe: -0.3,
    max_drawdown: 0.3,
    total_trades: 14,
    win_rate: 0.4,
  });
});

test("a rotation's rebalance days (all, or only those with orders) and its holdings at the end", () => {
  assert.equal(rebalanceRows(rotation, false).length, 2);
  assert.deepEqual(rebalanceRows(rotation, true), [{ date: "2026-01-12", sold: "SZ:000002", bought: "SH:600000", holdings: "SH:600000 SZ:000001", leaders: "SH:600000 0.1235 · SZ:000001 –" }]);
  assert.deepEqual(holdingRows(rotation), [{ symbol: "SH:600000", shares: 1000, cost: 7.03 }]);
});
