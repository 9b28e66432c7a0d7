import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import { FIELDS_MEMBERS } from "../../../core/quotes/index.ts";
import { dataFrameJson, DataFrameSchema, frameResponse, num, rowsFrame, str } from "../frames/data-frame.ts";
import type { HttpEnv } from "../http-env.ts";
import { marketId, SZ_SH } from "../../../core/app/quotes/markets.ts";
import { errorResponses, jsonOk } from "../schemas/common.ts";
import { qBool, qCode, qEnum, qInt, qMarket, qYmd } from "../validation/query.ts";
import { clean, quoteRowObjects, quoteRowsJson } from "./mac-frames.ts";
import { qSortOrder, qSortType } from "./mac-params.ts";
import { changePct, type MacService, RANKING_SORTS, SUMMARY_FIELDS } from "../../../core/app/boards/mac-service.ts";
import { requireKnownSecurity } from "../../../core/app/quotes/known-security.ts";
import type { SecurityDirectory } from "../../../core/app/quotes/security-directory.ts";

const tags = ["board-mac"];
const TYPES = ["ALL", "HY", "HY2", "GN", "FG", "DQ"] as const;
const KINDS = ["HY", "HY2", "GN", "FG", "DQ"] as const;
const METRICS = ["CHANGE_PCT", "SPEED", "CHANGE_3D", "CHANGE_5D", "CHANGE_10D", "CHANGE_20D", "CHANGE_60D", "YTD"] as const;
const responses = { ...jsonOk(DataFrameSchema), ...errorResponses(401, 403, 404, 502, 503, 504) };
const SOURCE_NOTE =
  " Top-level `source` says who answered: `mac` (the mac hosts) or `derived` (rebuilt from board files, board-index quotes and " + "daily bars when the mac hosts cannot be reached).";

const round2 = (x: number) => Math.round(x * 100) / 100;

const DictOut = z.object({ data: z.record(z.string(), z.unknown()) }).openapi("DictResponse");

/** The board endpoints (adapters/http/README.md 4.7). */
export function registerBoardMacRoutes(app: OpenAPIHono<HttpEnv>, svc: MacService, dir: SecurityDirectory): void {
  app.openapi(
    createRoute({
      method: "get",
      path: "/api/v1/board-mac/list",
      tags,
      summary: "Board list",
      description:
        "Boards of a type (ALL, HY industry, HY2 sub-industry, GN concept, FG style, DQ region), ordered by change % descending, or " +
        "by `sort_column` descending when one is chosen. Columns: market, code, name, price, pre_close, change_pct (price / pre_close − 1, " +
        "percent), sort_value (the chosen metric in percent; always 0 for CHANGE_PCT), then the leading member: symbol_market, " +
        "symbol_code, symbol_name, symbol_price, symbol_pre_close, symbol_change_pct." +
        SOURCE_NOTE,
      request: {
        query: z.object({
          board_type: qEnum(TYPES).default("ALL"),
          count: qInt({ min: 1, max: 50000 }).default(500),
          sort_column: qEnum(METRICS).default("CHANGE_PCT"),
        }),
      },
      responses,
    }),
    async (c) => {
      const q = c.req.valid("query");
      const { value: boards, source } = await svc.boardList(q.board_type, q.sort_column, q.count);
      const leader = (f: (l: NonNullable<(typeof boards)[number]["leader"]>) => number | string) => boards.map((b) => (b.leader ? f(b.leader) : null));
      return frameResponse(
        c,
        dataFrameJson(
          [
            num(
              "market",
              boards.map((b) => b.market),
            ),
            str(
              "code",
              boards.map((b) => b.code),
            ),
            str(
              "name",
              boards.map((b) => b.name),
            ),
            num(
              "price",
              boards.map((b) => clean(b.price)),
            ),
            num(
              "pre_close",
              boards.map((b) => clean(b.preClose)),
            ),
            num(
              "change_pct",
              boards.map((b) => round2(changePct(clean(b.price), clean(b.preClose)))),
            ),
            num(
              "sort_value",
              boards.map((b) => round2(clean(b.sortValue))),
            ),
            num(
              "symbol_market",
              leader((l) => l.market).map((v) => (v === null ? NaN : Number(v))),
            ),
            str("symbol_code", leader((l) => l.code) as (string | null)[]),
            str("symbol_name", leader((l) => l.name) as (string | null)[]),
            num(
              "symbol_price",
              boards.map((b) => (b.leader ? clean(b.leader.price) : NaN)),
            ),
            num(
              "symbol_pre_close",
              boards.map((b) => (b.leader ? clean(b.leader.preClose) : NaN)),
            ),
            num(
              "symbol_change_pct",
              boards.map((b) => (b.leader ? round2(changePct(clean(b.leader.price), clean(b.leader.preClose))) : NaN)),
            ),
          ],
          boards.length,
          { source },
        ),
      );
    },
  );

  const memberQuery = { board_symbol: z.string().min(1).openapi({ example: "881001" }), sort_type: qSortType().default(0x0e), sort_order: qSortOrder().default("DESC") };

  app.openapi(
    createRoute({
      method: "get",
      path: "/api/v1/board-mac/members",
      tags,
      summary: "Members of a board",
      description:
        "Member quotes of `board_symbol` (a board code such as 881001; 404 when no board has it), ranked by `sort_type` in `sort_order`. " +
        "Columns: market, code, name, then pre_close, open, high, low, close, vol (lots), vol_ratio, amount (CNY), total_shares and " +
        "float_shares (10,000 shares), turnover (%), buy_price_limit, sell_price_limit, speed_pct, main_net_amount (CNY), change_pct. " +
        "Fields the answering source does not have are null." +
        SOURCE_NOTE,
      request: { query: z.object({ ...memberQuery, count: qInt({ min: 1, max: 100000 }).default(100) }) },
      responses,
    }),
    async (c) => {
      const q = c.req.valid("query");
      const { value, source } = await svc.members(q.board_symbol, q.sort_type, q.sort_order, q.count, FIELDS_MEMBERS);
      return frameResponse(c, quoteRowsJson(value, FIELDS_MEMBERS, source));
    },
  );

  app.openapi(
    createRoute({
      method: "get",
      path: "/api/v1/board-mac/belong",
      tags,
      summary: "Boards a stock belongs to",
      description: `Columns: board_type (HY, HY2, GN, FG, DQ), market, board_code, board_name, close, pre_close, change_pct. An unknown code is a 404.${SOURCE_NOTE}`,
      request: { query: z.object({ market: qMarket(SZ_SH), code: qCode() }) },
      responses,
    }),
    async (c) => {
      const q = c.req.valid("query");
      // An unknown code is a 404 (as `/bars`), not an empty list of boards.
      await requireKnownSecurity(dir, q.market, q.code);
      const { value, source } = await svc.belong(marketId(q.market), q.code);
      const rows = value.map((b) => ({
        board_type: b.boardType,
        market: b.market,
        board_code: b.code,
        board_name: b.name,
        close: clean(b.price),
        pre_close: clean(b.preClose),
        change_pct: round2(changePct(clean(b.price), clean(b.preClose))),
      }));
      return c.json({ ...rowsFrame(["board_type", "market", "board_code", "board_name", "close", "pre_close", "change_pct"], rows), source }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: "get",
      path: "/api/v1/board-mac/summary",
      tags,
      summary: "Board summary, including the members' capital flow",
      description:
        '`{"data": {member_count, amount, vol, main_net_amount, main_net_3d, main_net_5d, up_count, down_count, members, source}}`: ' +
        "totals over the members (amount CNY, vol lots; up/down = close above/below pre_close) and the member rows (basic quote " +
        "fields, main_net_amount, main_net_3d_amount, main_net_5d_amount, change_pct). Capital flow comes only from the mac hosts: " +
        "from the derived source the main_net fields are null.",
      request: { query: z.object(memberQuery) },
      responses: { ...jsonOk(DictOut), ...errorResponses(401, 403, 404, 502, 503, 504) },
    }),
    async (c) => {
      const q = c.req.valid("query");
      const { value: s, source } = await svc.summary(q.board_symbol, q.sort_type, q.sort_order);
      return c.json(
        {
          data: {
            member_count: s.member_count,
            amount: s.amount,
            vol: s.vol,
            main_net_amount: s.main_net_amount,
            main_net_3d: s.main_net_3d,
            main_net_5d: s.main_net_5d,
            up_count: s.up_count,
            down_count: s.down_count,
            members: quoteRowObjects(s.members, SUMMARY_FIELDS),
            source,
          },
        },
        200,
      );
    },
  );

  app.openapi(
    createRoute({
      method: "get",
      path: "/api/v1/board-mac/ranking",
      tags,
      summary: "Board ranking by change %, with member totals",
      description:
        "The `top_n` boards of a type by change % (descending unless `ascending`), each with its members' totals, then ordered by " +
        "`sort_by` (change_pct, amount, main_net_amount or vol). Columns: code, name, change_pct, amount, vol, main_net_amount (null " +
        "from the derived source), up_count, down_count, member_count." +
        SOURCE_NOTE,
      request: {
        query: z.object({
          board_type: qEnum(KINDS).default("HY"),
          top_n: qInt({ min: 1, max: 200 }).default(10),
          sort_by: qEnum(RANKING_SORTS).default("change_pct"),
          ascending: qBool().default(false),
        }),
      },
      responses,
    }),
    async (c) => {
      const q = c.req.valid("query");
      const { value, source } = await svc.ranking(q.board_type, q.top_n, q.sort_by, q.ascending);
      const cols = ["code", "name", "change_pct", "amount", "vol", "main_net_amount", "up_count", "down_count", "member_count"];
      return c.json(
        {
          ...rowsFrame(
            cols,
            value.map((r) => ({ ...r })),
          ),
          source,
        },
        200,
      );
    },
  );

  app.openapi(
    createRoute({
      method: "get",
      path: "/api/v1/board-mac/change-ranking",
      tags,
      summary: "Board ranking by N-day change",
      description:
        "For every board of a type: its index's daily close on `target_date` (the last trading day on or before it; the latest " +
        "bar when omitted) against the close `days` trading days earlier. Columns: code, name, close_end, close_start, change_pct " +
        "(percent, 2 decimals); descending unless `ascending`, the first `top_n`." +
        SOURCE_NOTE,
      request: {
        query: z.object({
          board_type: qEnum(KINDS).default("HY"),
          days: qInt({ min: 1, max: 250 }).default(20),
          top_n: qInt({ min: 1, max: 200 }).default(10),
          target_date: qYmd().optional(),
          ascending: qBool().default(false),
        }),
      },
      responses,
    }),
    async (c) => {
      const q = c.req.valid("query");
      const { value, source } = await svc.changeRanking(q.board_type, q.days, q.top_n, q.target_date, q.ascending);
      const rows = value.map((r) => ({ ...r, close_end: clean(r.close_end), close_start: clean(r.close_start) }));
      return c.json({ ...rowsFrame(["code", "name", "close_end", "close_start", "change_pct"], rows), source }, 200);
    },
  );
}
