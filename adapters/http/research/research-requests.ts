/**
 * Request bodies of the research endpoints (spec 4.12, second part), with
 * easy_tdx's field names (OptimizeBacktestRequest, OptimizeAllBacktestRequest,
 * MultiSeedRequest, RotationBacktestRequest, SignalScanRequest; walk-forward
 * and evaluation take a BacktestRequest) plus the additions this service
 * documents (`objective`, base `params` of a grid, walk-forward options).
 * Trading settings are the backtest engine's own fields and defaults.
 */
import { ROTATION_MAX_FETCHED, ROTATION_MAX_STOCKS } from "../../../core/app/research/market-rotation.ts";
import { z } from "@hono/zod-openapi";
import { CONFIG_FIELDS, METRIC_NAMES } from "../../../core/backtest/index.ts";
import { compileScoreFormula, DEFAULT_GATES, gridSize, type ParamGrid } from "../../../core/research/index.ts";
import type { PluginRegistry } from "../../../ports/plugins.ts";
import { qEnum, qInt } from "../validation/query.ts";
import { Adjust, Category, checkParams, dataSource, FormulaText, needData, StrategyParams, Symbol, Ymd, type Ctx } from "../backtest/backtest-requests.ts";
import { configShape } from "../backtest/config-schema.ts";

/** Points one grid may have (the 10,000-pair benchmark fits twice). */
export const MAX_GRID_POINTS = 20_000;

const OBJECTIVE_RULE = "risk and cost metrics (drawdowns, volatility, fees, losing and rejected trades) ascending, every other metric descending; undefined values last";

/** Optimisation's objective: easy_tdx ranks by total_return and never sends one (its optimizer.py sorts by total_return descending). */
export const Objective = z
  .enum(METRIC_NAMES as unknown as [string, ...string[]])
  .default("total_return")
  .openapi({ description: `metric the ranking is sorted by, default total_return (as easy_tdx): ${OBJECTIVE_RULE}` });

/** Walk-forward's in-sample choice (this service's own endpoint): Sharpe by default. */
const WalkForwardObjective = z
  .enum(METRIC_NAMES as unknown as [string, ...string[]])
  .default("sharpe")
  .openapi({ description: `metric each in-sample span is optimised by, default sharpe: ${OBJECTIVE_RULE}` });

export const MinTrades = z
  .number()
  .int()
  .min(0)
  .max(100_000)
  .default(1)
  .openapi({ description: "points with fewer closed trades rank after all others and are marked (`qualified: false` and a `note`); 0 ranks every point by the objective alone, as easy_tdx" });

const ParamGridSchema = z
  .record(
    z.string(),
    z
      .array(z.union([z.number(), z.string(), z.boolean()]))
      .min(1)
      .max(1000),
  )
  .openapi({ description: 'values to search per parameter, e.g. {"fast": [5, 10, 20], "slow": [20, 30, 60]}; the grid is their Cartesian product (first parameter outermost)' });

const dateRange = { start_date: Ymd, end_date: Ymd };

/** Grid keys must be parameters of the strategy with values of their type; the product is bounded. */
function checkGrid(registry: PluginRegistry, strategy: string, grid: Record<string, unknown[]> | undefined, ctx: Ctx, path: (string | number)[]): void {
  const plugin = registry.strategies.get(strategy);
  if (!plugin || grid === undefined) return;
  const defaults = plugin.params.parse({}) as Record<string, unknown>;
  // a schema with a catchall validates extra keys: the formula strategy's own parameters (numbers); a strict one (never) has none
  const catchall = (plugin.params as { _zod?: { def?: { catchall?: { _zod: { def: { type: string } } } } } })._zod?.def?.catchall;
  const open = catchall !== undefined && catchall._zod.def.type !== "never";
  const shape = (plugin.params as { shape?: Record<string, z.ZodType> }).shape ?? {};
  for (const [key, values] of Object.entries(grid)) {
    // an optional field without a default is a parameter too (a combination's "<member>.<param>")
    const known = key in defaults || key in shape;
    if (!known && !open) {
      ctx.addIssue({ code: "custom", path: [...path, key], message: `${strategy} has no parameter ${key} (parameters: ${Object.keys(defaults).join(", ")})` });
      continue;
    }
    const type = key in defaults ? typeof defaults[key] : known ? undefined : "number";
    const bad = type === undefined ? -1 : values.findIndex((v) => typeof v !== type);
    if (bad >= 0) {
      ctx.addIssue({ code: "custom", path: [...path, key, bad], message: `${key} takes ${type} values` });
      continue;
    }
    // each value within the parameter's own bounds, as a single run's params are
    const schema = plugin.params as { _zod?: { def?: { catchall?: z.ZodType } } };
    const field = shape[key] ?? schema._zod?.def?.catchall;
    values.forEach((v, i) => {
      const r = field?.safeParse(v);
      if (r && !r.success) for (const issue of r.error.issues) ctx.addIssue({ ...issue, path: [...path, key, i] });
    });
  }
  const size = gridSize(grid as ParamGrid);
  if (size > MAX_GRID_POINTS) ctx.addIssue({ code: "custom", path, message: `the grid has ${size} points; at most ${MAX_GRID_POINTS}` });
}

/** Query of the walk-forward and evaluation endpoints. */
export const WalkForwardQuery = z.object({
  n_windows: qInt({ min: 2, max: 20 }).default(7).openapi({ description: "out-of-sample windows" }),
});

export function researchRequestSchemas(registry: PluginRegistry) {
  const strategyIds = [...registry.strategies.keys()].join(", ");
  const strategy = z
    .string()
    .min(1)
    .openapi({ description: `strategy id: ${strategyIds}` });
  const config = configShape(CONFIG_FIELDS);

  const OptimizeBacktestRequest = z
    .object({
      strategy,
      param_grid: ParamGridSchema.nullish(),
      params: StrategyParams.openapi({ description: "values of the parameters the grid leaves out (defaults otherwise)" }),
      objective: Objective,
      min_trades: MinTrades,
      ...config,
      ...dataSource,
      ...dateRange,
    })
    .superRefine((b, ctx) => {
      needData(b, ctx);
      checkGrid(registry, b.strategy, b.param_grid ?? undefined, ctx, ["param_grid"]);
    })
    .openapi("OptimizeBacktestRequest");

  const OptimizeAllBacktestRequest = z
    .object({
      strategies: z.array(z.string()).min(1).nullish().openapi({ description: "strategy ids to include; default every strategy with a preset grid" }),
      objective: Objective,
      min_trades: MinTrades,
      ...config,
      ...dataSource,
      ...dateRange,
    })
    .superRefine((b, ctx) => {
      needData(b, ctx);
      b.strategies?.forEach((id, i) => {
        if (!registry.strategies.has(id)) ctx.addIssue({ code: "custom", path: ["strategies", i], message: `unknown strategy ${id}` });
      });
    })
    .openapi("OptimizeAllBacktestRequest");

  /** BacktestRequest plus the walk-forward options (all optional). */
  const WalkForwardRequest = z
    .object({
      strategy,
      params: StrategyParams.openapi({ description: "strategy parameters; those the grid leaves out stay fixed" }),
      param_grid: ParamGridSchema.nullish().openapi({
        description: "grid optimised on each in-sample span; default the strategy's preset grid; {} keeps `params` fixed in every window",
      }),
      objective: WalkForwardObjective,
      in_sample_ratio: z.number().min(0.1).max(0.8).default(0.3).openapi({ description: "share of the bars in the initial in-sample span (easy_tdx's warmup_ratio)" }),
      anchored: z.boolean().default(false).openapi({ description: "in-sample spans start at the first bar (anchored) instead of rolling with a fixed length" }),
      context_bars: z.number().int().min(0).max(500).default(60).openapi({ description: "bars before each out-of-sample window its indicators may read (signals there are ignored)" }),
      ...config,
      ...dataSource,
      ...dateRange,
    })
    .superRefine((b, ctx) => {
      needData(b, ctx);
      checkParams(registry, b.strategy, b.params, ctx, ["params"]);
      checkGrid(registry, b.strategy, b.param_grid ?? undefined, ctx, ["param_grid"]);
    })
    .openapi("WalkForwardRequest");

  const MultiSeedRequest = z
    .object({
      strategy,
      params: StrategyParams,
      stocks: z.array(Symbol).min(1).max(50).openapi({ description: "the pool sampled from" }),
      category: Category,
      count: z.number().int().min(30).max(2000).default(800).openapi({ description: "latest bars fetched per stock" }),
      adjust: Adjust,
      n_seeds: z.number().int().min(1).max(50).default(3).openapi({ description: "seeds when `seeds` is not given: 1, 2, …, n_seeds" }),
      seeds: z
        .array(
          z
            .number()
            .int()
            .min(0)
            .max(2 ** 32 - 1),
        )
        .min(1)
        .max(50)
        .nullish()
        .openapi({ description: "explicit seeds (distinct)" }),
      sample_size: z.number().int().min(1).max(50).nullish().openapi({ description: "stocks drawn per seed; default all of them" }),
      window_ratio: z.number().gt(0).max(1).default(0.7).openapi({ description: "share of each stock's bars in one run (a random contiguous stretch); 1 = the whole history" }),
      gates: z
        .object({
          positive_ratio: z.number().min(0).max(1).default(DEFAULT_GATES.positive_ratio),
          mean_sharpe: z.number().min(-1000).max(1000).default(DEFAULT_GATES.mean_sharpe),
          mean_trades: z.number().min(0).max(1e6).default(DEFAULT_GATES.mean_trades),
          mean_return: z.number().min(-1).max(1000).default(DEFAULT_GATES.mean_return),
        })
        .prefault({})
        .openapi({ description: `promotion thresholds; defaults ${JSON.stringify(DEFAULT_GATES)}` }),
      ...config,
    })
    .superRefine((b, ctx) => {
      checkParams(registry, b.strategy, b.params, ctx, ["params"]);
      if (new Set(b.stocks).size !== b.stocks.length) ctx.addIssue({ code: "custom", path: ["stocks"], message: "a stock is listed twice" });
      if (b.seeds != null && new Set(b.seeds).size !== b.seeds.length) ctx.addIssue({ code: "custom", path: ["seeds"], message: "seeds must be distinct" });
    })
    .openapi("MultiSeedRequest");

  const RotationBacktestRequest = z
    .object({
      stocks: z
        .array(Symbol)
        .min(2)
        .max(ROTATION_MAX_STOCKS)
        .openapi({ description: `the universe ranked on each rebalance day; at most ${ROTATION_MAX_FETCHED} of them outside the market store` }),
      category: Category,
      count: z.number().int().min(30).max(2000).default(800).openapi({ description: "latest bars fetched per stock (when no start_date)" }),
      adjust: Adjust,
      ...dateRange,
      score: qEnum(["momentum", "formula"]).default("momentum").openapi({ description: "momentum: close / close `period` bars earlier − 1; formula: a numeric output of `formula_text`" }),
      period: z.number().int().min(1).max(250).default(20).openapi({ description: "momentum look-back in bars" }),
      formula_text: FormulaText.nullish(),
      score_col: z.string().max(64).nullish().openapi({ description: "formula output column to rank by; default the last numeric output" }),
      slots: z.number().int().min(1).max(50).default(5).openapi({ description: "equal slots held at most" }),
      keep_rank: z.number().int().min(1).max(100).nullish().openapi({ description: "a holding is sold when its rank is worse than this; default `slots` (≥ slots)" }),
      refresh: qEnum(["daily", "weekly", "monthly"]).default("weekly").openapi({ description: "rebalance days: every bar, the first trading day of each week, or of each month" }),
      take_profit: z.number().gt(0).max(10).nullish().openapi({ description: "sell a slot at the next bar once its close is ≥ entry × (1 + take_profit)" }),
      stop_loss: z.number().gt(0).lt(1).nullish().openapi({ description: "sell a slot at the next bar once its close is ≤ entry × (1 − stop_loss)" }),
      ...config,
    })
    .superRefine((b, ctx) => {
      if (new Set(b.stocks).size !== b.stocks.length) ctx.addIssue({ code: "custom", path: ["stocks"], message: "a stock is listed twice" });
      if (b.keep_rank != null && b.keep_rank < b.slots) ctx.addIssue({ code: "custom", path: ["keep_rank"], message: "keep_rank must be at least slots" });
      if (b.score !== "formula") return;
      if (b.formula_text == null) {
        ctx.addIssue({ code: "custom", path: ["formula_text"], message: "score=formula needs formula_text" });
        return;
      }
      const check = compileScoreFormula(b.formula_text, b.score_col);
      if (!check.ok) for (const message of check.messages) ctx.addIssue({ code: "custom", path: [check.field], message });
    })
    .openapi("RotationBacktestRequest");

  const SignalScanRequest = z
    .object({
      window_bars: z.number().int().min(1).max(30).default(5).openapi({ description: "signals on the latest N bars are reported (N trading days on daily bars)" }),
    })
    .openapi("SignalScanRequest");

  return { OptimizeBacktestRequest, OptimizeAllBacktestRequest, WalkForwardRequest, MultiSeedRequest, RotationBacktestRequest, SignalScanRequest };
}
