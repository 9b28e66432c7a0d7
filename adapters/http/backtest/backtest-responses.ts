/**
 * OpenAPI schemas of backtest results and task states, in easy_tdx's wire
 * shapes. Every performance metric carries its definition from the engine's
 * METRIC_DOCS, so the document says exactly what each number is.
 */
import { z } from "@hono/zod-openapi";
import { METRIC_DOCS, METRIC_NAMES, REFUSAL_NAMES } from "../../../core/backtest/index.ts";

const num = (description: string) => z.number().nullable().openapi({ description });

export const PERFORMANCE_NOTATION = `Notation: V_0 … V_{n-1} equity at each bar's close (V_0 = initial cash, nothing fills on the first bar),
r_t = V_t / V_{t-1} − 1 for t ≥ 1 (m = n − 1 returns), N = annual_days (242 A-share trading days unless the request
says otherwise), rf = risk_free_rate / N. A trade is a closing fill (a sell closing a long, a buy covering a short); its
P&L is net of the fees of both sides (entry fees released pro rata) and its return is P&L / (average entry price ×
shares). Open positions are not trades unless close_at_end. Undefined or infinite values are null.`;

export const PerformanceSchema = z.object(Object.fromEntries(METRIC_NAMES.map((name) => [name, num(METRIC_DOCS[name])]))).openapi("Performance", { description: PERFORMANCE_NOTATION });

export const EquityPointSchema = z
  .object({
    datetime: z.string().openapi({ description: "bar time, YYYY-MM-DDTHH:MM:SS (market time)" }),
    cash: num("cash at the close, CNY"),
    position_value: num("signed market value of positions at the close, CNY"),
    total: num("equity: cash + position value"),
    drawdown: num("CNY below the running peak of equity"),
    drawdown_pct: num("drawdown as a fraction of the running peak"),
  })
  .openapi("EquityPoint");

export const TradeSchema = z
  .object({
    datetime: z.string().openapi({ description: "fill (or refusal) bar time" }),
    direction: z.enum(["BUY", "SELL"]),
    size: num("shares"),
    price: num("fill price after slippage"),
    commission: num("all fees of the fill: brokerage + stamp_tax + transfer_fee (CNY)"),
    slippage: num("slippage cost of the fill in CNY"),
    pnl: num("closing fills: net P&L of the round trip; 0 on opening fills"),
    cost_basis: num("closing fills: entry value of the shares closed; 0 on opening fills"),
    rejected: z.boolean().openapi({ description: "a refused fill attempt (see reason)" }),
    reason: z
      .string()
      .nullable()
      .openapi({ description: `refusal reason: ${REFUSAL_NAMES.filter((r) => r !== "none").join(", ")}` }),
    action: z.enum(["open_long", "close_long", "open_short", "close_short"]),
    brokerage: num("broker commission, max(min_commission, rate × value)"),
    stamp_tax: num("stamp duty (sells)"),
    transfer_fee: num("transfer fee"),
    entry_datetime: z.string().nullable().openapi({ description: "closing fills: the entry bar" }),
    entry_price: num("closing fills: average entry price"),
    holding_days: num("closing fills: calendar days from entry to exit"),
    holding_bars: z.number().int().nullable().openapi({ description: "closing fills: bars from entry to exit" }),
    return_pct: num("closing fills: pnl / cost_basis (fraction)"),
  })
  .openapi("Trade");

export const PositionSchema = z
  .object({
    datetime: z.string(),
    size: z.number().openapi({ description: "signed shares held at the close" }),
    avg_price: num("average entry price"),
    market_value: num("signed market value at the close"),
    unrealized_pnl: num("market value − size × avg_price, before fees"),
  })
  .openapi("Position");

export const BacktestResultSchema = z
  .object({
    performance: PerformanceSchema,
    equity_curve: z.array(EquityPointSchema),
    trades: z.array(TradeSchema).openapi({ description: "every fill and every refused fill attempt, in time order" }),
    positions: z.array(PositionSchema),
    config: z.record(z.string(), z.unknown()).openapi({ description: "the settings used, with `security` (code, exchange, board, st)" }),
  })
  .openapi("BacktestResultResponse");

export const PortfolioResultSchema = z
  .object({
    total_performance: PerformanceSchema.extend({ total_stocks: z.number().int(), total_cash: z.number() }),
    individual_results: z.record(z.string(), BacktestResultSchema).openapi({ description: "one full result per symbol (portfolio) or per strategy@symbol (multi-strategy)" }),
    equity_allocation: z.record(z.string(), z.number()).openapi({ description: "capital share of each member" }),
    combined_equity: z.array(EquityPointSchema),
    config: z.record(z.string(), z.unknown()),
    skipped: z
      .array(z.object({ symbol: z.string(), error: z.string() }))
      .optional()
      .openapi({ description: "members left out because their bars could not be fetched" }),
  })
  .openapi("PortfolioResult");

export const TaskSubmitResponseSchema = z.object({ task_id: z.string(), status: z.enum(["pending", "running"]) }).openapi("TaskSubmitResponse");

const STATUS = z.enum(["pending", "running", "done", "failed", "cancelled"]);

export const TaskSummarySchema = z
  .object({
    task_id: z.string(),
    kind: z.string().openapi({
      description: "backtest, portfolio, multi_strategy, formula_backtest, formula_screen, optimize, optimize_all, run_all, walk_forward, evaluate, multiseed, rotation or signal_scan",
    }),
    status: STATUS,
    description: z.string(),
    progress: z.number().min(0).max(1),
    message: z.string(),
    created_at: z.number().openapi({ description: "epoch seconds (as easy_tdx)" }),
    started_at: z.number().nullable().openapi({ description: "epoch seconds of the latest start" }),
    finished_at: z.number().nullable(),
    elapsed: z.number().openapi({ description: "seconds from start (creation while pending) to finish (or now)" }),
    error: z.string().nullable(),
    attempts: z.number().int().openapi({ description: "starts so far; a restart during a run starts it once more" }),
  })
  .openapi("TaskSummary");

export const TaskStateSchema = TaskSummarySchema.extend({
  result: z.unknown().nullable().openapi({
    description:
      "at done: the full result (BacktestResultResponse for backtest and formula_backtest, PortfolioResult for portfolio and multi_strategy, FormulaScreenResult for formula_screen, OptimizeResult, OptimizeAllResult, RunAllResult, WalkForwardTaskResult, EvaluationResult, MultiSeedResult, RotationResult, SignalScanResult for the research kinds); otherwise null",
  }),
}).openapi("TaskStateResponse");

export const TaskListSchema = z.object({ tasks: z.array(TaskSummarySchema), count: z.number().int() }).openapi("TaskListResponse");

export const StrategyParamSchema = z
  .object({
    name: z.string(),
    type: z.enum(["int", "float", "bool", "str"]),
    default: z.union([z.number(), z.string(), z.boolean()]).nullable(),
    label: z.string(),
    label_en: z.string().optional().openapi({ description: "the label in English (for the web app in English)" }),
    min_value: z.number().optional(),
    max_value: z.number().optional(),
    choices: z.array(z.string()).optional(),
    description: z.string().optional(),
    input: z.enum(["number", "checkbox", "select", "text", "textarea"]).openapi({
      description:
        "the form control for this parameter (an addition to easy_tdx's fields): number (int, float), checkbox (bool), select (str with choices), text (one-line str), textarea (multi-line str such as a formula's text)",
    }),
    max_length: z.number().int().optional().openapi({ description: "longest accepted string (str parameters)" }),
  })
  .openapi("StrategyParam");

export const StrategySchemaResponse = z
  .object({
    strategies: z.array(
      z
        .object({
          name: z.string().openapi({ description: "the id to pass as `strategy`" }),
          id: z.string().openapi({ description: "same as name" }),
          label: z.string().openapi({ description: "display name in Chinese" }),
          description: z.string().openapi({ description: "what it does, in English" }),
          label_en: z.string().openapi({ description: "display name in English" }),
          description_zh: z.string().openapi({ description: "what it does, in Chinese" }),
          params: z.array(StrategyParamSchema),
          preset_grid: z.record(z.string(), z.array(z.union([z.number(), z.string(), z.boolean()]))).openapi({ description: "default optimisation grid" }),
          schema: z.record(z.string(), z.unknown()).openapi({ description: "the parameters as JSON Schema (bounds, defaults)" }),
        })
        .openapi("StrategySchema"),
    ),
    count: z.number().int(),
  })
  .openapi("StrategySchemaResponse");
