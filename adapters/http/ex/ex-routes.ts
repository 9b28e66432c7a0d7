import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import { barTimeLabel, float32Decimal } from "../../../core/bars/index.ts";
import type { ExRef } from "../../../core/quotes/index.ts";
import { isIntradayCategory, EX_MARKETS, exMarketId, HK_EQUITY_MARKETS, type ExClient } from "../../tdx/index.ts";
import { type Column, dataFrameJson, DataFrameSchema, frameResponse, num, plain, rowsFrame, str } from "../frames/data-frame.ts";
import type { HttpEnv } from "../http-env.ts";
import { errorResponses, jsonOk } from "../schemas/common.ts";
import { asciiCode, I32_MAX, qInt, U32_MAX } from "../validation/query.ts";
import { NotFoundError } from "../../../core/app/app-errors.ts";

const tags = ["ex-market"];
const responses = { ...jsonOk(DataFrameSchema), ...errorResponses(401, 403, 404, 502, 503, 504) };

/** Bar categories by name, as the original accepts them (and their TDX numbers 0..11). */
const CATEGORIES: Readonly<Record<string, number | undefined>> & { readonly DAY: number } = { MIN_5: 0, MIN_15: 1, MIN_30: 2, MIN_60: 3, DAY: 4, WEEK: 5, MONTH: 6, MIN_1: 7, SEASON: 10, YEAR: 11 };

const qExMarket = () =>
  z
    .string()
    .transform((s, ctx) => {
      const id = exMarketId(s);
      if (id === undefined) {
        ctx.addIssue({ code: "custom", message: `unknown extended market ${s}: a number 0..255 or a name such as ${Object.keys(EX_MARKETS).slice(0, 4).join(", ")}` });
        return z.NEVER;
      }
      return id;
    })
    .openapi({ type: "string", description: "extended market: a name (HK_MAIN_BOARD, CFFEX_FUTURES, ...) or its number (31, 47, ...)", example: "HK_MAIN_BOARD" });

const qCategory = () =>
  z
    .string()
    .transform((s, ctx) => {
      const t = s.trim().toUpperCase();
      const n = /^\d{1,2}$/.test(t) ? Number(t) : CATEGORIES[t];
      if (n === undefined || n > 11) {
        ctx.addIssue({ code: "custom", message: `unknown category ${s}: ${Object.keys(CATEGORIES).join(", ")} or 0..11` });
        return z.NEVER;
      }
      return n;
    })
    .openapi({ type: "string", example: "DAY" });

const ref = { market: qExMarket(), code: asciiCode(1, 9).openapi({ example: "00700" }) };
const clean = (x: number) => float32Decimal(x);
/** What the server's empty reply means (adapters/tdx/ex/ex-client.ts): a 404 on every route, never a 502 naming opcodes. */
const unknown = (q: { market: number; code: string }) => new NotFoundError(`Unknown instrument ${q.market}:${q.code}`);

/** The extended market (adapters/http/README.md 4.9): futures, Hong Kong, US and other non-A-share instruments. */
export function registerExRoutes(app: OpenAPIHono<HttpEnv>, ex: ExClient): void {
  const id = (q: { market: number; code: string }): ExRef => ({ market: q.market, code: q.code });

  app.openapi(
    createRoute({
      method: "get",
      path: "/api/v1/ex/bars",
      tags,
      summary: "Bars of an extended-market instrument",
      description:
        "category: MIN_1, MIN_5, MIN_15, MIN_30, MIN_60, DAY, WEEK, MONTH, SEASON, YEAR (or 0..11). Columns: `date` (day and longer, " +
        "YYYY-MM-DDT00:00:00) or `datetime` (minutes, bar end, YYYY-MM-DDTHH:MM:SS), open, high, low, close, position (open interest for futures), trade (volume), amount (the same " +
        "wire field read as turnover, meaningful for stocks), settlement (futures), year, month, day, hour, minute. " +
        "404 when the server does not know the instrument.",
      request: {
        query: z.object({
          ...ref,
          category: qCategory().optional().openapi({ description: "default DAY" }),
          start: qInt({ min: 0, max: U32_MAX }).default(0),
          count: qInt({ min: 1, max: 700 }).default(700),
        }),
      },
      responses,
    }),
    async (c) => {
      const q = c.req.valid("query");
      const category = q.category ?? CATEGORIES.DAY;
      const b = await ex.bars(id(q), category, q.start, q.count);
      if (!b) throw unknown(q);
      const intraday = isIntradayCategory(category);
      const times = Array.from(b.time);
      const part = (f: (d: Date) => number) => times.map((t) => f(new Date(t)));
      const cols: Column[] = [
        plain(
          intraday ? "datetime" : "date",
          times.map((t) => barTimeLabel(t, !intraday)),
        ),
        num("open", b.open.map(clean)),
        num("high", b.high.map(clean)),
        num("low", b.low.map(clean)),
        num("close", b.close.map(clean)),
        num("position", b.position),
        num("trade", b.volume),
        num("amount", b.amount.map(clean)),
        num("settlement", b.settlement.map(clean)),
        num(
          "year",
          part((d) => d.getUTCFullYear()),
        ),
        num(
          "month",
          part((d) => d.getUTCMonth() + 1),
        ),
        num(
          "day",
          part((d) => d.getUTCDate()),
        ),
        num(
          "hour",
          part((d) => d.getUTCHours()),
        ),
        num(
          "minute",
          part((d) => d.getUTCMinutes()),
        ),
      ];
      return frameResponse(c, dataFrameJson(cols, b.length));
    },
  );

  app.openapi(
    createRoute({
      method: "get",
      path: "/api/v1/ex/quote",
      tags,
      summary: "Real-time quote of an extended-market instrument",
      description:
        "One row: market, code, pre_close, open, high, low, price, kaicang (opened), zongliang (volume), xianliang (last volume), neipan, " +
        "waipan (inner / outer volume), chicang (open interest), bid1..bid5, bid_vol1..bid_vol5, ask1..ask5, ask_vol1..ask_vol5, zengcang " +
        "(open-interest change), amount. 404 when the server does not know the instrument.",
      request: { query: z.object(ref) },
      responses,
    }),
    async (c) => {
      const q = c.req.valid("query");
      const x = await ex.quote(id(q));
      if (!x) throw unknown(q);
      const row: Record<string, unknown> = {
        market: x.market,
        code: x.code,
        pre_close: clean(x.preClose),
        open: clean(x.open),
        high: clean(x.high),
        low: clean(x.low),
        price: clean(x.price),
        kaicang: x.kaicang,
        zongliang: x.zongliang,
        xianliang: x.xianliang,
        neipan: x.neipan,
        waipan: x.waipan,
        chicang: x.chicang,
      };
      for (let k = 0; k < 5; k++) row[`bid${k + 1}`] = clean(x.bids[k]!);
      for (let k = 0; k < 5; k++) row[`bid_vol${k + 1}`] = x.bidVols[k];
      for (let k = 0; k < 5; k++) row[`ask${k + 1}`] = clean(x.asks[k]!);
      for (let k = 0; k < 5; k++) row[`ask_vol${k + 1}`] = x.askVols[k];
      row.zengcang = x.zengcang;
      row.amount = clean(x.amount);
      return c.json(rowsFrame(Object.keys(row), [row]), 200);
    },
  );

  app.openapi(
    createRoute({
      method: "get",
      path: "/api/v1/ex/minute",
      tags,
      summary: "Today's minute line of an extended-market instrument",
      description: "Columns: hour, minute, price, avg_price, volume, open_interest. 404 when the server does not know the instrument.",
      request: { query: z.object(ref) },
      responses,
    }),
    async (c) => {
      const q = c.req.valid("query");
      const m = await ex.minute(id(q));
      if (!m) throw unknown(q);
      const cols: Column[] = [
        num(
          "hour",
          m.minute.map((x) => Math.floor(x / 60)),
        ),
        num(
          "minute",
          m.minute.map((x) => x % 60),
        ),
        num("price", m.price.map(clean)),
        num("avg_price", m.avgPrice.map(clean)),
        num("volume", m.volume),
        num("open_interest", m.openInterest),
      ];
      return frameResponse(c, dataFrameJson(cols, m.length));
    },
  );

  app.openapi(
    createRoute({
      method: "get",
      path: "/api/v1/ex/transaction",
      tags,
      summary: "Today's trades of an extended-market instrument",
      description:
        "`count` trades ending `start` back from the newest, oldest first (pages of 1800 on the wire). Columns, as the original system: " +
        "hour, minute, second, price (the wire's integer: 1/1000 of the currency for Hong Kong, other markets unverified), volume, " +
        "zengcang (open-interest change), nature (raw ÷ 10000) — then raw_nature (the u16 as sent) and side: B, S or N (Hong Kong: " +
        "raw 0/256/512; futures: raw ÷ 10000 = 0 buyer- or 1 seller-initiated, raw mod 10000 = second). 404 when the server does not " +
        "know the instrument.",
      request: { query: z.object({ ...ref, start: qInt({ min: 0, max: I32_MAX }).default(0), count: qInt({ min: 1, max: 3000 }).default(1800) }) },
      responses,
    }),
    async (c) => {
      const q = c.req.valid("query");
      const t = await ex.trades(id(q), q.start, q.count);
      if (!t) throw unknown(q);
      const hk = HK_EQUITY_MARKETS.has(q.market);
      const raw = Array.from(t.nature);
      const side = raw.map((n) => {
        const s = hk ? n / 256 : Math.floor(n / 10000);
        return s === 0 ? "B" : s === 1 ? "S" : "N";
      });
      const cols: Column[] = [
        num(
          "hour",
          t.minute.map((x) => Math.floor(x / 60)),
        ),
        num(
          "minute",
          t.minute.map((x) => x % 60),
        ),
        num(
          "second",
          raw.map((n) => (n % 10000 > 59 ? 0 : n % 10000)),
        ),
        num("price", t.price),
        num("volume", t.volume),
        num("zengcang", t.zengcang),
        num(
          "nature",
          raw.map((n) => Math.floor(n / 10000)),
        ),
        num("raw_nature", raw),
        str("side", side),
      ];
      return frameResponse(c, dataFrameJson(cols, t.length));
    },
  );
}
