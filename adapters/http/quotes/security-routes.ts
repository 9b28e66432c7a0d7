import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import { classifySecurity, type Market } from "../../../core/bars/index.ts";
import type { QuoteSource } from "../../../ports/quote-source.ts";
import type { SecurityInfo } from "../../../core/quotes/index.ts";
import { any, dataFrameJson, DataFrameSchema, frameResponse, num, str } from "../frames/data-frame.ts";
import type { HttpEnv } from "../http-env.ts";
import { errorResponses, jsonOk } from "../schemas/common.ts";
import { qInt, qMarket, U16_MAX } from "../validation/query.ts";
import { MARKETS, marketId } from "../../../core/app/quotes/markets.ts";

const tags = ["market"];
const PAGE = 1000;
/** Pages `list-all` may read: the list request's start is a u16, so the last page starts at 65,000. */
const MAX_LIST_PAGES = Math.floor(U16_MAX / PAGE) + 1;

const CountOut = z.object({ market: z.string(), count: z.number().int() }).openapi("CountResponse");

function listFrame(rows: readonly { market: Market; s: SecurityInfo }[]): Uint8Array<ArrayBuffer> {
  return dataFrameJson(
    [
      str(
        "market",
        rows.map((r) => r.market),
      ),
      str(
        "code",
        rows.map((r) => r.s.code),
      ),
      str(
        "name",
        rows.map((r) => r.s.name),
      ),
      num(
        "volunit",
        rows.map((r) => r.s.volUnit),
      ),
      num(
        "decimal_point",
        rows.map((r) => r.s.decimals),
      ),
      num(
        "pre_close",
        rows.map((r) => Math.round(r.s.preClose * 1000) / 1000),
      ),
      any(
        "kind",
        rows.map((r) => classifySecurity(r.market, r.s.code).kind),
      ),
    ],
    rows.length,
  );
}

/** A-shares: stocks on the SH/SZ/BJ A boards (B shares excluded). */
const isAShare = (m: Market, code: string) => {
  const c = classifySecurity(m, code);
  return c.kind === "stock" && c.board !== "B_SHARE";
};

/** `security/count`, `security/list`, `security/list-all` (adapters/http/README.md §4.1). */
export function registerSecurityRoutes(app: OpenAPIHono<HttpEnv>, src: QuoteSource): void {
  app.openapi(
    createRoute({
      method: "get",
      path: "/api/v1/security/count",
      tags,
      summary: "Number of securities of every type in a market",
      request: { query: z.object({ market: qMarket(MARKETS) }) },
      responses: { ...jsonOk(CountOut), ...errorResponses(401, 403, 502, 503, 504) },
    }),
    async (c) => {
      const { market } = c.req.valid("query");
      return c.json({ market, count: await src.securityCount(marketId(market)) }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: "get",
      path: "/api/v1/security/list",
      tags,
      summary: "One page (1000 rows) of a market's security list",
      description: "Columns: market, code, name, volunit (shares per lot), decimal_point, pre_close, kind (stock, index, fund, bond, other).",
      request: { query: z.object({ market: qMarket(MARKETS), start: qInt({ min: 0, max: U16_MAX }).default(0) }) },
      responses: { ...jsonOk(DataFrameSchema), ...errorResponses(401, 403, 502, 503, 504) },
    }),
    async (c) => {
      const { market, start } = c.req.valid("query");
      const page = await src.securityList(marketId(market), start);
      return frameResponse(c, listFrame(page.map((s) => ({ market, s }))));
    },
  );

  app.openapi(
    createRoute({
      method: "get",
      path: "/api/v1/security/list-all",
      tags,
      summary: "The SH and SZ A-share list",
      description: "Reads `pages` pages of 1000 securities from each of SH and SZ (concurrently) and keeps the A-shares.",
      request: { query: z.object({ pages: qInt({ min: 1, max: MAX_LIST_PAGES }).default(1) }) },
      responses: { ...jsonOk(DataFrameSchema), ...errorResponses(401, 403, 502, 503, 504) },
    }),
    async (c) => {
      const { pages } = c.req.valid("query");
      const perMarket = await Promise.all(
        (["SH", "SZ"] as const).map(async (market) => {
          const n = Math.min(pages, Math.ceil((await src.securityCount(marketId(market))) / PAGE));
          const got = await Promise.all(Array.from({ length: n }, (_, i) => src.securityList(marketId(market), i * PAGE)));
          return got
            .flat()
            .filter((s) => isAShare(market, s.code))
            .map((s) => ({ market, s }));
        }),
      );
      return frameResponse(c, listFrame(perMarket.flat()));
    },
  );
}
