/**
 * Request bodies of the backtest endpoints, with easy_tdx's field names
 * (BacktestRequest, PortfolioBacktestRequest, MultiStrategyBacktestRequest) and
 * the formula task bodies. Strategy parameters are checked against the chosen
 * plugin's own schema inside the body schema, so a bad parameter is a 422 at
 * `["body", "params", name]` like any other field; an unknown strategy id is a
 * 400 from the handler. Optional fields also accept null, as pydantic does.
 */
import { z } from "@hono/zod-openapi";
import { BAR_CATEGORY_NAMES } from "../../../core/bars/index.ts";
import { CONFIG_FIELDS, PORTFOLIO_FIELDS, compileSignalFormula } from "../../../core/backtest/index.ts";
import { FORMULA_PARAM_LIMIT } from "../../../core/formula/index.ts";
import type { PluginRegistry } from "../../../ports/plugins.ts";
import { qEnum } from "../validation/query.ts";
import { SYMBOL_PATTERN } from "../../../core/app/backtest/bar-loader.ts";
import { configShape } from "./config-schema.ts";

/**
 * Inline bars accepted by one request. The route's body limit is the other
 * bound (middleware/body-size.ts): 1 MiB holds about 10,000 rows without
 * `amount`; `POST /backtest/run` takes 48 MiB, well over 200,000 rows.
 */
export const MAX_INLINE_BARS = 250_000;
/** Fewest inline bars a backtest takes. */
export const MIN_INLINE_BARS = 2;

export const Symbol = z.string().regex(SYMBOL_PATTERN).openapi({ description: 'MARKET:CODE with market SZ, SH or BJ, e.g. "SZ:000001"', example: "SZ:000001" });
export const Category = qEnum(BAR_CATEGORY_NAMES).default("DAY").openapi({ description: "bar period (as /bars)" });
export const Adjust = qEnum(["NONE", "QFQ", "HFQ"]).default("QFQ").openapi({ description: "price adjustment of fetched bars (as /bars); QFQ by default" });
export const Ymd = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .nullish()
  .openapi({ description: "YYYY-MM-DD, inclusive" });
export const Ohlcv = z.array(z.unknown()).min(MIN_INLINE_BARS).max(MAX_INLINE_BARS).nullish().openapi({
  description:
    "inline bars, ascending: [{datetime|date, open, high, low, close, vol?, amount?}] (datetime as YYYY-MM-DD, YYYY-MM-DD HH:MM or YYYY-MM-DDTHH:MM:SS, the form /bars answers). Takes precedence over symbol; a symbol given alongside sets the board and ST rules.",
});
export const StrategyParams = z
  .record(z.string(), z.union([z.number(), z.boolean(), z.string()]))
  .default({})
  .openapi({ description: "strategy parameters (see GET /backtest/strategies); missing ones take their defaults" });
export const FormulaText = z.string().min(1).max(20_000).openapi({ description: "TDX formula text" });
const FormulaParams = z.record(z.string(), z.number().min(-FORMULA_PARAM_LIMIT).max(FORMULA_PARAM_LIMIT)).default({}).openapi({ description: "values of the formula's parameters, by name" });

export type Ctx = z.RefinementCtx;

/** Adds the plugin's parameter issues under `path`; an unknown strategy is left to the handler (400). */
export function checkParams(registry: PluginRegistry, strategy: string, params: unknown, ctx: Ctx, path: (string | number)[]): void {
  const plugin = registry.strategies.get(strategy);
  if (!plugin) return;
  const r = plugin.params.safeParse(params);
  if (!r.success) for (const issue of r.error.issues) ctx.addIssue({ ...issue, path: [...path, ...issue.path] });
}

export function needData(b: { ohlcv?: unknown; symbol?: unknown }, ctx: Ctx): void {
  if (b.ohlcv == null && b.symbol == null) ctx.addIssue({ code: "custom", path: [], message: "give ohlcv (inline bars) or symbol" });
}

function checkFormula(text: string, params: Record<string, number>, buy: string, sell: string, ctx: Ctx, names: { buy: string; sell: string }): void {
  const r = compileSignalFormula(text, params, buy, sell);
  if (r.ok) return;
  for (const i of r.issues) ctx.addIssue({ code: "custom", path: [i.field === "formula" ? "text" : names[i.field]], message: i.message });
}

export const dataSource = {
  ohlcv: Ohlcv,
  symbol: Symbol.nullish(),
  category: Category,
  count: z.number().int().min(20).max(2000).default(250).openapi({ description: "latest bars fetched for symbol" }),
  adjust: Adjust,
};

export function backtestRequestSchemas(registry: PluginRegistry) {
  const strategyIds = [...registry.strategies.keys()].join(", ");
  const strategy = z
    .string()
    .min(1)
    .openapi({ description: `strategy id: ${strategyIds}` });

  const BacktestRequest = z
    .object({ strategy, params: StrategyParams, ...configShape(CONFIG_FIELDS), ...dataSource })
    .superRefine((b, ctx) => {
      needData(b, ctx);
      checkParams(registry, b.strategy, b.params, ctx, ["params"]);
    })
    .openapi("BacktestRequest");

  const PortfolioBacktestRequest = z
    .object({
      strategy,
      params: StrategyParams,
      ...configShape(PORTFOLIO_FIELDS),
      stocks: z.array(Symbol).min(1).max(50).openapi({ description: 'symbols, e.g. ["SZ:000001", "SH:600519"]' }),
      weights: z.array(z.number().min(0).max(1)).nullish().openapi({ description: "target weight per stock, in order (sum ≤ 1); default equal weights" }),
      category: Category,
      start_date: Ymd,
      end_date: Ymd,
      count: z.number().int().min(20).max(2000).default(800).openapi({ description: "latest bars per stock when no start_date is given" }),
      adjust: Adjust,
    })
    .superRefine((b, ctx) => {
      if (new Set(b.stocks).size !== b.stocks.length) ctx.addIssue({ code: "custom", path: ["stocks"], message: "a stock is listed twice" });
      const shares = b as { allocation?: string; rebalance?: string };
      if (shares.rebalance === "periodic" && shares.allocation !== "shared")
        ctx.addIssue({ code: "custom", path: ["rebalance"], message: 'rebalancing needs allocation "shared" (independent legs never move cash between stocks)' });
      if (b.weights != null) {
        if (b.weights.length !== b.stocks.length) ctx.addIssue({ code: "custom", path: ["weights"], message: "give one weight per stock" });
        else if (b.weights.reduce((a, w) => a + w, 0) > 1 + 1e-9) ctx.addIssue({ code: "custom", path: ["weights"], message: "weights sum to more than 1" });
      }
      checkParams(registry, b.strategy, b.params, ctx, ["params"]);
    })
    .openapi("PortfolioBacktestRequest");

  const MultiStrategyItem = z
    .object({
      strategy,
      strategy_label: z.string().default("").openapi({ description: "name in the result key {label}@{symbol}; default the strategy's label" }),
      params: StrategyParams,
      symbol: Symbol,
      category: Category,
      start_date: Ymd,
      end_date: Ymd,
    })
    .openapi("MultiStrategyItem");

  const MultiStrategyBacktestRequest = z
    .object({
      items: z.array(MultiStrategyItem).min(1).max(20),
      ...configShape(CONFIG_FIELDS),
      count: z.number().int().min(20).max(2000).default(800).openapi({ description: "latest bars per item when it has no start_date" }),
      adjust: Adjust,
    })
    .superRefine((b, ctx) => b.items.forEach((item, i) => checkParams(registry, item.strategy, item.params, ctx, ["items", i, "params"])))
    .openapi("MultiStrategyBacktestRequest");

  const FormulaBacktestRequest = z
    .object({
      text: FormulaText,
      params: FormulaParams,
      buy: z.string().max(64).default("").openapi({ description: "output column that buys; default the first signal column" }),
      sell: z.string().max(64).default("").openapi({ description: 'output column that sells; default the second signal column if any; "none": hold while the buy column is on' }),
      ...configShape(CONFIG_FIELDS),
      ...dataSource,
    })
    .superRefine((b, ctx) => {
      needData(b, ctx);
      checkFormula(b.text, b.params, b.buy, b.sell, ctx, { buy: "buy", sell: "sell" });
    })
    .openapi("FormulaBacktestRequest");

  const FormulaScreenRequest = z
    .object({
      text: FormulaText,
      params: FormulaParams,
      signal: z.string().max(64).default("").openapi({ description: "signal column to screen on; default the first signal column" }),
      symbols: z.array(Symbol).min(1).max(6000).nullish().openapi({ description: "securities to screen; default the universe" }),
      universe: qEnum(["all", "SH", "SZ", "BJ"]).default("all").openapi({ description: "when no symbols are given: every A-share stock of these markets (all = SH + SZ + BJ)" }),
      category: Category,
      count: z.number().int().min(1).max(800).default(120).openapi({ description: "latest bars evaluated per security" }),
      adjust: Adjust,
      sort_by: z.string().nullish().openapi({ description: "output column to sort the matches by" }),
      descending: z.boolean().default(true),
    })
    .superRefine((b, ctx) => checkFormula(b.text, b.params, b.signal, "none", ctx, { buy: "signal", sell: "signal" }))
    .openapi("FormulaScreenRequest");

  return { BacktestRequest, PortfolioBacktestRequest, MultiStrategyBacktestRequest, FormulaBacktestRequest, FormulaScreenRequest };
}
