import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import { roundHalfUp } from "../../../core/bars/round.ts";
import { quoteServerTimeMs } from "../../../adapters/tdx/tdx-codec-quotes.ts";
import type { Quote } from "../../../core/quotes/records.ts";
import type { QuoteSource } from "../../../ports/quote-source.ts";
import { type Column, dataFrameJson, DataFrameSchema, frameResponse, num, str } from "../frames/data-frame.ts";
import type { HttpEnv } from "../http-env.ts";
import { errorResponses, jsonOk } from "../schemas/common.ts";
import { qCode, qMarket } from "../validation/query.ts";
import { MARKETS, marketId, marketName } from "./markets.ts";

const QuoteRequest = z
  .object({
    stocks: z
      .array(z.object({ market: qMarket(MARKETS), code: qCode() }))
      .min(1)
      .max(80)
      .openapi({ description: "1..80 securities" }),
  })
  .openapi("QuoteRequest");

const pad = (n: number, w = 2) => String(n).padStart(w, "0");

/** `HH:MM:SS.mmm` of the quote's server clock. */
function serverTime(raw: number): string {
  const ms = Math.round(quoteServerTimeMs(raw));
  return `${pad(Math.floor(ms / 3_600_000))}:${pad(Math.floor(ms / 60_000) % 60)}:${pad(Math.floor(ms / 1000) % 60)}.${pad(ms % 1000, 3)}`;
}

export const QUOTE_DESCRIPTION =
  "Five-level real-time quotes. Columns: market, code, price, pre_close, open, high, low, change, change_pct (percent), " +
  "vol (lots), cur_vol (lots of the last trade), amount (CNY), s_vol / b_vol (sell- / buy-initiated lots), active1, active2, " +
  "bid1..bid5, bid_vol1..bid_vol5, ask1..ask5, ask_vol1..ask_vol5 (lots), rise_speed (percent), server_time (HH:MM:SS.mmm). " +
  "Securities the server does not know are listed in a top-level `missing` array.";

/** Quote rows, column-wise. */
export function quoteColumns(q: readonly Quote[]): Column[] {
  const col = (name: string, f: (x: Quote) => number) => num(name, q.map(f));
  const levels: Column[] = [];
  for (let l = 0; l < 5; l++) {
    levels.push(col(`bid${l + 1}`, (x) => x.bids[l]), col(`bid_vol${l + 1}`, (x) => x.bidVols[l]));
  }
  for (let l = 0; l < 5; l++) {
    levels.push(col(`ask${l + 1}`, (x) => x.asks[l]), col(`ask_vol${l + 1}`, (x) => x.askVols[l]));
  }
  return [
    str("market", q.map((x) => marketName(x.market) ?? String(x.market))),
    str("code", q.map((x) => x.code)),
    col("price", (x) => x.price),
    col("pre_close", (x) => x.preClose),
    col("open", (x) => x.open),
    col("high", (x) => x.high),
    col("low", (x) => x.low),
    col("change", (x) => roundHalfUp(x.price - x.preClose, 4)),
    col("change_pct", (x) => (x.preClose > 0 ? roundHalfUp(((x.price - x.preClose) / x.preClose) * 100, 4) : NaN)),
    col("vol", (x) => x.vol),
    col("cur_vol", (x) => x.curVol),
    col("amount", (x) => x.amount),
    col("s_vol", (x) => x.sVol),
    col("b_vol", (x) => x.bVol),
    col("active1", (x) => x.active1),
    col("active2", (x) => x.active2),
    ...levels,
    col("rise_speed", (x) => x.riseSpeed),
    str("server_time", q.map((x) => serverTime(x.serverTime))),
  ];
}

/** `POST /api/v1/quotes` (market-api.md §4.1): at most 80 per call. */
export function registerQuoteRoutes(app: OpenAPIHono<HttpEnv>, src: QuoteSource): void {
  app.openapi(
    createRoute({
      method: "post",
      path: "/api/v1/quotes",
      tags: ["market"],
      summary: "Five-level real-time quotes, at most 80 securities per call",
      description: QUOTE_DESCRIPTION,
      request: { body: { required: true, content: { "application/json": { schema: QuoteRequest } } } },
      responses: { ...jsonOk(DataFrameSchema), ...errorResponses(401, 403, 502, 503, 504) },
    }),
    async (c) => {
      const refs = c.req.valid("json").stocks.map((s) => ({ market: marketId(s.market), code: s.code }));
      const quotes = await src.quotes(refs);
      const got = new Set(quotes.map((q) => `${q.market}:${q.code}`));
      const missing = refs.filter((r) => !got.has(`${r.market}:${r.code}`)).map((r) => `${marketName(r.market)}:${r.code}`);
      return frameResponse(dataFrameJson(quoteColumns(quotes), quotes.length, missing.length ? { missing } : undefined)) as never;
    },
  );
}
