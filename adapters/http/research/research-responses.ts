/**
 * OpenAPI schemas of the research results (the `result` of a done task), in
 * easy_tdx's shapes where it has them (OptimizeResult, OptimizeAllResult,
 * WalkForwardResult, the evaluation report, MultiSeedResult, RotationResult,
 * SignalScanResult) with this service's additions named in each description.
 */
import { z } from "@hono/zod-openapi";
import { THRESHOLDS } from "../../../core/research/index.ts";
import { BacktestResultSchema, EquityPointSchema, PerformanceSchema, TradeSchema } from "../backtest/backtest-responses.ts";

const num = (description: string) => z.number().nullable().openapi({ description });
const Params = z.record(z.string(), z.union([z.number(), z.string(), z.boolean()]));

const SummaryFields = {
  total_return: num("total return (fraction)"),
  sharpe: num("Sharpe ratio"),
  max_drawdown: num("max drawdown (fraction)"),
  total_trades: z.number().int().nullable(),
  win_rate: num("winning trades / trades"),
  profit_factor: num("gross profit / gross loss"),
};

const GridPoint = z.object({ params: Params.openapi({ description: "the point's grid values" }), ...SummaryFields }).openapi("GridPointResult");

export const OptimizeResultSchema = z
  .object({
    strategy: z.string(),
    strategy_label: z.string(),
    param_names: z.array(z.string()),
    objective: z.string(),
    direction: z.enum(["max", "min"]),
    min_trades: z.number().int().openapi({ description: "points with fewer closed trades rank after all others" }),
    grid_points: z.number().int().openapi({ description: "points that ran (easy_tdx's count; the strategy's rejected points excluded)" }),
    grid_size: z.number().int().openapi({ description: "points in the grid" }),
    evaluated: z.number().int().openapi({ description: "points the strategy accepted and that were backtested (= grid_points)" }),
    skipped: z.number().int().openapi({ description: "points the strategy's parameter rules reject (e.g. fast ≥ slow), left out" }),
    skip_reasons: z
      .array(z.object({ reason: z.string(), count: z.number().int(), examples: z.array(Params) }))
      .openapi({ description: "why the skipped points were rejected, with up to 5 of them per reason" }),
    unqualified: z.number().int().openapi({ description: "ranked points below min_trades (at the end of the ranking)" }),
    ranking: z.array(z.record(z.string(), z.unknown())).openapi({
      description:
        "every evaluated point, best first: rank, the grid values, total_return, annual_return, sharpe, sortino, calmar, max_drawdown, volatility, total_trades, win_rate, profit_factor, expectancy_pct, exposure_time, total_fees (and the objective), then `qualified` (at least min_trades closed trades) and `note` (why its value cannot be trusted: never held a position, too few trades, objective undefined; else null)",
    }),
    results: z.array(GridPoint).openapi({ description: "easy_tdx's rows: the same points in the same order" }),
    best: GridPoint.extend({}).passthrough().openapi({ description: "the first point, with its objective value" }),
    best_params: Params.openapi({ description: "all parameters of the best point (defaults filled in)" }),
    best_result: BacktestResultSchema.openapi({ description: "the best point run in full" }),
    heatmap: z
      .object({ x_name: z.string(), y_name: z.string(), x: z.array(z.unknown()), y: z.array(z.unknown()), data: z.array(z.array(z.number().nullable())), metric: z.string() })
      .nullable()
      .openapi({ description: "two-parameter grids: [x index, y index, total_return] per evaluated point" }),
  })
  .openapi("OptimizeResult");

const RankEntry = z
  .object({
    rank: z.number().int(),
    strategy: z.string(),
    strategy_label: z.string(),
    params: Params,
    ...SummaryFields,
    annual_return: num("annual return"),
    sortino: num("Sortino ratio"),
    calmar: num("Calmar ratio"),
    grid_points: z.number().int().openapi({ description: "points of its preset grid that ran (easy_tdx's count)" }),
    grid_size: z.number().int().openapi({ description: "points of its preset grid" }),
    evaluated: z.number().int(),
    skipped: z.number().int().openapi({ description: "points its rules reject" }),
    qualified: z.boolean().openapi({ description: "the point has at least min_trades closed trades" }),
    note: z.string().nullable().openapi({ description: "why the point's value cannot be trusted, or null" }),
  })
  .passthrough()
  .openapi("OptimizeAllRankEntry");

export const OptimizeAllResultSchema = z
  .object({
    objective: z.string(),
    direction: z.enum(["max", "min"]),
    min_trades: z.number().int(),
    ranking: z.array(RankEntry).openapi({ description: "each strategy's best point, best first by the objective (entries below min_trades last)" }),
    best: RankEntry.nullable(),
    per_strategy: z.record(z.string(), RankEntry),
    total_grid_points: z.number().int().openapi({ description: "points that ran over all strategies (easy_tdx's count)" }),
    total_grid_size: z.number().int().openapi({ description: "points of all the grids searched" }),
    unranked: z.array(z.object({ strategy: z.string(), reason: z.string() })).openapi({ description: "strategies with no point that ran, and why" }),
  })
  .openapi("OptimizeAllResult");

const Window = z
  .object({
    index: z.number().int(),
    start: z.string(),
    end: z.string(),
    bars: z.number().int(),
    in_sample_start: z.string(),
    in_sample_end: z.string(),
    in_sample_bars: z.number().int(),
    params: Params.openapi({ description: "parameters chosen on the in-sample span and run on the window" }),
    in_sample_value: num("the objective's in-sample value of those parameters"),
    total_return: num("out-of-sample return of the window"),
    sharpe: num("out-of-sample Sharpe"),
    max_drawdown: num("out-of-sample max drawdown"),
    total_trades: z.number().int(),
    win_rate: num("out-of-sample win rate"),
    performance: PerformanceSchema,
  })
  .openapi("WalkForwardWindow");

export const WalkForwardSchema = z
  .object({
    n_windows: z.number().int(),
    warmup_ratio: z.number().openapi({ description: "share of the bars in the initial in-sample span" }),
    anchored: z.boolean(),
    context_bars: z.number().int(),
    objective: z.string(),
    param_names: z.array(z.string()),
    windows: z.array(Window),
    window_returns: z.array(z.number().nullable()),
    consistency: num("share of windows with a return > 0"),
    chained_return: num("∏(1 + window return) − 1: the compounded out-of-sample return"),
    compounded_return: num("same as chained_return"),
    mean_window_return: num("mean window return"),
    median_window_return: num("median window return"),
    worst_window: num("lowest window return"),
    best_window: num("highest window return"),
    mean_sharpe: num("mean window Sharpe (where defined)"),
    worst_drawdown: num("deepest window max drawdown"),
    total_trades: num("trades over all windows"),
  })
  .openapi("WalkForwardResult");

export const WalkForwardResultSchema = z.object({ walkforward: WalkForwardSchema }).openapi("WalkForwardTaskResult");

const Check = z.object({ name: z.string(), passed: z.boolean(), detail: z.string() });

export const EvaluationResultSchema = z
  .object({
    performance: PerformanceSchema,
    score: z.object({ total: z.number(), components: z.record(z.string(), z.number()), weights_used: z.record(z.string(), z.number()), wf_provided: z.boolean() }),
    grade: z.object({
      grade: z.enum(["S", "A", "B", "C", "D"]),
      score: z.number(),
      dimensions: z.array(z.object({ key: z.string(), label: z.string(), raw: z.number().nullable(), score: z.number(), weight: z.number() })),
      vetoes: z.array(z.object({ key: z.string(), reason: z.string(), cap: z.string() })),
      insufficient_sample: z.boolean(),
      is_losing: z.boolean(),
      scenario: z.string(),
    }),
    walkforward: WalkForwardSchema,
    fitness: z.object({
      segments: z.array(z.record(z.string(), z.unknown())).openapi({ description: "train/valid/test segments, each run on its own" }),
      checks: z.array(Check),
      pass_ratio: z.number(),
      passed_count: z.number().int(),
      total_checks: z.number().int(),
      suitable: z.boolean().openapi({ description: "every basic check passed (enough_bars, enough_trades, liquidity, tradable)" }),
      high_fitness: z.boolean(),
      split: z.array(z.number()),
    }),
    benchmark: z.object({
      buy_hold: z.record(z.string(), z.number().nullable()).openapi({ description: "buy-and-hold under the same rules: total_return, annual_return, max_drawdown, sharpe, calmar, volatility" }),
      excess_return: num("total_return − buy-and-hold total_return"),
      alpha: num("(mean(r_s) − beta × mean(r_b)) × annual_days"),
      beta: num("cov(r_s, r_b) / var(r_b), per-bar returns"),
      information_ratio: num("mean(r_s − r_b) / std(r_s − r_b) × √annual_days"),
      tracking_error: num("std(r_s − r_b) × √annual_days"),
    }),
    config: z.record(z.string(), z.unknown()),
  })
  .openapi("EvaluationResult");

export const MultiSeedResultSchema = z
  .object({
    strategy: z.string(),
    params: Params,
    seeds: z.array(z.number().int()),
    sample_size: z.number().int(),
    window_ratio: z.number(),
    runs: z.array(
      z.object({
        seed: z.number().int(),
        symbol: z.string(),
        start: z.string(),
        end: z.string(),
        bars: z.number().int(),
        total_return: num("return"),
        sharpe: num("Sharpe"),
        max_drawdown: num("max drawdown"),
        total_trades: z.number().int(),
      }),
    ),
    n_runs: z.number().int(),
    positive_ratio: num("share of runs with a return > 0"),
    mean_return: num("mean run return"),
    median_return: num("median run return"),
    mean_sharpe: num("mean run Sharpe (a run without one counts 0)"),
    mean_trades: num("mean trades per run"),
    per_seed_positive_ratio: z.record(z.string(), z.number().nullable()).openapi({ description: "share of profitable runs within each seed: the stability column" }),
    gates: z.array(z.object({ key: z.string(), threshold: z.number(), actual: z.number().nullable(), passed: z.boolean(), detail: z.string() })),
    promoted: z.boolean().openapi({ description: "every gate passed" }),
    skipped: z.array(z.object({ symbol: z.string(), error: z.string() })),
  })
  .openapi("MultiSeedResult");

export const RotationResultSchema = z
  .object({
    performance: PerformanceSchema,
    equity_curve: z.array(EquityPointSchema),
    trades: z.array(TradeSchema.extend({ symbol: z.string() })).openapi({
      description: "fills and refused attempts of every stock in time order (sells first on a bar); on a fill `reason` is why it was ordered: rotation, rank_exit, stop_loss, take_profit, end",
    }),
    final_holdings: z.record(z.string(), z.object({ shares: z.number(), cost: z.number().nullable() })),
    rebalance_dates: z.array(z.string()),
    n_rebalances: z.number().int(),
    rebalances: z.array(
      z.object({
        datetime: z.string(),
        ranked: z.array(z.object({ symbol: z.string(), score: z.number().nullable() })).openapi({ description: "the top keep_rank at the close before" }),
        sold: z.array(z.string()),
        bought: z.array(z.string()),
        holdings: z.array(z.string()).openapi({ description: "after the day's fills" }),
      }),
    ),
    turnover: num("value of all fills / (2 × mean equity)"),
    max_holdings: z.number().int().openapi({ description: "most holdings at any close (never more than slots)" }),
    config: z.record(z.string(), z.unknown()),
    skipped: z.array(z.object({ symbol: z.string(), error: z.string() })),
  })
  .openapi("RotationResult");

export const SignalScanResultSchema = z
  .object({
    rows: z.array(
      z
        .object({
          strategy_id: z.string(),
          strategy_name: z.string(),
          kind: z.enum(["single", "portfolio", "multi"]),
          strategy: z.string(),
          strategy_label: z.string(),
          params: z.record(z.string(), z.unknown()),
          symbol: z.string(),
          category: z.string(),
          latest_signal: z.enum(["BUY", "SELL"]).nullable(),
          signal_date: z.string().nullable(),
          recent_signals: z.array(z.object({ date: z.string(), direction: z.enum(["BUY", "SELL"]) })),
          position: z.enum(["holding", "flat", "short"]).nullable(),
          last_close: z.number().nullable(),
          last_bar_date: z.string().nullable(),
          error: z.string().nullable(),
        })
        .openapi("SignalScanRow"),
    ),
    total: z.number().int(),
    buy_count: z.number().int().openapi({ description: "rows with a BUY in the window" }),
    sell_count: z.number().int().openapi({ description: "rows with a SELL in the window" }),
    error_count: z.number().int(),
    elapsed: z.number().openapi({ description: "seconds the scan took" }),
  })
  .openapi("SignalScanResult");

/** The suitability thresholds as the OpenAPI text states them. */
export const SUITABILITY_TEXT = `**Suitability (fitness).** Basic checks: enough_bars (≥ ${THRESHOLDS.min_bars} bars), enough_trades (≥ ${THRESHOLDS.min_trades} trades in the full
backtest), liquidity (median turnover of the last ${THRESHOLDS.liquidity_bars} bars ≥ ${THRESHOLDS.min_median_amount.toLocaleString("en-US")} CNY; amount, or close × volume
when amount is missing), tradable (≤ ${THRESHOLDS.max_suspended_share * 100} % of the bars suspended). Segment checks on a 60/20/20 train/valid/test split, each
segment run on its own: train_profitable, valid_profitable, test_profitable, sign_consistent (all three returns of one sign),
drawdown_bounded (test max drawdown < ${THRESHOLDS.max_test_drawdown * 100} %), train_enough_trades (≥ ${THRESHOLDS.min_train_trades}), test_active (≥ 1 test trade at ≥ 1/3 of
the train trade rate), oos_sharpe_positive (valid and test Sharpe weighted by bars > 0). \`suitable\`: every basic check passed;
\`high_fitness\`: suitable and ≥ ${THRESHOLDS.high_fitness_ratio * 100} % of all checks passed.`;
