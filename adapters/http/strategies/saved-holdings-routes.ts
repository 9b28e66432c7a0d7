/** `GET /api/v1/strategies/{strategy_id}/holdings`: what a saved strategy holds today (core/app/strategies/saved-holdings-service.ts). */
import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import type { HttpEnv } from "../http-env.ts";
import { errorResponses, jsonOk } from "../schemas/common.ts";
import type { SavedHoldingsService } from "../../../core/app/strategies/saved-holdings-service.ts";

const Money = z.number().nullable();

const Holding = z
  .object({
    key: z.string().openapi({ description: 'the member: its symbol ("SH:600000"), or "{label}@{symbol}" in a multi-strategy group' }),
    date: z.string().openapi({ description: "date of the member's latest bar, YYYY-MM-DD" }),
    size: z.number().openapi({ description: "shares held at that bar's close (0: flat, waiting for a buy signal; negative: short)" }),
    cost: Money.openapi({ description: "average entry price of the shares held, CNY (null when flat)" }),
    price: Money.openapi({ description: "the latest close the position is valued at, CNY (null when flat)" }),
    value: Money.openapi({ description: "market value at the latest close, CNY" }),
    pnl: Money.openapi({ description: "unrealised P&L at the latest close: market value − shares × cost, CNY, before fees" }),
    pnl_pct: Money.openapi({ description: "pnl as a fraction of the cost of the shares held" }),
  })
  .openapi("SavedHolding");

const SavedHoldings = z
  .object({
    strategy_id: z.string(),
    as_of: z.string().nullable().openapi({ description: "the latest bar date the rerun reached; null when no member had bars" }),
    holdings: z.array(Holding).openapi({ description: "one row per member, held ones first" }),
    skipped: z.array(z.object({ symbol: z.string(), error: z.string() })).openapi({ description: "members whose bars could not be fetched" }),
  })
  .openapi("SavedHoldingsResponse");

const Id = z.object({ strategy_id: z.string().min(1).max(64) });

export function registerSavedHoldingsRoutes(app: OpenAPIHono<HttpEnv>, service: SavedHoldingsService): void {
  app.openapi(
    createRoute({
      method: "get",
      path: "/api/v1/strategies/{strategy_id}/holdings",
      tags: ["strategies"],
      summary: "What a saved strategy holds today",
      description:
        "Reruns the saved strategy up to today — its latest N bars, or from its start date to the latest bar (a saved end date is dropped) — " +
        "and answers each member's position at the last bar: shares, average cost, the latest close and the unrealised P&L at it. " +
        "Computed on every call from the bars as they are now. 409 when the saved record cannot be run (an unknown strategy, inline bars, a field its backtest request refuses).",
      request: { params: Id },
      responses: { ...jsonOk(SavedHoldings), ...errorResponses(401, 403, 404, 409) },
    }),
    async (c) => c.json(await service.holdings(c.req.valid("param").strategy_id), 200),
  );
}
