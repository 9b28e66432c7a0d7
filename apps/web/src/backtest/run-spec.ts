/**
 * What a backtest run is, in the strategy library's own shape (kind, strategy,
 * params, context, trade_config), so one description serves the form, the
 * request, a saved strategy and a rerun. Symbols are `SZ:000001` as the
 * backtest API writes them. A saved strategy from another client is read
 * leniently: anything unusable makes it unrunnable (null), never half-filled.
 */
import type { MultiItem, Params, Performance, SavedKind, SavedStrategy, SavedStrategyCreate } from "../api/backtest-types.ts";
import { ADJUSTS, type Adjust, type BarRow, CATEGORIES, type Category } from "../api/types.ts";
import { ohlcvRecords } from "../charts/bar-columns.ts";
import type { Settings } from "./setting-fields.ts";

/** Latest `count` bars, or a date range (end open when empty). */
export type BarSpan = { readonly count: number } | { readonly start_date: string; readonly end_date: string };

export interface SingleContext {
  readonly symbol: string;
  readonly category: Category;
  readonly adjust: Adjust;
  readonly span: BarSpan;
}

export interface PortfolioContext {
  readonly stocks: readonly string[];
  readonly weights: readonly number[] | null;
  readonly category: Category;
  readonly adjust: Adjust;
  readonly span: BarSpan;
}

export interface MultiContext {
  readonly items: readonly MultiItem[];
  readonly adjust: Adjust;
  readonly count: number;
}

interface Base {
  readonly strategy: string;
  readonly strategy_label: string;
  readonly params: Params;
  readonly trade_config: Settings;
}

export type RunSpec =
  | (Base & { readonly kind: "single"; readonly context: SingleContext })
  | (Base & { readonly kind: "portfolio"; readonly context: PortfolioContext })
  | (Base & { readonly kind: "multi"; readonly context: MultiContext });

/**
 * The same run up to the latest bar (easy_tdx's "rerun up to today"): a date
 * range keeps its start and loses its end; the latest N bars already end today.
 */
export function upToToday(spec: RunSpec): RunSpec {
  const open = (span: BarSpan): BarSpan => ("count" in span ? span : { start_date: span.start_date, end_date: "" });
  if (spec.kind === "multi") return { ...spec, context: { ...spec.context, items: spec.context.items.map((i) => ({ ...i, end_date: null })) } };
  if (spec.kind === "single") return { ...spec, context: { ...spec.context, span: open(spec.context.span) } };
  return { ...spec, context: { ...spec.context, span: open(spec.context.span) } };
}

/** The strategy id a multi-strategy group is saved under (the library requires one). */
export const MULTI_STRATEGY = "multi";

export const SYMBOL = /^(SZ|SH|BJ):\d{6}$/;
const YMD = /^\d{4}-\d{2}-\d{2}$/;

/** A span as request fields: `count`, or `start_date` and `end_date` (null: up to the latest). */
export function spanBody(span: BarSpan): Record<string, unknown> {
  return "count" in span ? { count: span.count } : { start_date: span.start_date, end_date: span.end_date || null };
}

/**
 * The body of POST /backtest/run/async. A date range travels as the bars
 * themselves (the endpoint takes only a count), with the symbol for its board
 * and ST rules.
 */
export function singleRequest(spec: RunSpec & { kind: "single" }, rangeBars?: readonly BarRow[]): Record<string, unknown> {
  const c = spec.context;
  const base = { strategy: spec.strategy, params: spec.params, ...spec.trade_config, symbol: c.symbol, category: c.category, adjust: c.adjust };
  return rangeBars ? { ...base, ohlcv: ohlcvRecords(rangeBars) } : { ...base, ...spanBody(c.span) };
}

export function portfolioRequest(spec: RunSpec & { kind: "portfolio" }): Record<string, unknown> {
  const c = spec.context;
  return {
    strategy: spec.strategy,
    params: spec.params,
    ...spec.trade_config,
    stocks: c.stocks,
    weights: c.weights,
    category: c.category,
    adjust: c.adjust,
    ...spanBody(c.span),
  };
}

export function multiRequest(spec: RunSpec & { kind: "multi" }): Record<string, unknown> {
  const c = spec.context;
  return { items: c.items, ...spec.trade_config, count: c.count, adjust: c.adjust };
}

/** The library's `context` object for a run. */
export function contextJson(spec: RunSpec): Record<string, unknown> {
  switch (spec.kind) {
    case "single":
      return { symbol: spec.context.symbol, category: spec.context.category, adjust: spec.context.adjust, ...spanBody(spec.context.span) };
    case "portfolio":
      return {
        stocks: spec.context.stocks,
        weights: spec.context.weights,
        category: spec.context.category,
        adjust: spec.context.adjust,
        ...spanBody(spec.context.span),
      };
    case "multi":
      return { items: spec.context.items, adjust: spec.context.adjust, count: spec.context.count };
  }
}

/** Key numbers kept with a saved strategy (the library's snapshot). */
export const SNAPSHOT_METRICS = ["total_return", "annual_return", "max_drawdown", "sharpe", "sortino", "calmar", "win_rate", "profit_factor", "total_trades"] as const;

export function savedFrom(spec: RunSpec, perf: Performance, form: { name: string; tags: readonly string[]; notes: string }): SavedStrategyCreate {
  return {
    name: form.name,
    kind: spec.kind,
    strategy: spec.strategy,
    strategy_label: spec.strategy_label,
    params: spec.params,
    context: contextJson(spec),
    trade_config: spec.trade_config,
    snapshot: Object.fromEntries(SNAPSHOT_METRICS.map((m) => [m, perf[m] ?? null])),
    tags: form.tags,
    notes: form.notes,
  };
}

// ---------- reading saved strategies ----------

type Json = Readonly<Record<string, unknown>>;

const str = (v: unknown): v is string => typeof v === "string";
const category = (v: unknown): Category => ((CATEGORIES as readonly unknown[]).includes(v) ? (v as Category) : "DAY");
const adjust = (v: unknown): Adjust => ((ADJUSTS as readonly unknown[]).includes(v) ? (v as Adjust) : "QFQ");
const ymd = (v: unknown): string => (str(v) && YMD.test(v) ? v : "");

function spanOf(c: Json, fallback: number): BarSpan {
  const start = ymd(c.start_date);
  if (start) return { start_date: start, end_date: ymd(c.end_date) };
  const n = c.count;
  return { count: typeof n === "number" && Number.isInteger(n) && n >= 20 && n <= 2000 ? n : fallback };
}

const isParams = (v: unknown): v is Params => typeof v === "object" && v !== null && !Array.isArray(v) && Object.values(v).every((x) => ["number", "string", "boolean"].includes(typeof x));

/** Symbols saved as `SZ:000001` (the API's form) or `SZ000001`. */
export function normalSymbol(v: unknown): string | null {
  if (!str(v)) return null;
  const s = v
    .trim()
    .toUpperCase()
    .replace(/^(SZ|SH|BJ)(\d{6})$/, "$1:$2");
  return SYMBOL.test(s) ? s : null;
}

function itemOf(v: unknown): MultiItem | null {
  if (typeof v !== "object" || v === null) return null;
  const o = v as Json;
  const symbol = normalSymbol(o.symbol);
  if (!str(o.strategy) || !symbol) return null;
  return {
    strategy: o.strategy,
    strategy_label: str(o.strategy_label) ? o.strategy_label : "",
    params: isParams(o.params) ? o.params : {},
    symbol,
    category: category(o.category),
    start_date: ymd(o.start_date) || null,
    end_date: ymd(o.end_date) || null,
  };
}

/** A saved strategy as a runnable spec, or null when its context is not usable. */
export function specFromSaved(s: Pick<SavedStrategy, "kind" | "strategy" | "strategy_label" | "params" | "context" | "trade_config">): RunSpec | null {
  const c = s.context as Json;
  const base = { strategy: s.strategy, strategy_label: s.strategy_label, params: isParams(s.params) ? s.params : {}, trade_config: settingsOf(s.trade_config) };
  const kind: SavedKind = s.kind;
  if (kind === "single") {
    const symbol = normalSymbol(c.symbol);
    return symbol ? { ...base, kind, context: { symbol, category: category(c.category), adjust: adjust(c.adjust), span: spanOf(c, 250) } } : null;
  }
  if (kind === "portfolio") {
    const stocks = Array.isArray(c.stocks) ? c.stocks.map(normalSymbol) : [];
    if (stocks.length === 0 || stocks.some((x) => x === null)) return null;
    const w = Array.isArray(c.weights) && c.weights.length === stocks.length && c.weights.every((x) => typeof x === "number") ? (c.weights as number[]) : null;
    return { ...base, kind, context: { stocks: stocks as string[], weights: w, category: category(c.category), adjust: adjust(c.adjust), span: spanOf(c, 800) } };
  }
  const items = Array.isArray(c.items) ? c.items.map(itemOf) : [];
  if (items.length === 0 || items.some((x) => x === null)) return null;
  const count = spanOf(c, 800);
  return { ...base, kind: "multi", context: { items: items as MultiItem[], adjust: adjust(c.adjust), count: "count" in count ? count.count : 800 } };
}

function settingsOf(v: unknown): Settings {
  if (typeof v !== "object" || v === null) return {};
  return Object.fromEntries(Object.entries(v).filter(([, x]) => ["number", "string", "boolean"].includes(typeof x))) as Settings;
}
