/** The research submissions built from their forms: one security's bars, the grid runs, every strategy, multi-seed gates and seeds, rotation options; and when a form may be sent. */
import assert from "node:assert/strict";
import { test } from "node:test";
import type { StrategyInfo } from "../../apps/web/src/api/backtest-types.ts";
import type { JsonSchema } from "../../apps/web/src/api/endpoints.ts";
import type { BarRow } from "../../apps/web/src/api/types.ts";
import type { SymbolBarsForm } from "../../apps/web/src/backtest/forms.ts";
import type { SettingField } from "../../apps/web/src/backtest/setting-fields.ts";
import { type GridForm, gridFormValid, gridRun, gridTexts, multiSeedValid, rotationValid } from "../../apps/web/src/research/research-forms.ts";
import {
  gateDefaults,
  gateKeys,
  gridRequest,
  type MultiSeedForm,
  multiSeedRequest,
  objectiveChoices,
  optimizeAllRequest,
  type RotationForm,
  rotationRequest,
  seedsOf,
} from "../../apps/web/src/research/research-requests.ts";

const cash: SettingField = { name: "cash", kind: "number", default: 1000000, min: 0, exclusiveMin: true, description: "", group: "capital" };
const ratio: SettingField = { name: "in_sample_ratio", kind: "number", default: 0.3, min: 0.1, max: 0.8, description: "", group: "walkforward" };
const fields = [cash, ratio];

const maCross: StrategyInfo = {
  name: "ma_cross",
  label: "双均线交叉",
  description: "",
  params: [
    { name: "fast", type: "int", default: 5, label: "fast", min_value: 1 },
    { name: "slow", type: "int", default: 20, label: "slow", min_value: 2 },
  ],
  preset_grid: { fast: [5, 10], slow: [20, 60] },
};

const bars: SymbolBarsForm = { symbol: "SH:600000", category: "DAY", adjust: "QFQ", mode: "count", count: 250, start: "2025-01-02", end: "" };
const form: GridForm = {
  ...bars,
  strategy: "ma_cross",
  params: { fast: 5, slow: 20 },
  grid: { strategy: "ma_cross", texts: { fast: "5 10", slow: "" } },
  objective: "",
  settings: { cash: 500000 },
  nWindows: 7,
  excluded: [],
};

test("a grid run: the lists typed for this strategy (or its preset grid when they were typed for another), the fixed parameters, the objective only when chosen", () => {
  assert.deepEqual(gridRun(form, maCross), { strategy: "ma_cross", params: { fast: 5, slow: 20 }, grid: { fast: [5, 10] }, objective: "", settings: { cash: 500000 } });
  assert.deepEqual(gridTexts({ ...form, grid: { strategy: "macd", texts: { fast: "1" } } }, maCross), { fast: "5, 10", slow: "20, 60" });
  assert.deepEqual(gridRequest(bars, gridRun({ ...form, objective: "calmar" }, maCross), fields), {
    strategy: "ma_cross",
    params: { fast: 5, slow: 20 },
    param_grid: { fast: [5, 10] },
    objective: "calmar",
    cash: 500000,
    in_sample_ratio: 0.3,
    symbol: "SH:600000",
    category: "DAY",
    adjust: "QFQ",
    count: 250,
  });
});

test("a date range goes as dates where the endpoint takes them, else as the bars themselves", () => {
  const range: SymbolBarsForm = { ...bars, mode: "range", start: "2025-01-02", end: "" };
  const run = gridRun(form, maCross);
  const byDates = gridRequest(range, run, []);
  assert.deepEqual([byDates.start_date, byDates.end_date, "count" in byDates, "ohlcv" in byDates], ["2025-01-02", null, false, false]);
  const rows: BarRow[] = [
    { date: "2025-01-02", open: 10, high: 11, low: 9, close: 10.5, vol: 100, amount: 1000 },
    { date: "2025-01-03", open: 10.5, high: 11, low: 10, close: 10.8, vol: 120, amount: 1300 },
  ];
  const inline = gridRequest(range, run, [], rows);
  assert.equal((inline.ohlcv as unknown[]).length, 2);
  assert.equal(inline.symbol, "SH:600000", "the symbol still sets the board and ST rules");
  assert.equal("start_date" in inline, false);
  assert.deepEqual(gridRequest(bars, run, [], rows).count, 250, "bars are sent only for a range");
});

test("optimise-all: every strategy with a preset grid unless some are left out", () => {
  assert.deepEqual(optimizeAllRequest(bars, null, "", {}, []), { symbol: "SH:600000", category: "DAY", adjust: "QFQ", count: 250 });
  assert.deepEqual(optimizeAllRequest(bars, ["macd", "kdj_cross"], "sharpe", {}, []).strategies, ["macd", "kdj_cross"]);
});

test("the objectives and the gates come from the request schemas, the gates' defaults from their documented JSON", () => {
  const optimize: JsonSchema = { properties: { objective: { type: "string", enum: ["sharpe", "total_return"], default: "sharpe" } } };
  assert.deepEqual(objectiveChoices(optimize), { options: ["sharpe", "total_return"], fallback: "sharpe" });
  assert.deepEqual(objectiveChoices(undefined), { options: [], fallback: "" });
  const multiseed: JsonSchema = {
    properties: {
      gates: {
        type: "object",
        properties: { positive_ratio: { type: "number" }, mean_sharpe: { type: "number" }, mean_trades: { type: "number" }, mean_return: { type: "number" } },
        description: 'promotion thresholds; defaults {"positive_ratio":0.5,"mean_sharpe":0,"mean_trades":5,"mean_return":0,"unknown_gate":9}',
      },
    },
  };
  assert.deepEqual(gateKeys(multiseed), ["positive_ratio", "mean_sharpe", "mean_trades", "mean_return"]);
  assert.deepEqual(gateDefaults(multiseed), { positive_ratio: 0.5, mean_sharpe: 0, mean_trades: 5, mean_return: 0 });
  assert.deepEqual(gateDefaults({ properties: { gates: { description: "promotion thresholds" } } }), {});
  assert.deepEqual(gateDefaults({ properties: { gates: { description: "defaults {broken" } } }), {});
});

const ms: MultiSeedForm = {
  strategy: "ma_cross",
  params: { fast: 5, slow: 20 },
  stocks: ["SH:600000", "SZ:000001"],
  category: "DAY",
  adjust: "QFQ",
  count: 800,
  seedMode: "count",
  nSeeds: 3,
  seedList: "7 8",
  sampleSize: null,
  windowRatio: 0.7,
  gates: { mean_trades: 10 },
  settings: {},
};

test("multi-seed: the thresholds set, the others at their defaults; seeds 1…n or the list; all stocks unless a sample size is given", () => {
  const keys = ["positive_ratio", "mean_sharpe", "mean_trades", "mean_return"];
  const body = multiSeedRequest(ms, keys, { positive_ratio: 0.5, mean_sharpe: 0, mean_trades: 5 }, []);
  assert.deepEqual(body.gates, { positive_ratio: 0.5, mean_sharpe: 0, mean_trades: 10 }, "a gate without a known default is left to the server");
  assert.equal(body.n_seeds, 3);
  assert.equal("seeds" in body || "sample_size" in body, false);
  const listed = multiSeedRequest({ ...ms, seedMode: "list", sampleSize: 1 }, keys, {}, []);
  assert.deepEqual([listed.seeds, listed.sample_size, "n_seeds" in listed], [[7, 8], 1, false]);
});

test("seeds: distinct whole numbers", () => {
  assert.deepEqual(seedsOf("1, 2 3"), [1, 2, 3]);
  for (const bad of ["", "1 1", "1.5", "-1", "x"]) assert.equal(seedsOf(bad), null, bad);
});

const rot: RotationForm = {
  stocks: ["SH:600000", "SZ:000001", "SH:600519"],
  category: "DAY",
  adjust: "QFQ",
  mode: "count",
  count: 800,
  start: "2025-01-02",
  end: "",
  score: "momentum",
  period: 20,
  formula: "MOM:CLOSE/REF(CLOSE,20)-1;",
  scoreCol: "",
  slots: 2,
  keepRank: null,
  refresh: "weekly",
  takeProfitPct: 20,
  stopLossPct: null,
  settings: { cash: 300000 },
};

test("rotation: momentum or formula score, take-profit and stop-loss sent as fractions (null: off)", () => {
  assert.deepEqual(rotationRequest(rot, [cash]), {
    stocks: rot.stocks,
    category: "DAY",
    adjust: "QFQ",
    count: 800,
    score: "momentum",
    period: 20,
    slots: 2,
    keep_rank: null,
    refresh: "weekly",
    take_profit: 0.2,
    stop_loss: null,
    cash: 300000,
  });
  const f = rotationRequest({ ...rot, score: "formula", scoreCol: "MOM", mode: "range", keepRank: 3 }, []);
  assert.deepEqual([f.formula_text, f.score_col, "period" in f, f.start_date, f.end_date, "count" in f, f.keep_rank], [rot.formula, "MOM", false, "2025-01-02", null, false, 3]);
  assert.equal(rotationRequest({ ...rot, score: "formula" }, []).score_col, null, "no column: the formula's last numeric output");
});

test("a form is sent only within the request's bounds", () => {
  assert.ok(gridFormValid(form, maCross, fields), "gridFormValid(form, maCross, fields)");
  assert.equal(gridFormValid(form, undefined, fields), false, "strategies not loaded");
  assert.equal(gridFormValid({ ...form, grid: { strategy: "ma_cross", texts: { fast: "5 x" } } }, maCross, fields), false);
  assert.equal(gridFormValid({ ...form, count: 10 }, maCross, fields), false);
  assert.equal(gridFormValid({ ...form, settings: { in_sample_ratio: 0.9 } }, maCross, fields), false);

  assert.ok(multiSeedValid(ms, maCross, []), "multiSeedValid(ms, maCross, [])");
  assert.equal(multiSeedValid({ ...ms, stocks: [] }, maCross, []), false);
  assert.equal(multiSeedValid({ ...ms, seedMode: "list", seedList: "1 1" }, maCross, []), false);
  assert.equal(multiSeedValid({ ...ms, sampleSize: 3 }, maCross, []), false, "more than the pool");
  assert.equal(multiSeedValid({ ...ms, windowRatio: 0 }, maCross, []), false);
  assert.equal(multiSeedValid({ ...ms, gates: { mean_trades: Number.NaN } }, maCross, []), false);

  assert.ok(rotationValid(rot, []), "rotationValid(rot, [])");
  assert.equal(rotationValid({ ...rot, stocks: ["SH:600000"] }, []), false, "a rotation needs two stocks");
  assert.equal(rotationValid({ ...rot, keepRank: 1 }, []), false, "keep_rank below the slots");
  assert.equal(rotationValid({ ...rot, stopLossPct: 100 }, []), false);
  assert.equal(rotationValid({ ...rot, count: 25 }, []), false);
  assert.equal(rotationValid({ ...rot, score: "formula", formula: " " }, []), false);
});
