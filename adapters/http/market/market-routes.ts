import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import { formatDate, fromYyyymmdd, marketTimeOf } from "../../../core/bars/index.ts";
import { type PoolMember, bucketNet, FLOW_BUCKETS, type FundFlow, mainNet, totalNet, marketBreadth, limitFraction, tickOf, boardOf } from "../../../core/market/index.ts";
import type { Quote } from "../../../core/quotes/index.ts";
import type { Clock } from "../../../ports/clock.ts";
import { dataFrameJson, DataFrameSchema, frameResponse, num, plain, rowsFrame, str } from "../frames/data-frame.ts";
import type { HttpEnv } from "../http-env.ts";
import { requireKnownSecurity } from "../../../core/app/quotes/known-security.ts";
import { marketId, SZ_SH } from "../../../core/app/quotes/markets.ts";
import { QUOTE_DESCRIPTION, quoteColumns } from "../quotes/quote-routes.ts";
import type { SecurityDirectory } from "../../../core/app/quotes/security-directory.ts";
import { errorResponses, jsonOk } from "../schemas/common.ts";
import { qCode, qInt, qMarket, U16_MAX } from "../validation/query.ts";
import type { FundFlowService } from "../../../core/app/market/fund-flow-service.ts";
import type { MarketSnapshot } from "../../../core/app/market/market-snapshot.ts";

const tags = ["market"];
const responses = { ...jsonOk(DataFrameSchema), ...errorResponses(401, 403, 404, 502, 503, 504) };

const FLOW_NOTE =
  "Every trade print is bucketed by its amount = price × volume: super > 1,000,000 CNY, large > 200,000, medium > 40,000, " +
  "small otherwise; buyer-initiated prints are inflow, seller-initiated outflow, neutral and auction prints are left out. " +
  "main_net_inflow = super + large net. Derived from TDX trade prints (which aggregate several seconds of matches), so not " +
  "comparable with vendors' main-force figures; the answer says so in `method`.";

/** Flow columns: the original's in/out order, then nets, main force, total and the prints counted. */
function flowColumns(flows: readonly FundFlow[], order: "in-then-out" | "pairs"): ReturnType<typeof num>[] {
  const cols: ReturnType<typeof num>[] = [];
  const b = [0, 1, 2, 3] as const;
  if (order === "in-then-out") {
    for (const k of b)
      cols.push(
        num(
          `${FLOW_BUCKETS[k]}_in`,
          flows.map((f) => f.inflow[k]),
        ),
      );
    for (const k of b)
      cols.push(
        num(
          `${FLOW_BUCKETS[k]}_out`,
          flows.map((f) => f.outflow[k]),
        ),
      );
  } else {
    for (const k of b)
      cols.push(
        num(
          `${FLOW_BUCKETS[k]}_in`,
          flows.map((f) => f.inflow[k]),
        ),
        num(
          `${FLOW_BUCKETS[k]}_out`,
          flows.map((f) => f.outflow[k]),
        ),
      );
  }
  for (const k of b)
    cols.push(
      num(
        `${FLOW_BUCKETS[k]}_net`,
        flows.map((f) => bucketNet(f, k)),
      ),
    );
  cols.push(
    num("main_net_inflow", flows.map(mainNet)),
    num("total_net_inflow", flows.map(totalNet)),
    num(
      "trades",
      flows.map((f) => f.trades),
    ),
  );
  return cols;
}

const isSt = (name: string) => /^\*?S?ST/i.test(name.trim());

/** `/market/stat`, `/market/core-leaders`, `/fund-flow`, `/fund-flow/history` (adapters/http/README.md 4.1). */
export function registerMarketRoutes(app: OpenAPIHono<HttpEnv>, snapshot: MarketSnapshot, pool: readonly PoolMember[], flows: FundFlowService, dir: SecurityDirectory, clock: Clock): void {
  app.openapi(
    createRoute({
      method: "get",
      path: "/api/v1/market/stat",
      tags,
      summary: "Up/down statistics of the whole A-share market",
      description:
        "From a real-time quote of every A-share (SH, SZ and BJ when the server lists it; 80 per request, all requests at once). One row: " +
        "up_count, down_count, neutral_count (unchanged), suspended_count (no trade today), total_count, total_amount (CNY), total_volume " +
        "(lots), total_market_cap (null: quotes carry no share counts), limit_up_count, limit_down_count (at the board's daily limit from " +
        "the previous close, ±5 % for ST names before 2025-07-07). The top-level `markets` lists the markets counted.",
      responses,
    }),
    async (c) => {
      const snap = await snapshot.take();
      const now = marketTimeOf(clock.now());
      const b = marketBreadth(
        snap.entries.map((e) => {
          const q = e.quote;
          const board = boardOf(e.info.code, e.market);
          return {
            price: q?.price ?? NaN,
            preClose: q?.preClose ?? NaN,
            vol: q?.vol ?? 0,
            amount: q?.amount ?? 0,
            limit: limitFraction(board, isSt(e.info.name), now),
            tick: tickOf(board),
          };
        }),
      );
      const row = {
        up_count: b.up,
        down_count: b.down,
        neutral_count: b.flat,
        suspended_count: b.suspended,
        total_count: b.total,
        total_amount: b.amount,
        total_volume: b.volume,
        total_market_cap: null,
        limit_up_count: b.limitUp,
        limit_down_count: b.limitDown,
      };
      return c.json({ ...rowsFrame(Object.keys(row), [row]), markets: [...snap.markets] }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: "get",
      path: "/api/v1/market/core-leaders",
      tags,
      summary: "The core-leader pool (159 securities) with live quotes",
      description:
        "The default pool restates the original system's 159 industry leaders in four groups; a `core-leaders.csv` " +
        "(group,code,market,name) in the data directory replaces it. Columns: group, name, then the quote columns of " +
        `\`POST /quotes\`. ${QUOTE_DESCRIPTION}`,
      responses,
    }),
    async (c) => {
      const quotes = await snapshot.quotes(pool);
      const present = pool.map((m, i) => ({ m, q: quotes[i] })).filter((x): x is { m: PoolMember; q: Quote } => x.q !== undefined);
      const missing = pool.filter((_, i) => !quotes[i]).map((m) => `${m.market}:${m.code}`);
      const cols = [
        str(
          "group",
          present.map((x) => x.m.group),
        ),
        str(
          "name",
          present.map((x) => x.m.name),
        ),
        ...quoteColumns(present.map((x) => x.q)),
      ];
      return frameResponse(c, dataFrameJson(cols, present.length, missing.length ? { missing } : undefined));
    },
  );

  const ref = { market: qMarket(SZ_SH), code: qCode() };

  app.openapi(
    createRoute({
      method: "get",
      path: "/api/v1/fund-flow",
      tags,
      summary: "Same-day capital flow of a security",
      description: `One row: super_in, large_in, medium_in, small_in, super_out, large_out, medium_out, small_out (CNY), then super_net, large_net, medium_net, small_net, main_net_inflow, total_net_inflow, trades (prints counted). ${FLOW_NOTE}`,
      request: { query: z.object(ref) },
      responses,
    }),
    async (c) => {
      const q = c.req.valid("query");
      await requireKnownSecurity(dir, q.market, q.code);
      const flow = await flows.today({ market: marketId(q.market), code: q.code });
      return frameResponse(c, dataFrameJson(flowColumns([flow], "in-then-out"), 1, { method: "tick-bucketed" }));
    },
  );

  app.openapi(
    createRoute({
      method: "get",
      path: "/api/v1/fund-flow/history",
      tags,
      summary: "Daily capital flow of a security",
      description:
        "One row per trading day of the daily bars `start` days back from the newest, `count` of them, oldest first: date (YYYY-MM-DD), " +
        "super_in, super_out, large_in, large_out, medium_in, medium_out, small_in, small_out (CNY), the nets, main_net_inflow, " +
        `total_net_inflow, trades. Each past day is computed once from its historical trades and kept. ${FLOW_NOTE}`,
      request: { query: z.object({ ...ref, start: qInt({ min: 0, max: U16_MAX }).default(0), count: qInt({ min: 1, max: 800 }).default(100) }) },
      responses,
    }),
    async (c) => {
      const q = c.req.valid("query");
      await requireKnownSecurity(dir, q.market, q.code);
      const days = await flows.history({ market: marketId(q.market), code: q.code }, q.start, q.count);
      const cols = [
        plain(
          "date",
          days.map((d) => formatDate(fromYyyymmdd(d.date))),
        ),
        ...flowColumns(
          days.map((d) => d.flow),
          "pairs",
        ),
      ];
      return frameResponse(c, dataFrameJson(cols, days.length, { method: "tick-bucketed" }));
    },
  );
}
