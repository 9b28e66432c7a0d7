import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import { formatIsoMarket, marketTimeOf } from "../../../core/bars/index.ts";
import { TRADING_WINDOWS, tradingSession } from "../../../core/market/index.ts";
import type { Clock } from "../../../ports/clock.ts";
import type { HttpEnv } from "../http-env.ts";
import { errorResponses, jsonOk } from "../schemas/common.ts";

const SessionOut = z
  .object({
    is_trading: z.boolean().openapi({ description: "true inside a trading window" }),
    phase: z.enum(["pre_open", "morning", "lunch_break", "afternoon", "closed", "weekend"]),
    now: z.string().openapi({ description: "market time, ISO 8601 with +08:00" }),
    timezone: z.literal("Asia/Shanghai"),
    windows: z.array(z.object({ start: z.string(), end: z.string() })),
    next_change: z.string().openapi({ description: "when is_trading next flips" }),
  })
  .openapi("MarketSession");

/** The session answer for "now" (also streamed over the WebSocket). */
export function sessionPayload(clock: Clock) {
  const t = marketTimeOf(clock.now());
  const s = tradingSession(t);
  return {
    is_trading: s.trading,
    phase: s.phase,
    now: formatIsoMarket(t),
    timezone: "Asia/Shanghai" as const,
    windows: TRADING_WINDOWS.map((w) => ({ ...w })),
    next_change: formatIsoMarket(s.nextChange),
  };
}

/** `GET /api/v1/market/session` (adapters/http/README.md §4.1). */
export function registerSessionRoutes(app: OpenAPIHono<HttpEnv>, clock: Clock): void {
  app.openapi(
    createRoute({
      method: "get",
      path: "/api/v1/market/session",
      tags: ["market"],
      summary: "Whether now is inside a valid trading window",
      description:
        "Valid windows are 09:15–11:30 and 13:00–15:05 Asia/Shanghai (both ends inclusive, auction buffer " + "included, lunch break excluded), Monday to Friday. No holiday calendar is consulted.",
      responses: { ...jsonOk(SessionOut), ...errorResponses(401, 403) },
    }),
    (c) => c.json(sessionPayload(clock), 200),
  );
}
