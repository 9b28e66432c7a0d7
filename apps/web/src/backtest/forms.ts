/**
 * The backtest forms' state, remembered across visits (and shared, so the
 * formula editor and the strategy library can fill the backtest form before
 * opening it), and its translation to and from a run description.
 */
import type { MultiItem, Params } from "../api/backtest-types.ts";
import { ADJUSTS, type Adjust, CATEGORIES, type Category } from "../api/types.ts";
import { oneOf, persisted } from "../app/prefs.ts";
import type { BarSpan, RunSpec } from "./run-spec.ts";
import { type SettingField, type Settings, settingsToSend } from "./setting-fields.ts";

export type SpanMode = "count" | "range";

/** Which bars: the latest `count`, or a date range (`end` empty = up to the latest). */
export interface SpanForm {
  mode: SpanMode;
  count: number;
  start: string;
  end: string;
}

/** One security's bars: which security, period, adjustment and span. */
export interface SymbolBarsForm extends SpanForm {
  /** `SZ:000001` */
  symbol: string;
  category: Category;
  adjust: Adjust;
}

export interface SingleForm extends SymbolBarsForm {
  strategy: string;
  params: Params;
  settings: Settings;
}

export interface PortfolioForm extends SpanForm {
  strategy: string;
  params: Params;
  stocks: string[];
  /** One weight per stock, or null for equal weights. */
  weights: number[] | null;
  category: Category;
  adjust: Adjust;
  settings: Settings;
}

export interface MultiForm {
  items: MultiItem[];
  count: number;
  adjust: Adjust;
  settings: Settings;
}

export const yearAgo = (): string => {
  const d = new Date();
  d.setFullYear(d.getFullYear() - 1);
  return d.toISOString().slice(0, 10);
};

export const obj = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
export const isCategory = oneOf(...CATEGORIES);
export const isAdjust = oneOf(...ADJUSTS);
export const isSpan = (v: Record<string, unknown>): boolean => (v.mode === "count" || v.mode === "range") && typeof v.count === "number" && typeof v.start === "string" && typeof v.end === "string";
export const isSymbolBars = (v: Record<string, unknown>): boolean => typeof v.symbol === "string" && isCategory(v.category) && isAdjust(v.adjust) && isSpan(v);

export const singleForm = persisted<SingleForm>(
  "tf.backtest.single",
  { strategy: "ma_cross", params: {}, symbol: "SH:600000", category: "DAY", adjust: "QFQ", mode: "count", count: 250, start: yearAgo(), end: "", settings: {} },
  (v): v is SingleForm => obj(v) && typeof v.strategy === "string" && obj(v.params) && isSymbolBars(v) && obj(v.settings),
);

export const portfolioForm = persisted<PortfolioForm>(
  "tf.backtest.portfolio",
  { strategy: "ma_cross", params: {}, stocks: ["SZ:000001", "SH:600519"], weights: null, category: "DAY", adjust: "QFQ", mode: "count", count: 250, start: yearAgo(), end: "", settings: {} },
  (v): v is PortfolioForm => obj(v) && typeof v.strategy === "string" && obj(v.params) && Array.isArray(v.stocks) && isCategory(v.category) && isAdjust(v.adjust) && isSpan(v) && obj(v.settings),
);

export const multiForm = persisted<MultiForm>(
  "tf.backtest.multi",
  {
    items: [
      { strategy: "ma_cross", strategy_label: "", params: {}, symbol: "SZ:000001", category: "DAY" },
      { strategy: "macd", strategy_label: "", params: {}, symbol: "SH:600519", category: "DAY" },
    ],
    count: 250,
    adjust: "QFQ",
    settings: {},
  },
  (v): v is MultiForm => obj(v) && Array.isArray(v.items) && typeof v.count === "number" && isAdjust(v.adjust) && obj(v.settings),
);

/** Whether a span can be sent: a whole count within the endpoint's bounds, or a start date. */
export function spanValid(f: SpanForm, min = 20, max = 2000): boolean {
  return f.mode === "count" ? Number.isInteger(f.count) && f.count >= min && f.count <= max : /^\d{4}-\d{2}-\d{2}$/.test(f.start);
}

export function spanOf(f: SpanForm): BarSpan {
  return f.mode === "count" ? { count: f.count } : { start_date: f.start, end_date: f.end };
}

function spanForm(span: BarSpan, fallback: SpanForm): SpanForm {
  return "count" in span ? { ...fallback, mode: "count", count: span.count } : { ...fallback, mode: "range", start: span.start_date, end: span.end_date };
}

export function singleSpec(f: SingleForm, label: string, fields: readonly SettingField[]): RunSpec & { kind: "single" } {
  return {
    kind: "single",
    strategy: f.strategy,
    strategy_label: label,
    params: f.params,
    trade_config: settingsToSend(fields, f.settings),
    context: { symbol: f.symbol, category: f.category, adjust: f.adjust, span: spanOf(f) },
  };
}

export function portfolioSpec(f: PortfolioForm, label: string, fields: readonly SettingField[]): RunSpec & { kind: "portfolio" } {
  return {
    kind: "portfolio",
    strategy: f.strategy,
    strategy_label: label,
    params: f.params,
    trade_config: settingsToSend(fields, f.settings),
    context: { stocks: f.stocks, weights: f.weights, category: f.category, adjust: f.adjust, span: spanOf(f) },
  };
}

export function multiSpec(f: MultiForm, fields: readonly SettingField[]): RunSpec & { kind: "multi" } {
  return {
    kind: "multi",
    strategy: "multi",
    strategy_label: f.items.map((i) => i.strategy_label || i.strategy).join(" + "),
    params: {},
    trade_config: settingsToSend(fields, f.settings),
    context: { items: f.items, adjust: f.adjust, count: f.count },
  };
}

/** Fills a form from a run description (opening a saved strategy or rerunning a result). */
export function loadSpec(spec: RunSpec): void {
  if (spec.kind === "single") {
    const c = spec.context;
    singleForm.value = {
      ...spanForm(c.span, singleForm.value),
      strategy: spec.strategy,
      params: { ...spec.params },
      symbol: c.symbol,
      category: c.category,
      adjust: c.adjust,
      settings: { ...spec.trade_config },
    };
  } else if (spec.kind === "portfolio") {
    const c = spec.context;
    portfolioForm.value = {
      ...spanForm(c.span, portfolioForm.value),
      strategy: spec.strategy,
      params: { ...spec.params },
      stocks: [...c.stocks],
      weights: c.weights ? [...c.weights] : null,
      category: c.category,
      adjust: c.adjust,
      settings: { ...spec.trade_config },
    };
  } else {
    multiForm.value = { items: spec.context.items.map((i) => ({ ...i })), count: spec.context.count, adjust: spec.context.adjust, settings: { ...spec.trade_config } };
  }
}

/** Request fields that the forms fill themselves; every other property of a request schema is a trading setting. */
export const SINGLE_FIELDS: ReadonlySet<string> = new Set(["strategy", "params", "ohlcv", "symbol", "category", "count", "adjust"]);
export const PORTFOLIO_FIELDS: ReadonlySet<string> = new Set(["strategy", "params", "stocks", "weights", "category", "start_date", "end_date", "count", "adjust"]);
export const MULTI_FIELDS: ReadonlySet<string> = new Set(["items", "count", "adjust"]);
