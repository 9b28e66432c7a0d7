/**
 * The backtest area's routes (spec 4.12 first part, the formula tasks of 4.4,
 * and the strategy library of 4.13), registered with one call.
 */
import { createRoute, type OpenAPIHono, type z } from "@hono/zod-openapi";
import type { TaskRunner } from "../../../ports/task-runner.ts";
import { freshJsonResponse } from "../frames/json-bytes-response.ts";
import type { HttpEnv } from "../http-env.ts";
import { errorResponses, jsonOk } from "../schemas/common.ts";
import { registerSavedHoldingsRoutes } from "../strategies/saved-holdings-routes.ts";
import type { SavedHoldingsService } from "../../../core/app/strategies/saved-holdings-service.ts";
import { registerStrategyLibraryRoutes } from "../strategies/strategy-library-routes.ts";
import type { StrategyLibraryService } from "../../../core/app/strategies/strategy-library-service.ts";
import { backtestRequestSchemas } from "./backtest-requests.ts";
import { BacktestResultSchema, PERFORMANCE_NOTATION, PortfolioResultSchema, StrategySchemaResponse } from "./backtest-responses.ts";
import { submitResponses } from "./task-submit-responses.ts";
import type { BacktestService } from "../../../core/app/backtest/backtest-service.ts";
import { backtestResultJson } from "./result-json.ts";
import { registerTaskRoutes } from "./task-routes.ts";
import { strategySchema } from "./strategy-schema.ts";

export interface BacktestArea {
  readonly backtest: BacktestService;
  readonly tasks: TaskRunner;
  readonly library: StrategyLibraryService;
  readonly holdings: SavedHoldingsService;
}

const RULES = `**Execution.** A signal read at bar t's close fills at bar t+1's open (\`execution: next_open\`, the default) or
t+1's close (\`next_close\`) — never on the bar that produced it. An entry while flat opens a position, an exit closes it;
repeated entries do not add. A-share rules, each switchable: T+1 (\`t_plus_one\`), board lots (\`board_lot\`: 100; STAR 200
then 1), commission with a minimum (\`commission\`, \`min_commission\` = 5 CNY), stamp duty on sells by trade date
(\`stamp_tax\` "auto": 0.1 % before 2023-08-28, 0.05 % from then), transfer fee (\`transfer_fee\` "auto"), \`slippage\`, no buy
at the up-limit or sell at the down-limit (\`price_limit\`: main ±10 %, ST ±5 %, ChiNext/STAR ±20 %, Beijing ±30 %), no fill
on a suspended bar (\`suspension\`: volume 0), position sizing (\`sizing\`: all_in, fixed_fraction, fixed_amount). A refused
closing order is retried on the next bars; a refused opening order is dropped. Inline bars without a \`symbol\` trade by
main-board rules. Annualisation uses \`annual_days\` (242).

**Metrics.** ${PERFORMANCE_NOTATION} Each metric's definition is in the Performance schema.`;

const body = <T extends z.ZodType>(schema: T) => ({ body: { required: true, content: { "application/json": { schema } } } });

export function registerBacktestRoutes(app: OpenAPIHono<HttpEnv>, area: BacktestArea): void {
  const { backtest } = area;
  const req = backtestRequestSchemas(backtest.registry);
  const accepted = (t: { task_id: string }) => ({ task_id: t.task_id, status: "pending" as const });
  // the plugin set is fixed after start-up, so the listing is built once
  let listing: { strategies: ReturnType<typeof strategySchema>[]; count: number } | undefined;
  const strategies = () => {
    if (!listing) {
      const all = [...backtest.registry.strategies.values()].map(strategySchema);
      listing = { strategies: all, count: all.length };
    }
    return listing;
  };

  app.openapi(
    createRoute({
      method: "get",
      path: "/api/v1/backtest/strategies",
      tags: ["backtest"],
      summary: "Preset strategies with their parameter schemas",
      description:
        "Each strategy: `name` (the id to send), `label`, `description`, `params` (type, default, bounds, label), `preset_grid` (the default optimisation grid) and `schema` (JSON Schema of the parameters).",
      responses: { ...jsonOk(StrategySchemaResponse), ...errorResponses(401, 403) },
    }),
    (c) => c.json(strategies(), 200),
  );

  app.openapi(
    createRoute({
      method: "post",
      path: "/api/v1/backtest/run",
      tags: ["backtest"],
      summary: "Synchronous single-symbol backtest on inline OHLCV",
      description: `For runs on inline \`ohlcv\`: up to 250,000 bars in a body of at most 48 MiB (other routes: 1 MiB), which may be sent gzip-compressed (\`Content-Encoding: gzip\`; the limit then holds for the inflated size, else 413). To fetch by symbol use /backtest/run/async.\n\n${RULES}`,
      request: body(req.BacktestRequest),
      responses: { ...jsonOk(BacktestResultSchema), ...errorResponses(400, 401, 403, 404, 413) },
    }),
    async (c) => freshJsonResponse<z.output<typeof BacktestResultSchema>>(c, backtestResultJson(await backtest.run(c.req.valid("json"), c.get("columnBody")?.series))),
  );

  app.openapi(
    createRoute({
      method: "post",
      path: "/api/v1/backtest/run/async",
      tags: ["backtest"],
      summary: "Background single-symbol backtest (inline OHLCV or a symbol)",
      description: `Bars are fetched while the request is open (an unknown symbol is a 404), then the run happens on a worker thread. The result is a BacktestResultResponse.\n\n${RULES}`,
      request: body(req.BacktestRequest),
      responses: submitResponses(400, 401, 403, 404, 413, 502, 503, 504),
    }),
    async (c) => c.json(accepted(await backtest.submitBacktest(c.req.valid("json"))), 202),
  );

  app.openapi(
    createRoute({
      method: "post",
      path: "/api/v1/backtest/portfolio/run/async",
      tags: ["backtest"],
      summary: "Background portfolio backtest: one strategy on several symbols with shared capital",
      description: `One cash account; each symbol has a target weight (equal unless \`weights\` are given; their sum may be below 1,
leaving cash). An entry buys up to weight × equity; sells are worked before buys on each step; \`rebalance: periodic\` brings
holdings back to their weights every \`rebalance_every\` bars. A symbol whose bars cannot be fetched is skipped (listed in
\`skipped\`); when none can be fetched the answer is 400. The result is a PortfolioResult: total metrics, one full result per
symbol, the allocation and the combined equity curve.\n\n${RULES}`,
      request: body(req.PortfolioBacktestRequest),
      responses: submitResponses(400, 401, 403, 413),
    }),
    async (c) => c.json(accepted(await backtest.submitPortfolio(c.req.valid("json"))), 202),
  );

  app.openapi(
    createRoute({
      method: "post",
      path: "/api/v1/backtest/multi-strategy/run/async",
      tags: ["backtest"],
      summary: "Background multi-strategy backtest: N strategies, each on its own symbol with 1/N of the capital",
      description: `Each item runs independently with cash / N; the combined account adds their equity. An item whose data fetch fails is
skipped (listed in \`skipped\`); when all fail the answer is 400. Result keys are \`{strategy_label}@{symbol}\`; the result
has the PortfolioResult structure.\n\n${RULES}`,
      request: body(req.MultiStrategyBacktestRequest),
      responses: submitResponses(400, 401, 403, 413),
    }),
    async (c) => c.json(accepted(await backtest.submitMultiStrategy(c.req.valid("json"))), 202),
  );

  app.openapi(
    createRoute({
      method: "post",
      path: "/api/v1/formula/backtest/run/async",
      tags: ["formula"],
      summary: "Background backtest of a TDX formula's signal columns",
      description: `The \`buy\` column (default: the first signal column) opens a position and the \`sell\` column (default: the second
signal column; "none": hold while the buy column is on) closes it; a signal on bar t fills at bar t+1's open. Bars inline or
by symbol as /backtest/run/async. A formula using future functions runs, with a \`warnings\` entry in the result. The result
is a BacktestResultResponse.\n\n${RULES}`,
      request: body(req.FormulaBacktestRequest),
      responses: submitResponses(400, 401, 403, 404, 413, 502, 503, 504),
    }),
    async (c) => c.json(accepted(await area.backtest.submitFormulaBacktest(c.req.valid("json"))), 202),
  );

  app.openapi(
    createRoute({
      method: "post",
      path: "/api/v1/formula/screen/run/async",
      tags: ["formula"],
      summary: "Background screen: securities whose signal column is on at the last bar",
      description: `Evaluates the formula on the latest \`count\` bars of every security in \`symbols\` (or every A-share stock of the
\`universe\`), fetching concurrently and evaluating on the worker threads. The result (FormulaScreenResult):
\`signal\`, \`columns\`, \`rows\` (matches: symbol, name, date and close of the last bar, and every output column's last
value, sorted by \`sort_by\` when given), \`total\`, \`matched\`, \`error_count\`, \`errors\` (securities whose bars could not be
fetched or evaluated) and \`future_functions\`.`,
      request: body(req.FormulaScreenRequest),
      responses: submitResponses(400, 401, 403, 413, 502, 503, 504),
    }),
    async (c) => c.json(accepted(await area.backtest.submitFormulaScreen(c.req.valid("json"))), 202),
  );

  app.openAPIRegistry.register("PortfolioResult", PortfolioResultSchema);
  registerTaskRoutes(app, area.tasks);
  registerStrategyLibraryRoutes(app, area.library);
  registerSavedHoldingsRoutes(app, area.holdings);
}
