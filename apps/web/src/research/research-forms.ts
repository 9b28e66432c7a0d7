/**
 * The research forms' state, remembered across visits. Optimisation,
 * walk-forward and evaluation share one form (strategy, parameters, grid,
 * objective, security, settings): a strategy set up for one is ready for the
 * next. Multi-seed validation and rotation have their own.
 */
import type { Params, StrategyInfo } from "../api/backtest-types.ts";
import { oneOf, persisted } from "../app/prefs.ts";
import { isAdjust, isCategory, isSpan, isSymbolBars, obj, spanValid, type SymbolBarsForm, yearAgo } from "../backtest/forms.ts";
import { type SettingField, type Settings, settingsValid } from "../backtest/setting-fields.ts";
import { paramsValid } from "../backtest/strategy-params.ts";
import { gridOf, type GridTexts, presetTexts } from "./param-grid.ts";
import { type GridRun, type MultiSeedForm, type RotationForm, seedsOf } from "./research-requests.ts";

export interface GridForm extends SymbolBarsForm {
  strategy: string;
  /** Values of the parameters the grid leaves out. */
  params: Params;
  /** The lists of values to search, and the strategy they were written for (another strategy starts from its preset grid). */
  grid: { strategy: string; texts: GridTexts };
  /** Empty: the server's default. */
  objective: string;
  settings: Settings;
  /** Out-of-sample windows of the walk-forward and the evaluation. */
  nWindows: number;
  /** Optimise-all: strategies left out. */
  excluded: string[];
}

/** The lists of values of the form's strategy: those typed for it, or its preset grid when they were typed for another. */
export const gridTexts = (f: GridForm, info: StrategyInfo): GridTexts => (f.grid.strategy === info.name ? f.grid.texts : presetTexts(info));

export function gridRun(f: GridForm, info: StrategyInfo): GridRun {
  return { strategy: info.name, params: f.params, grid: gridOf(info, gridTexts(f, info)).grid, objective: f.objective, settings: f.settings };
}

/** Whether a one-strategy run (optimisation, walk-forward, evaluation) can be sent as the form stands. */
export function gridFormValid(f: GridForm, info: StrategyInfo | undefined, fields: readonly SettingField[]): boolean {
  return !!info && paramsValid(info, f.params) && gridOf(info, gridTexts(f, info)).bad.length === 0 && spanValid(f) && settingsValid(fields, f.settings);
}

const whole = (v: number | null, min: number, max: number) => v !== null && Number.isInteger(v) && v >= min && v <= max;

/** Whether a multi-seed validation can be sent as the form stands (the request's bounds). */
export function multiSeedValid(f: MultiSeedForm, info: StrategyInfo | undefined, fields: readonly SettingField[]): boolean {
  const list = f.seedMode === "list" ? seedsOf(f.seedList) : null;
  const seeds = f.seedMode === "count" ? whole(f.nSeeds, 1, 50) : list !== null && list.length <= 50;
  return (
    !!info &&
    paramsValid(info, f.params) &&
    f.stocks.length > 0 &&
    whole(f.count, 30, 2000) &&
    seeds &&
    (f.sampleSize === null || whole(f.sampleSize, 1, f.stocks.length)) &&
    f.windowRatio > 0 &&
    f.windowRatio <= 1 &&
    Object.values(f.gates).every(Number.isFinite) &&
    settingsValid(fields, f.settings)
  );
}

/** Whether a rotation can be sent as the form stands (the request's bounds; the formula is checked by the server). */
export function rotationValid(f: RotationForm, fields: readonly SettingField[]): boolean {
  const off = (v: number | null): v is null => v === null;
  return (
    f.stocks.length >= 2 &&
    spanValid(f, 30) &&
    (f.score === "momentum" ? whole(f.period, 1, 250) : f.formula.trim() !== "") &&
    whole(f.slots, 1, 50) &&
    (f.keepRank === null || whole(f.keepRank, f.slots, 100)) &&
    (off(f.takeProfitPct) || (f.takeProfitPct > 0 && f.takeProfitPct <= 1000)) &&
    (off(f.stopLossPct) || (f.stopLossPct > 0 && f.stopLossPct < 100)) &&
    settingsValid(fields, f.settings)
  );
}

const isTexts = (v: unknown): v is GridTexts => obj(v) && Object.values(v).every((x) => typeof x === "string");
const isStrings = (v: unknown): v is string[] => Array.isArray(v) && v.every((x) => typeof x === "string");

export const gridForm = persisted<GridForm>(
  "tf.research.grid",
  {
    strategy: "ma_cross",
    params: {},
    grid: { strategy: "", texts: {} },
    objective: "",
    symbol: "SH:600000",
    category: "DAY",
    adjust: "QFQ",
    mode: "count",
    count: 250,
    start: yearAgo(),
    end: "",
    settings: {},
    nWindows: 7,
    excluded: [],
  },
  (v): v is GridForm =>
    obj(v) &&
    typeof v.strategy === "string" &&
    obj(v.params) &&
    obj(v.grid) &&
    typeof v.grid.strategy === "string" &&
    isTexts(v.grid.texts) &&
    typeof v.objective === "string" &&
    isSymbolBars(v) &&
    obj(v.settings) &&
    typeof v.nWindows === "number" &&
    isStrings(v.excluded),
);

export const multiSeedForm = persisted<MultiSeedForm>(
  "tf.research.multiseed",
  {
    strategy: "ma_cross",
    params: {},
    stocks: ["SH:600000", "SZ:000001", "SH:600519"],
    category: "DAY",
    adjust: "QFQ",
    count: 800,
    seedMode: "count",
    nSeeds: 3,
    seedList: "1 2 3",
    sampleSize: null,
    windowRatio: 0.7,
    gates: {},
    settings: {},
  },
  (v): v is MultiSeedForm =>
    obj(v) &&
    typeof v.strategy === "string" &&
    obj(v.params) &&
    isStrings(v.stocks) &&
    isCategory(v.category) &&
    isAdjust(v.adjust) &&
    typeof v.count === "number" &&
    (v.seedMode === "count" || v.seedMode === "list") &&
    typeof v.nSeeds === "number" &&
    typeof v.seedList === "string" &&
    (v.sampleSize === null || typeof v.sampleSize === "number") &&
    typeof v.windowRatio === "number" &&
    obj(v.gates) &&
    obj(v.settings),
);

const isNumberOrNull = (v: unknown) => v === null || typeof v === "number";

export const rotationForm = persisted<RotationForm>(
  "tf.research.rotation",
  {
    stocks: ["SH:600000", "SZ:000001", "SH:600519", "SZ:000002"],
    category: "DAY",
    adjust: "QFQ",
    mode: "count",
    count: 800,
    start: yearAgo(),
    end: "",
    score: "momentum",
    period: 20,
    formula: "MOM:CLOSE/REF(CLOSE,20)-1;",
    scoreCol: "",
    slots: 2,
    keepRank: null,
    refresh: "weekly",
    takeProfitPct: null,
    stopLossPct: null,
    settings: {},
  },
  (v): v is RotationForm =>
    obj(v) &&
    isStrings(v.stocks) &&
    isCategory(v.category) &&
    isAdjust(v.adjust) &&
    isSpan(v) &&
    oneOf("momentum", "formula")(v.score) &&
    typeof v.period === "number" &&
    typeof v.formula === "string" &&
    typeof v.scoreCol === "string" &&
    typeof v.slots === "number" &&
    isNumberOrNull(v.keepRank) &&
    oneOf("daily", "weekly", "monthly")(v.refresh) &&
    isNumberOrNull(v.takeProfitPct) &&
    isNumberOrNull(v.stopLossPct) &&
    obj(v.settings),
);
