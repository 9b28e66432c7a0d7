import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import { roundHalfUp } from "../../../core/bars/index.ts";
import { quoteServerTimeMs } from "../../tdx/index.ts";
import type { Quote } from "../../../core/quotes/index.ts";
import type { QuoteSource } from "../../../ports/quote-source.ts";
import { type Column, dataFrameJson, DataFrameSchema, frameResponse, num as numCol, str } from "../frames/data-frame.ts";
import type { HttpEnv } from "../http-env.ts";
import { errorResponses, jsonOk } from "../schemas/common.ts";
import { qCode, qMarket } from "../validation/query.ts";
import { MARKETS, marketId, marketName } from "../../../core/app/quotes/markets.ts";

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

type Field = readonly [name: string, value: (q: Quote) => number | string];

const num = (name: string, f: (q: Quote) => number): Field => [name, f];

/** Every quote column in order, with how to read it from a decoded quote. */
const QUOTE_FIELDS: readonly Field[] = [
  ["market", (x) => marketName(x.market) ?? String(x.market)],
  ["code", (x) => x.code],
  num("price", (x) => x.price),
  num("pre_close", (x) => x.preClose),
  num("open", (x) => x.open),
  num("high", (x) => x.high),
  num("low", (x) => x.low),
  num("change", (x) => roundHalfUp(x.price - x.preClose, 4)),
  num("change_pct", (x) => (x.preClose > 0 ? roundHalfUp(((x.price - x.preClose) / x.preClose) * 100, 4) : NaN)),
  num("vol", (x) => x.vol),
  num("cur_vol", (x) => x.curVol),
  num("amount", (x) => x.amount),
  num("s_vol", (x) => x.sVol),
  num("b_vol", (x) => x.bVol),
  num("active1", (x) => x.active1),
  num("active2", (x) => x.active2),
  ...[0, 1, 2, 3, 4].flatMap((l) => [num(`bid${l + 1}`, (x) => x.bids[l]!), num(`bid_vol${l + 1}`, (x) => x.bidVols[l]!)]),
  ...[0, 1, 2, 3, 4].flatMap((l) => [num(`ask${l + 1}`, (x) => x.asks[l]!), num(`ask_vol${l + 1}`, (x) => x.askVols[l]!)]),
  num("rise_speed", (x) => x.riseSpeed),
  ["server_time", (x) => serverTime(x.serverTime)],
];

/** Quote rows, column-wise (for DataFrame responses). */
export function quoteColumns(q: readonly Quote[]): Column[] {
  return QUOTE_FIELDS.map(([name, f]) => {
    const values = q.map(f);
    return typeof values[0] === "string" ? str(name, values as string[]) : numCol(name, values as number[]);
  });
}

/** One quote as a row object (NaN → null), as streamed over the WebSocket. */
export function quoteRow(q: Quote): Record<string, number | string | null> {
  const row: Record<string, number | string | null> = {};
  for (const [name, f] of QUOTE_FIELDS) {
    const v = f(q);
    row[name] = typeof v === "number" && !Number.isFinite(v) ? null : v;
  }
  return row;
}

/** `POST /api/v1/quotes` (adapters/http/README.md §4.1): at most 80 per call. */
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
      return frameResponse(c, dataFrameJson(quoteColumns(quotes), quotes.length, missing.length ? { missing } : undefined));
    },
  );
}
