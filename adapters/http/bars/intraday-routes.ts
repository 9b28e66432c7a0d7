import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import { wallMinuteOfStart } from "../../../core/bars/index.ts";
import type { QuoteSource } from "../../../ports/quote-source.ts";
import type { MinuteSeries, TickSeries } from "../../../core/quotes/index.ts";
import { dataFrameJson, DataFrameSchema, frameResponse, num, plain } from "../frames/data-frame.ts";
import type { HttpEnv } from "../http-env.ts";
import { marketId, SZ_SH } from "../../../core/app/quotes/markets.ts";
import { errorResponses, jsonOk } from "../schemas/common.ts";
import { qCode, qInt, qMarket, qYmd, U16_MAX } from "../validation/query.ts";
import { requireKnownSecurity } from "../../../core/app/quotes/known-security.ts";
import type { SecurityDirectory } from "../../../core/app/quotes/security-directory.ts";

const tags = ["bars"];
const hhmm = (m: number) => `${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`;

function minuteJson(m: MinuteSeries, extra?: Record<string, unknown>): Uint8Array<ArrayBuffer> {
  // Point i is the minute ending at the i-th trading minute (09:31 … 11:30, 13:01 … 15:00).
  const times = Array.from({ length: m.length }, (_, i) => hhmm(wallMinuteOfStart(i) + 1));
  return dataFrameJson([plain("time", times), num("price", m.price), num("vol", m.vol)], m.length, extra);
}

function ticksJson(t: TickSeries): Uint8Array<ArrayBuffer> {
  return dataFrameJson(
    [
      plain("time", Array.from(t.minute, hhmm)),
      num(
        "hour",
        t.minute.map((m) => Math.floor(m / 60)),
      ),
      num(
        "minute",
        t.minute.map((m) => m % 60),
      ),
      num("price", t.price),
      num("vol", t.vol),
      num("num", t.orders),
      num("buyorsell", t.direction),
    ],
    t.length,
  );
}

const MINUTE_DESC = "Columns: time (HH:MM, end of the minute), price (CNY), vol (lots).";
const TICK_DESC =
  "Tick-by-tick trades, oldest first. Columns: time (HH:MM), hour, minute, price (CNY), vol (lots), num (orders in the " +
  "trade; null for historical ticks, which do not carry it), buyorsell (0 buy-initiated, 1 sell-initiated, 2 neutral).";

const ref = { market: qMarket(SZ_SH), code: qCode() };
const page = { start: qInt({ min: 0, max: U16_MAX }).default(0), count: qInt({ min: 1, max: 800 }).default(800) };
const responses = { ...jsonOk(DataFrameSchema), ...errorResponses(401, 403, 404, 502, 503, 504) };

/**
 * `/minute`, `/minute/history`, `/transaction`, `/transaction/history` (adapters/http/README.md 4.2).
 * A code the security list does not have is a 404, as on `/bars` (adapters/http/DECISIONS.md "Errors":
 * 404 for an unknown security where the source can tell), not the empty table the quote server sends.
 */
export function registerIntradayRoutes(app: OpenAPIHono<HttpEnv>, src: QuoteSource, dir: SecurityDirectory): void {
  const id = async (q: { market: "SZ" | "SH"; code: string }) => {
    await requireKnownSecurity(dir, q.market, q.code);
    return { market: marketId(q.market), code: q.code };
  };

  app.openapi(createRoute({ method: "get", path: "/api/v1/minute", tags, summary: "Today's intraday series", description: MINUTE_DESC, request: { query: z.object(ref) }, responses }), async (c) =>
    frameResponse(c, minuteJson(await src.minute(await id(c.req.valid("query"))))),
  );

  app.openapi(
    createRoute({
      method: "get",
      path: "/api/v1/minute/history",
      tags,
      summary: "Intraday series of a past day",
      description: `${MINUTE_DESC} The top-level \`pre_close\` is the previous close the server reports.`,
      request: { query: z.object({ ...ref, date: qYmd() }) },
      responses,
    }),
    async (c) => {
      const q = c.req.valid("query");
      const r = await src.historyMinute(await id(q), q.date);
      return frameResponse(c, minuteJson(r.series, { pre_close: Math.round(r.preClose * 1000) / 1000 }));
    },
  );

  app.openapi(
    createRoute({ method: "get", path: "/api/v1/transaction", tags, summary: "Today's tick-by-tick trades", description: TICK_DESC, request: { query: z.object({ ...ref, ...page }) }, responses }),
    async (c) => {
      const q = c.req.valid("query");
      return frameResponse(c, ticksJson(await src.transactions(await id(q), q.start, q.count)));
    },
  );

  app.openapi(
    createRoute({
      method: "get",
      path: "/api/v1/transaction/history",
      tags,
      summary: "Tick-by-tick trades of a past day",
      description: TICK_DESC,
      request: { query: z.object({ ...ref, date: qYmd(), ...page }) },
      responses,
    }),
    async (c) => {
      const q = c.req.valid("query");
      return frameResponse(c, ticksJson((await src.historyTransactions(await id(q), q.date, q.start, q.count)).ticks));
    },
  );
}
