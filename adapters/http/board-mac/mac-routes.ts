import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import { formatDate, fromYyyymmdd, marketTimeOf, dayStart } from "../../../core/bars/index.ts";
import type { Clock } from "../../../ports/clock.ts";
import { unusualLabel, unusualPayload, FIELDS_BASIC } from "../../../core/quotes/index.ts";
import { QUOTE_CATEGORIES } from "../../tdx/index.ts";
import { DataFrameSchema, frameResponse, rowsFrame } from "../frames/data-frame.ts";
import type { HttpEnv } from "../http-env.ts";
import { marketId, SZ_SH } from "../../../core/app/quotes/markets.ts";
import { errorResponses, jsonOk } from "../schemas/common.ts";
import { qCode, qEnum, qInt, qMarket, U16_MAX, U32_MAX } from "../validation/query.ts";
import { clean, quoteRowsJson } from "./mac-frames.ts";
import { qExclude, qSortOrder, qSortType } from "./mac-params.ts";
import type { MacService } from "../../../core/app/boards/mac-service.ts";
import { requireKnownSecurity } from "../../../core/app/quotes/known-security.ts";
import type { SecurityDirectory } from "../../../core/app/quotes/security-directory.ts";

const responses = { ...jsonOk(DataFrameSchema), ...errorResponses(401, 403, 404, 502, 503, 504) };
const ref = { market: qMarket(SZ_SH), code: qCode() };
const SOURCE = " Top-level `source`: `mac` or `derived` (rebuilt from the standard protocol when the mac hosts cannot be reached).";

const CAPITAL_FLOW_COLUMNS = [
  "date",
  "main_in",
  "main_out",
  "main_net",
  "small_in",
  "small_out",
  "small_net",
  "mid_in",
  "mid_out",
  "mid_net",
  "large_in",
  "large_out",
  "large_net",
  "retail_in",
  "retail_out",
  "retail_net",
  "main_buy_5d",
  "main_sell_5d",
  "super_net_5d",
  "large_net_5d",
  "medium_net_5d",
  "small_net_5d",
];
const SYMBOL_INFO_COLUMNS = [
  "market",
  "code",
  "name",
  "time",
  "activity",
  "pre_close",
  "open",
  "high",
  "low",
  "close",
  "momentum",
  "vol",
  "amount",
  "inside_volume",
  "outside_volume",
  "turnover",
  "avg",
  "vol_ratio",
];

const pad = (n: number) => String(n).padStart(2, "0");
const hms = (sec: number) => `${pad(Math.floor(sec / 3600))}:${pad(Math.floor(sec / 60) % 60)}:${pad(sec % 60)}`;
const ymd = (n: number) => (n > 0 ? formatDate(fromYyyymmdd(n)) : null);
const hhmm = (m: number) => `${Math.floor(m / 60)}:${pad(m % 60)}`;

/**
 * Symbol data and ranked quotes (adapters/http/README.md 4.8). A code the security
 * list does not have is a 404 before any mac command is sent (as `/bars`); a known
 * code the source has no data for is an empty table, never a row of zeros.
 */
export function registerMacRoutes(app: OpenAPIHono<HttpEnv>, svc: MacService, clock: Clock, dir: SecurityDirectory): void {
  app.openapi(
    createRoute({
      method: "get",
      path: "/api/v1/mac/capital-flow",
      tags: ["mac-data"],
      summary: "Main-force and retail net inflow of a stock",
      description:
        "TDX's own capital flow (mac command 0x1218). One row, the original system's columns: date, main_in, main_out, main_net, " +
        "small_in, small_out, small_net (today's retail), mid_in, mid_out (0), mid_net (5-day medium net), large_in, large_out (0), " +
        "large_net (5-day large net) — then the unmixed figures: retail_in, retail_out, retail_net, main_buy_5d, main_sell_5d, " +
        "super_net_5d, large_net_5d, medium_net_5d, small_net_5d (5-day labels as published, unverified). CNY. Only the mac hosts have " +
        "this figure: without them the answer is 503, never a tick-derived substitute (see /fund-flow for that). An unknown code is a " +
        "404; a known one the hosts have no figures for, an empty table.",
      request: { query: z.object(ref) },
      responses,
    }),
    async (c) => {
      const q = c.req.valid("query");
      await requireKnownSecurity(dir, q.market, q.code);
      const { value: f, source } = await svc.capitalFlow(marketId(q.market), q.code);
      if (!f || f.today.length === 0) return c.json({ ...rowsFrame(CAPITAL_FLOW_COLUMNS, []), source }, 200);
      const [mainIn = 0, mainOut = 0, retailIn = 0, retailOut = 0] = [0, 1, 2, 3].map((i) => f.today[i] ?? 0);
      const [buy5, sell5, superNet, largeNet, mediumNet, smallNet] = [0, 1, 2, 3, 4, 5].map((i) => f.fiveDay[i] ?? 0);
      const row = {
        date: formatDate(dayStart(marketTimeOf(clock.now()))),
        main_in: mainIn,
        main_out: mainOut,
        main_net: mainIn - mainOut,
        small_in: retailIn,
        small_out: retailOut,
        small_net: retailIn - retailOut,
        mid_in: 0,
        mid_out: 0,
        mid_net: mediumNet,
        large_in: 0,
        large_out: 0,
        large_net: largeNet,
        retail_in: retailIn,
        retail_out: retailOut,
        retail_net: retailIn - retailOut,
        main_buy_5d: buy5,
        main_sell_5d: sell5,
        super_net_5d: superNet,
        large_net_5d: largeNet,
        medium_net_5d: mediumNet,
        small_net_5d: smallNet,
      };
      return c.json({ ...rowsFrame(CAPITAL_FLOW_COLUMNS, [row]), source }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: "get",
      path: "/api/v1/mac/symbol-info",
      tags: ["mac-data"],
      summary: "Basic-info snapshot of a stock",
      description:
        "Columns: market, code, name, time (YYYY-MM-DD HH:MM:SS, server clock), activity, pre_close, open, high, low, close, momentum " +
        "(涨速 %), vol (lots), amount (CNY), inside_volume, outside_volume, turnover (%), avg, vol_ratio. The derived source has no " +
        "turnover or volume ratio (null). An unknown code is a 404; a known one without data, an empty table." +
        SOURCE,
      request: { query: z.object(ref) },
      responses,
    }),
    async (c) => {
      const q = c.req.valid("query");
      await requireKnownSecurity(dir, q.market, q.code);
      const { value: s, source } = await svc.symbolInfo(marketId(q.market), q.code);
      if (!s) return c.json({ ...rowsFrame(SYMBOL_INFO_COLUMNS, []), source }, 200);
      const t = s.time;
      const row = {
        market: s.market,
        code: s.code,
        name: s.name,
        time: `${ymd(s.date)} ${pad(Math.floor(t / 10000))}:${pad(Math.floor(t / 100) % 100)}:${pad(t % 100)}`,
        activity: s.activity,
        pre_close: clean(s.preClose),
        open: clean(s.open),
        high: clean(s.high),
        low: clean(s.low),
        close: clean(s.close),
        momentum: clean(s.momentum),
        vol: s.vol,
        amount: clean(s.amount),
        inside_volume: s.insideVolume,
        outside_volume: s.outsideVolume,
        turnover: clean(s.turnover),
        avg: clean(s.avgPrice),
        vol_ratio: clean(s.volRatio),
      };
      return c.json({ ...rowsFrame(SYMBOL_INFO_COLUMNS, [row]), source }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: "get",
      path: "/api/v1/mac/server-info",
      tags: ["mac-data"],
      summary: "Trading-session info of the server",
      description: "One row: today, last_trading_day, previous_trading_day (YYYY-MM-DD), sessions_1 and sessions_2 (four {open, close} pairs, " + "H:MM), market_param_1, market_param_2." + SOURCE,
      responses,
    }),
    async (c) => {
      const { value: s, source } = await svc.serverInfo();
      const sessions = (m: readonly number[]) => [0, 2, 4, 6].map((i) => ({ open: hhmm(m[i]!), close: hhmm(m[i + 1]!) }));
      const row = {
        today: ymd(s.today),
        last_trading_day: ymd(s.lastTradingDay),
        previous_trading_day: ymd(s.previousTradingDay),
        sessions_1: sessions(s.sessions1),
        sessions_2: sessions(s.sessions2),
        market_param_1: s.param1,
        market_param_2: s.param2,
      };
      return c.json({ ...rowsFrame(Object.keys(row), [row]), source }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: "get",
      path: "/api/v1/mac/quote-list",
      tags: ["mac-quotes"],
      summary: "Ranked quote list of a market category",
      description:
        "category: A (all A-shares), SH, SZ, KCB (STAR), BJ, CYB (ChiNext); rows `start`.. of the list ranked by `sort_type` in " +
        "`sort_order`; `exclude` drops ST, KC (STAR), BJ, CY (ChiNext), NEW (listed within a year) and the other filter flags. " +
        "Columns: market, code, name, pre_close, open, high, low, close, vol (lots), amount (CNY), turnover (%), vol_ratio, change_pct. " +
        "The derived source ranks a full-market quote snapshot itself (turnover and vol_ratio null; NEW cannot be judged there)." +
        SOURCE,
      request: {
        query: z.object({
          category: qEnum(["A", "SH", "SZ", "KCB", "BJ", "CYB"]).default("A"),
          start: qInt({ min: 0, max: U32_MAX }).default(0),
          count: qInt({ min: 1, max: 5000 }).default(80),
          sort_type: qSortType().default(0x0e),
          sort_order: qSortOrder().default("DESC"),
          exclude: qExclude().optional(),
        }),
      },
      responses,
    }),
    async (c) => {
      const q = c.req.valid("query");
      const { value, source } = await svc.quoteList(QUOTE_CATEGORIES[q.category], {
        sortType: q.sort_type,
        order: q.sort_order,
        start: q.start,
        count: q.count,
        fields: FIELDS_BASIC,
        exclude: q.exclude ?? 0,
      });
      return frameResponse(c, quoteRowsJson(value, FIELDS_BASIC, source));
    },
  );

  app.openapi(
    createRoute({
      method: "get",
      path: "/api/v1/mac/auction",
      tags: ["mac-quotes"],
      summary: "Call-auction data of a stock",
      description:
        "Columns: time (HH:MM:SS), price, matched (volume), unmatched (positive: buy orders left unmatched, negative: sell). The " +
        "derived source answers from the standard auction command 0x056a. An unknown code is a 404." +
        SOURCE,
      request: { query: z.object(ref) },
      responses,
    }),
    async (c) => {
      const q = c.req.valid("query");
      await requireKnownSecurity(dir, q.market, q.code);
      const { value: a, source } = await svc.auction(marketId(q.market), q.code);
      const rows = Array.from({ length: a.length }, (_, i) => ({ time: hms(a.second[i]!), price: clean(a.price[i]), matched: a.matched[i], unmatched: a.unmatched[i] }));
      return c.json({ ...rowsFrame(["time", "price", "matched", "unmatched"], rows), source }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: "get",
      path: "/api/v1/mac/unusual",
      tags: ["mac-quotes"],
      summary: "Unusual-movement monitor of a market",
      description:
        "Today's events of SZ or SH, oldest first, rows `start`.. `count`. Columns: index, market, code, name, time (HH:MM:SS), desc " +
        "(readable kind: 主力买入/卖出, 加速拉升, 加速下跌, 低位反弹, 高位回落, 撑杆跳高, 平台跳水, 单笔冲涨/冲跌, 区间放量, 区间缩量, 大单托盘, 大单压盘, " +
        "大单锁盘, 竞价试买, 逼近/封/打开涨跌停, 尾盘拉升/对倒/打压, 盘中强势/弱势, 急速拉升, 急速下跌), value (the event's figure as TDX shows " +
        "it), unusual_type (the kind's number). Served only by the mac hosts (503 without them).",
      request: { query: z.object({ market: qMarket(SZ_SH), start: qInt({ min: 0, max: U16_MAX }).default(0), count: qInt({ min: 1, max: 500 }).default(50) }) },
      responses,
    }),
    async (c) => {
      const q = c.req.valid("query");
      const { value, source } = await svc.unusual(marketId(q.market), q.start, q.count);
      const rows = value.map((e) => {
        const l = unusualLabel(e.type, unusualPayload(e.payload));
        const sec = Math.floor(e.minuteSecond / 100) * 60 + (e.minuteSecond % 100) + e.hour * 3600;
        return { index: e.index, market: e.market, code: e.code, name: e.name, time: hms(sec), desc: l.desc, value: l.value, unusual_type: e.type };
      });
      return c.json({ ...rowsFrame(["index", "market", "code", "name", "time", "desc", "value", "unusual_type"], rows), source }, 200);
    },
  );
}
