/**
 * The research routes (spec 4.12 second part): optimisation, optimise-all,
 * walk-forward, evaluation, multi-seed validation, rotation and the signal
 * scan, all background tasks polled at GET /backtest/tasks/{task_id}.
 */
import { createRoute, type OpenAPIHono, type z } from "@hono/zod-openapi";
import { RUBRIC_TEXT, DEFAULT_GATES, MIN_WINDOW_BARS } from "../../../core/research/index.ts";
import type { HttpEnv } from "../http-env.ts";
import { submitResponses } from "../backtest/task-submit-responses.ts";
import { MAX_GRID_POINTS, researchRequestSchemas, WalkForwardQuery } from "./research-requests.ts";
import {
  EvaluationResultSchema,
  MultiSeedResultSchema,
  OptimizeAllResultSchema,
  OptimizeResultSchema,
  RotationResultSchema,
  SignalScanResultSchema,
  SUITABILITY_TEXT,
  WalkForwardResultSchema,
} from "./research-responses.ts";
import type { ResearchService } from "../../../core/app/research/research-service.ts";
import { COMBINATION_RULE } from "../../../plugins/strategies/combination.ts";
import { MAX_RUN_ALL_RUNS, runAllRequestSchema } from "./run-all-requests.ts";
import { RunAllResultSchema } from "./run-all-responses.ts";

const tags = ["backtest"];
const body = <T extends z.ZodType>(schema: T) => ({ body: { required: true, content: { "application/json": { schema } } } });
const accepted = (t: { task_id: string }) => ({ task_id: t.task_id, status: "pending" as const });

const GRID_TEXT = `**Grid.** \`param_grid\` maps parameters to the values to try (default: the strategy's \`preset_grid\` from GET
/backtest/strategies); the points are their Cartesian product, at most ${MAX_GRID_POINTS.toLocaleString("en-US")}, each completed with \`params\` and the
defaults. A point the strategy's own rules reject (out of bounds, fast ≥ slow) is skipped, counted in \`skipped\` and its reason
given in \`skip_reasons\`; \`grid_points\` counts the points that ran (as easy_tdx) and \`grid_size\` the whole grid. Every point
is a full backtest with the request's trading settings (metrics only); indicator series are shared between points (each
distinct moving average is computed once per chunk), and the points are split across the job pool (worker threads, or
BullMQ workers when TASK_BACKEND=bullmq). Progress counts combinations done. \`objective\` (default total_return, as easy_tdx)
orders the ranking: drawdowns, volatility, fees, losing and rejected trades ascending, every other metric descending, undefined
values last; \`best\` is the first row. Points with fewer closed trades than \`min_trades\` (default 1; 0 = easy_tdx's plain order)
rank after all others; each ranking row carries \`qualified\` and a \`note\` saying why its value cannot be trusted (never held a
position, e.g. a window as long as the series; too few trades; objective undefined), else null.`;

const WF_TEXT = `**Walk-forward.** The first \`in_sample_ratio\` (default 30 %) of the bars is the initial in-sample span; the rest is cut into
\`n_windows\` consecutive out-of-sample windows (the last takes the remainder; every span needs ≥ ${MIN_WINDOW_BARS} bars, else 400). For each
window the grid (\`param_grid\`, default the preset grid; \`{}\` keeps \`params\` fixed) is optimised by \`objective\` on its in-sample
span only — the bars right before the window, rolling with the initial span's length, or from the first bar with
\`anchored\` — so optimisation never reads the window or anything after it. The chosen parameters then run on the window
alone: flat at its start, indicators reading up to \`context_bars\` earlier bars (their signals ignored), closed out on its last
bar. Every metric of a window (and of an evaluation segment) is taken over its own bars only, the \`bars\` it reports: the
context bars count in no return, annualisation, drawdown or exposure. Result \`walkforward\`: per window its dates, in-sample
span, chosen \`params\` and out-of-sample metrics; \`consistency\`
(share of profitable windows), \`chained_return\` = \`compounded_return\` (∏(1 + window return) − 1), and the mean, median,
worst and best window. By symbol at least 800 bars are fetched.`;

export function registerResearchRoutes(app: OpenAPIHono<HttpEnv>, research: ResearchService): void {
  const req = researchRequestSchemas(research.registry);

  app.openapi(
    createRoute({
      method: "post",
      path: "/api/v1/backtest/optimize/run/async",
      tags,
      summary: "Background grid search of one strategy's parameters on one symbol",
      description: `Bars inline (\`ohlcv\`) or by \`symbol\` (with \`count\`, \`start_date\`, \`end_date\`). ${GRID_TEXT}\n\nThe result (OptimizeResult): \`ranking\` (every evaluated point, best first; the CSV export's table), easy_tdx's \`results\`,
\`best\` and \`heatmap\`, \`best_params\`, and \`best_result\`: the best point run in full (a BacktestResultResponse).`,
      request: body(req.OptimizeBacktestRequest),
      responses: submitResponses(400, 401, 403, 404, 413, 502, 503, 504),
    }),
    async (c) => c.json(accepted(await research.submitOptimize(c.req.valid("json"))), 202),
  );

  app.openapi(
    createRoute({
      method: "post",
      path: "/api/v1/backtest/optimize-all/run/async",
      tags,
      summary: "Background grid search of every strategy's preset grid on one symbol",
      description: `Each strategy with a preset grid (or those in \`strategies\`) is searched over its \`preset_grid\` as
/optimize does; the best point of each forms the global \`ranking\` (by \`objective\`, default total_return, entries below
\`min_trades\` last), with \`best\`, \`per_strategy\`, \`total_grid_points\` (points that ran, as easy_tdx), \`total_grid_size\` and
\`unranked\` (strategies without a point that ran, with the reason) (OptimizeAllResult). All strategies' points share one job fan-out.`,
      request: body(req.OptimizeAllBacktestRequest),
      responses: submitResponses(400, 401, 403, 404, 413, 502, 503, 504),
    }),
    async (c) => c.json(accepted(await research.submitOptimizeAll(c.req.valid("json"))), 202),
  );

  app.openapi(
    createRoute({
      method: "post",
      path: "/api/v1/backtest/run-all/run/async",
      tags,
      summary: "Background ranking of every strategy and every 2- and 3-member combination of them on one symbol",
      description: `easy_tdx's \`run-all --combo 2 --combo 3 --combo-mode MAJORITY\`. Each strategy (\`strategies\`, default every
registered one but \`combination\`) runs alone at its default parameters, and every combination of \`combo_sizes\` of them
(default [2, 3]; members in itertools.combinations order) runs as the \`combination\` strategy with \`combo_mode\`
(default MAJORITY). ${COMBINATION_RULE} At most ${MAX_RUN_ALL_RUNS.toLocaleString("en-US")} runs per request (the 22 built-ins with
pairs and triples make 1,793); beyond, a 422 at \`combo_sizes\`. All runs are ranked together by \`objective\` (default
total_return, as easy_tdx); easy_tdx drops combinations that never trade, here runs with fewer than \`min_trades\` (default 1)
closed trades rank last, marked. The runs share the grid jobs of /optimize (worker threads or BullMQ workers); progress counts
runs. Result: RunAllResult (\`counts\` per size: C(n, 2), C(n, 3) …).`,
      request: body(runAllRequestSchema(research.registry)),
      responses: submitResponses(400, 401, 403, 404, 413, 502, 503, 504),
    }),
    async (c) => c.json(accepted(await research.submitRunAll(c.req.valid("json"))), 202),
  );

  app.openapi(
    createRoute({
      method: "post",
      path: "/api/v1/backtest/wf/run/async",
      tags,
      summary: "Background walk-forward out-of-sample validation",
      description: `Body: a BacktestRequest with optional walk-forward fields. ${WF_TEXT}`,
      request: { query: WalkForwardQuery, ...body(req.WalkForwardRequest) },
      responses: submitResponses(400, 401, 403, 404, 413, 502, 503, 504),
    }),
    async (c) => c.json(accepted(await research.submitWalkForward(c.req.valid("json"), c.req.valid("query").n_windows)), 202),
  );

  app.openapi(
    createRoute({
      method: "post",
      path: "/api/v1/backtest/evaluate/run/async",
      tags,
      summary: "Background one-stop evaluation: backtest, walk-forward, suitability, score, S–D rating, buy-and-hold comparison",
      description: `Body as /wf (n_windows in the query, default 7). The result (EvaluationResult): \`performance\` of the full backtest of
\`params\`; \`walkforward\` as /wf; \`fitness\` (the suitability check); \`benchmark\`: buy-and-hold under the same rules (entry on
the first bar after the warm-up, all-in, same fees, lots and limits) and \`excess_return\` = total_return − buy-and-hold
total_return, with alpha, beta, information_ratio and tracking_error from the per-bar returns of the two equity curves;
\`score\` (0–100) and \`grade\` (S/A/B/C/D).\n\n${SUITABILITY_TEXT}\n\n${RUBRIC_TEXT}\n\n${WF_TEXT}`,
      request: { query: WalkForwardQuery, ...body(req.WalkForwardRequest) },
      responses: submitResponses(400, 401, 403, 404, 413, 502, 503, 504),
    }),
    async (c) => c.json(accepted(await research.submitEvaluate(c.req.valid("json"), c.req.valid("query").n_windows)), 202),
  );

  app.openapi(
    createRoute({
      method: "post",
      path: "/api/v1/backtest/multiseed/run/async",
      tags,
      summary: "Background multi-seed random-sampling validation with promotion gates",
      description: `Repeated random sub-sampling: for each seed (\`seeds\`, or 1…\`n_seeds\`) a sample of \`sample_size\` stocks from
\`stocks\` (default all) and, on each, a random contiguous stretch of \`window_ratio\` of its bars (at least 30) is backtested.
The same seed always draws the same sample (a fixed mulberry32 generator), so a result is reproducible. Stocks whose bars
cannot be fetched are skipped (listed in \`skipped\`). Gates (thresholds in \`gates\`, defaults ${JSON.stringify(DEFAULT_GATES)}):
positive_ratio ≥ threshold (share of runs with a return > 0), mean_sharpe > threshold (a run without a Sharpe ratio counts
0), mean_trades ≥ threshold, mean_return > threshold; \`promoted\` when all pass. \`per_seed_positive_ratio\` gives the share
of profitable runs within each seed (MultiSeedResult).`,
      request: body(req.MultiSeedRequest),
      responses: submitResponses(400, 401, 403, 413, 502, 503, 504),
    }),
    async (c) => c.json(accepted(await research.submitMultiSeed(c.req.valid("json"))), 202),
  );

  app.openapi(
    createRoute({
      method: "post",
      path: "/api/v1/backtest/rotation/run/async",
      tags,
      summary: "Background rotation backtest: equal slots, periodic re-ranking, rank-out sells and refills",
      description: `\`slots\` equal slots over \`stocks\`. Rebalance days: the second bar, then the first trading day of every day,
week or month (\`refresh\`). At the close before a rebalance day the stocks with a bar there are ranked by \`score\`
(\`momentum\`: close / close \`period\` bars earlier − 1; \`formula\`: the value of \`score_col\` of \`formula_text\`, default its
last numeric output; future functions refused) — only data up to that close. On the rebalance day, at its open (or close with
execution=next_close): holdings ranked worse than \`keep_rank\` (default slots) or without a score are sold, then empty slots
are filled from the best-ranked stocks within keep_rank not held, each slot worth equity / slots (capped by cash). A buy that
cannot fill (limit-up, suspended, under one lot) passes to the next candidate; a sell that cannot fill (limit-down,
suspended, T+1) is retried each bar and keeps its slot, so holdings never exceed slots. \`stop_loss\` / \`take_profit\`: a slot
whose close reaches entry × (1 − stop_loss) or × (1 + take_profit) is sold at the next bar and refilled on the next rebalance
day. All A-share rules apply (lots, T+1, limits, fees by date, slippage); the sizing and allow_short settings do not.
Stocks whose bars cannot be fetched are skipped; fewer than 2 left is a 400. Result: RotationResult.`,
      request: body(req.RotationBacktestRequest),
      responses: submitResponses(400, 401, 403, 413, 502, 503, 504),
    }),
    async (c) => c.json(accepted(await research.submitRotation(c.req.valid("json"))), 202),
  );

  app.openapi(
    createRoute({
      method: "post",
      path: "/api/v1/backtest/signal-scan/run/async",
      tags,
      summary: "Background scan of the latest buy/sell signals of every saved strategy",
      description: `Every saved strategy is expanded into strategy × symbol targets (single: its symbol; portfolio: each stock; multi:
each item on its own symbol). Bars are fetched once per distinct (symbol, category): the latest 800, QFQ. Each target's
signals are read as the engine reads them (warm-up from the saved trade_config, an entry and an exit on one bar cancel,
repeated entries do not add): a BUY where the position asked for goes up, a SELL where it goes down. Rows
(SignalScanRow) report the signals on the latest \`window_bars\` bars, the latest one, the position after the last bar and
the last close; a target that cannot be scanned gets its \`error\`. No backtest is re-run and no saved entry changes. 400
when the library is empty.`,
      request: body(req.SignalScanRequest),
      responses: submitResponses(400, 401, 403),
    }),
    async (c) => c.json(accepted(await research.submitSignalScan(c.req.valid("json"))), 202),
  );

  for (const [name, schema] of [
    ["OptimizeResult", OptimizeResultSchema],
    ["OptimizeAllResult", OptimizeAllResultSchema],
    ["RunAllResult", RunAllResultSchema],
    ["WalkForwardTaskResult", WalkForwardResultSchema],
    ["EvaluationResult", EvaluationResultSchema],
    ["MultiSeedResult", MultiSeedResultSchema],
    ["RotationResult", RotationResultSchema],
    ["SignalScanResult", SignalScanResultSchema],
  ] as const) {
    app.openAPIRegistry.register(name, schema);
  }
}
