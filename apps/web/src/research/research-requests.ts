/**
 * The bodies of the research submissions, from the research forms: which
 * request fields the forms fill themselves (every other property of a request
 * schema is a trading setting, generated as on the backtest forms), the data
 * of one security (latest bars, or a date range: as dates where the endpoint
 * takes them, else as the bars themselves), the multi-seed gates with their
 * documented defaults, and the rotation's options (take-profit and stop-loss
 * typed as percentages, sent as fractions).
 */
import type { Params } from "../api/backtest-types.ts";
import type { JsonSchema } from "../api/endpoints.ts";
import type { BarRow } from "../api/types.ts";
import { ohlcvRecords } from "../charts/bar-columns.ts";
import { type SpanForm, spanOf, type SymbolBarsForm } from "../backtest/forms.ts";
import { spanBody } from "../backtest/run-spec.ts";
import { type SettingField, type Settings, settingsToSend } from "../backtest/setting-fields.ts";
import type { ParamGrid } from "./param-grid.ts";

const DATA = ["ohlcv", "symbol", "category", "count", "adjust", "start_date", "end_date"];

/** Optimisation, optimise-all, walk-forward and evaluation (the walk-forward options stay settings: they have a group of their own). */
export const GRID_FIELDS: ReadonlySet<string> = new Set([...DATA, "strategy", "strategies", "params", "param_grid", "objective"]);
export const MULTISEED_FIELDS: ReadonlySet<string> = new Set(["strategy", "params", "stocks", "category", "count", "adjust", "n_seeds", "seeds", "sample_size", "window_ratio", "gates"]);
/** A rotation sizes its slots itself: the sizing and short-selling settings do not apply to it. */
export const ROTATION_FIELDS: ReadonlySet<string> = new Set([
  ...DATA,
  "stocks",
  "score",
  "period",
  "formula_text",
  "score_col",
  "slots",
  "keep_rank",
  "refresh",
  "take_profit",
  "stop_loss",
  "sizing",
  "sizing_fraction",
  "sizing_amount",
  "allow_short",
]);

export interface GridRun {
  readonly strategy: string;
  readonly params: Params;
  readonly grid: ParamGrid;
  /** Empty: the server's default (sharpe). */
  readonly objective: string;
  readonly settings: Settings;
}

const objectiveOf = (objective: string) => (objective ? { objective } : {});

/** The objectives a request schema accepts, and its default. */
export function objectiveChoices(request: JsonSchema | undefined): { options: string[]; fallback: string } {
  const s = request?.properties?.objective;
  return { options: (s?.enum ?? []).map(String), fallback: typeof s?.default === "string" ? s.default : "" };
}

/** One security's bars as request fields: a count or dates, or for a date range the bars themselves (`rangeBars`: the walk-forward and evaluation take a count only). */
function symbolData(f: SymbolBarsForm, rangeBars?: readonly BarRow[]): Record<string, unknown> {
  const base = { symbol: f.symbol, category: f.category, adjust: f.adjust };
  return f.mode === "range" && rangeBars ? { ...base, ohlcv: ohlcvRecords(rangeBars) } : { ...base, ...spanBody(spanOf(f)) };
}

/** Optimisation, walk-forward and evaluation: one strategy, a grid over its parameters, one security. */
export function gridRequest(f: SymbolBarsForm, run: GridRun, fields: readonly SettingField[], rangeBars?: readonly BarRow[]): Record<string, unknown> {
  return {
    strategy: run.strategy,
    params: run.params,
    param_grid: run.grid,
    ...objectiveOf(run.objective),
    ...settingsToSend(fields, run.settings),
    ...symbolData(f, rangeBars),
  };
}

/** `strategies` null: every strategy with a preset grid (the server's default). */
export function optimizeAllRequest(f: SymbolBarsForm, strategies: readonly string[] | null, objective: string, settings: Settings, fields: readonly SettingField[]): Record<string, unknown> {
  return { ...(strategies ? { strategies } : {}), ...objectiveOf(objective), ...settingsToSend(fields, settings), ...symbolData(f) };
}

/** Explicit seeds from "1 2 3" (whole numbers, distinct); null when the text is not such a list. */
export function seedsOf(text: string): number[] | null {
  const items = text.split(/[\s,，;；]+/).filter(Boolean);
  const seeds = items.map(Number);
  if (seeds.length === 0 || seeds.some((s) => !Number.isInteger(s) || s < 0 || s > 2 ** 32 - 1)) return null;
  return new Set(seeds).size === seeds.length ? seeds : null;
}

/** The gates MultiSeedRequest has thresholds for. */
export const gateKeys = (request: JsonSchema | undefined): string[] => Object.keys(request?.properties?.gates?.properties ?? {});

/**
 * The gate thresholds' defaults as MultiSeedRequest documents them: its
 * `gates` property lists them as JSON in its description ("defaults {…}"),
 * for the gates it has. Empty when the description does not say.
 */
export function gateDefaults(request: JsonSchema | undefined): Record<string, number> {
  const gates = request?.properties?.gates;
  const m = /defaults\s*(\{[^}]*\})/.exec(gates?.description ?? "");
  if (!m) return {};
  try {
    const parsed = JSON.parse(m[1]!) as Record<string, unknown>;
    const known = Object.keys(gates?.properties ?? {});
    return Object.fromEntries(Object.entries(parsed).filter((e): e is [string, number] => known.includes(e[0]) && typeof e[1] === "number"));
  } catch {
    return {};
  }
}

export interface MultiSeedForm {
  strategy: string;
  params: Params;
  stocks: string[];
  category: SymbolBarsForm["category"];
  adjust: SymbolBarsForm["adjust"];
  count: number;
  /** Seeds 1…n, or the list typed. */
  seedMode: "count" | "list";
  nSeeds: number;
  seedList: string;
  /** Stocks drawn per seed; null: all of them. */
  sampleSize: number | null;
  windowRatio: number;
  /** Thresholds the user set; the others take their defaults. */
  gates: Record<string, number>;
  settings: Settings;
}

export function multiSeedRequest(f: MultiSeedForm, gateKeys: readonly string[], defaults: Readonly<Record<string, number>>, fields: readonly SettingField[]): Record<string, unknown> {
  const gates = Object.fromEntries(
    gateKeys.flatMap((k) => {
      const v = f.gates[k] ?? defaults[k];
      return v === undefined || !Number.isFinite(v) ? [] : [[k, v]];
    }),
  );
  return {
    strategy: f.strategy,
    params: f.params,
    stocks: f.stocks,
    category: f.category,
    adjust: f.adjust,
    count: f.count,
    ...(f.seedMode === "list" ? { seeds: seedsOf(f.seedList) } : { n_seeds: f.nSeeds }),
    ...(f.sampleSize !== null ? { sample_size: f.sampleSize } : {}),
    window_ratio: f.windowRatio,
    gates,
    ...settingsToSend(fields, f.settings),
  };
}

export interface RotationForm extends SpanForm {
  stocks: string[];
  category: SymbolBarsForm["category"];
  adjust: SymbolBarsForm["adjust"];
  score: "momentum" | "formula";
  period: number;
  formula: string;
  /** Empty: the formula's last numeric output. */
  scoreCol: string;
  slots: number;
  /** null: the number of slots. */
  keepRank: number | null;
  refresh: "daily" | "weekly" | "monthly";
  /** Percentages; null: off. */
  takeProfitPct: number | null;
  stopLossPct: number | null;
  settings: Settings;
}

const fraction = (pct: number | null) => (pct === null ? null : pct / 100);

export function rotationRequest(f: RotationForm, fields: readonly SettingField[]): Record<string, unknown> {
  return {
    stocks: f.stocks,
    category: f.category,
    adjust: f.adjust,
    ...spanBody(spanOf(f)),
    score: f.score,
    ...(f.score === "momentum" ? { period: f.period } : { formula_text: f.formula, score_col: f.scoreCol || null }),
    slots: f.slots,
    keep_rank: f.keepRank,
    refresh: f.refresh,
    take_profit: fraction(f.takeProfitPct),
    stop_loss: fraction(f.stopLossPct),
    ...settingsToSend(fields, f.settings),
  };
}
