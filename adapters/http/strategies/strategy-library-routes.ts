/** `GET|POST /api/v1/strategies`, `GET|DELETE /api/v1/strategies/{strategy_id}` (spec 4.13). */
import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import type { HttpEnv } from "../http-env.ts";
import { charString, errorResponses, jsonOk } from "../schemas/common.ts";
import { MAX_SAVED_STRATEGIES, MAX_SAVED_STRATEGY_BYTES, type StrategyLibraryService } from "../../../core/app/strategies/strategy-library-service.ts";
import { InvalidRequestError, NotFoundError } from "../../../core/app/app-errors.ts";

const tags = ["strategies"];
const Json = z.record(z.string(), z.unknown());

const SavedStrategyCreate = z
  .object({
    name: charString(1, 120).openapi({ description: "the user's name for it" }),
    kind: z.enum(["single", "portfolio", "multi"]).openapi({ description: "what was backtested: one symbol, a portfolio, or a multi-strategy group" }),
    strategy: z.string().min(1).openapi({ description: "strategy id (as in GET /backtest/strategies)" }),
    strategy_label: z.string().default(""),
    params: Json.default({}),
    context: Json.default({}).openapi({
      description: "symbol context: single {symbol, category, start_date, end_date}; portfolio {stocks, ...}; multi {items, cash, execution}",
    }),
    trade_config: Json.default({}).openapi({ description: "capital and costs (cash, commission, ...)" }),
    snapshot: Json.default({}).openapi({ description: "performance when saved (total_return, sharpe, ...)" }),
    tags: z.array(z.string()).default([]),
    notes: charString(0, 2000).default(""),
  })
  .openapi("SavedStrategyCreate");

const SavedStrategy = SavedStrategyCreate.extend({
  id: z.string(),
  created_at: z.string().openapi({ description: "ISO 8601, UTC, e.g. 2026-07-04T15:30:22Z" }),
  updated_at: z.string(),
  app_version: z.string(),
}).openapi("SavedStrategy");

const SavedStrategyList = z.object({ strategies: z.array(SavedStrategy), count: z.number().int() }).openapi("SavedStrategyListResponse");
const Id = z.object({ strategy_id: z.string().min(1).max(64) });

export function registerStrategyLibraryRoutes(app: OpenAPIHono<HttpEnv>, library: StrategyLibraryService): void {
  app.openapi(
    createRoute({
      method: "get",
      path: "/api/v1/strategies",
      tags,
      summary: "All saved strategies, newest first",
      responses: { ...jsonOk(SavedStrategyList), ...errorResponses(401, 403) },
    }),
    async (c) => c.json(await library.list(), 200),
  );

  app.openapi(
    createRoute({
      method: "post",
      path: "/api/v1/strategies",
      tags,
      summary: "Save a strategy with its symbol context and performance snapshot",
      description:
        "Stored durably (SQLite, synchronous commits): a saved strategy survives restarts and crashes. " +
        `At most ${MAX_SAVED_STRATEGY_BYTES} bytes of JSON per strategy (413 beyond) and ${MAX_SAVED_STRATEGIES} strategies in all (409 beyond).`,
      request: { body: { required: true, content: { "application/json": { schema: SavedStrategyCreate } } } },
      responses: { 201: { description: "saved", content: { "application/json": { schema: SavedStrategy } } }, ...errorResponses(401, 403, 409, 413) },
    }),
    async (c) => c.json(await library.create(c.req.valid("json")), 201),
  );

  app.openapi(
    createRoute({
      method: "get",
      path: "/api/v1/strategies/{strategy_id}",
      tags,
      summary: "One saved strategy",
      request: { params: Id },
      responses: { ...jsonOk(SavedStrategy), ...errorResponses(401, 403, 404) },
    }),
    async (c) => {
      const { strategy_id } = c.req.valid("param");
      const s = await library.get(strategy_id);
      if (!s) throw new NotFoundError(`Saved strategy '${strategy_id}' does not exist`);
      return c.json(s, 200);
    },
  );

  app.openapi(
    createRoute({
      method: "delete",
      path: "/api/v1/strategies/{strategy_id}",
      tags,
      summary: "Delete a saved strategy",
      description: 'Answers `{"deleted": "<id>"}`; deleting an id that does not exist is a 400 (as the spec and easy_tdx say).',
      request: { params: Id },
      responses: { ...jsonOk(z.record(z.string(), z.string())), ...errorResponses(400, 401, 403) },
    }),
    async (c) => {
      const { strategy_id } = c.req.valid("param");
      if (!(await library.delete(strategy_id))) throw new InvalidRequestError(`Saved strategy '${strategy_id}' does not exist`);
      return c.json({ deleted: strategy_id }, 200);
    },
  );
}
