/**
 * Boards (easy_tdx's board-list, board-members, belong-board, board-summary,
 * board-ranking, board-change-ranking): one `/api/v1/board-mac/*` request each.
 */
import { type Command, flag, frameRows, num, str } from "./cli-command.ts";
import { type Row, recordOf, rowsOf } from "./cli-output.ts";
import { SECURITY_ARGS } from "./quote-commands.ts";
import { market, ymdNumber } from "./cli-values.ts";

const BOARD_ARG = [{ name: "BOARD", help: "board code, e.g. 880761 (see board-list)" }];
const SORT = { name: "sort", type: "string", help: "member sort field: CHANGE_PCT, PRICE, VOLUME, TOTAL_AMOUNT, CODE ... (default: the board's order)" } as const;
/** easy_tdx's spellings (mac/enums.py SortOrder; cli/parsers.py's board-type names and BoardType numbers). */
const ORDER_ALIASES = { "1": "DESC", "2": "ASC" };
const TYPE_ALIASES = { INDUSTRY: "HY", CONCEPT: "GN", STYLE: "FG", REGION: "DQ", "0": "HY", "1": "HY2", "3": "GN", "4": "FG", "5": "DQ", "255": "ALL" };
const ORDER = { name: "order", type: "string", choices: ["DESC", "ASC"], aliases: ORDER_ALIASES, default: "DESC", help: "sort direction (easy_tdx's 1 and 2 too)" } as const;
const RANK_TYPES = ["HY", "HY2", "GN", "FG", "DQ"];
const TYPE_HELP = "board type (easy_tdx's INDUSTRY, CONCEPT, STYLE, REGION and numbers too)";

export const boardCommands: readonly Command[] = [
  {
    name: "board-list",
    summary: "Boards (industry HY/HY2, concept GN, style FG, region DQ) with their quotes.",
    args: [],
    options: [
      { name: "type", type: "string", choices: ["ALL", ...RANK_TYPES], aliases: TYPE_ALIASES, default: "ALL", help: TYPE_HELP },
      { name: "count", type: "integer", default: 500, help: "boards" },
      { name: "sort", type: "string", default: "CHANGE_PCT", help: "sort column: CHANGE_PCT, SPEED, CHANGE_3D ... YTD" },
    ],
    examples: ["board-list --type GN --count 10 --table"],
    run: async (ctx, { opts }) =>
      frameRows(await (await ctx.api()).get("/api/v1/board-mac/list", { board_type: str(opts, "type"), count: num(opts, "count"), sort_column: str(opts, "sort")?.toUpperCase() })),
  },
  {
    name: "board-members",
    summary: "Quotes of a board's member stocks.",
    args: BOARD_ARG,
    options: [{ name: "count", type: "integer", default: 100, help: "members" }, SORT, ORDER],
    examples: ["board-members 880761 --count 10 --table"],
    run: async (ctx, { args, opts }) =>
      frameRows(await (await ctx.api()).get("/api/v1/board-mac/members", { board_symbol: args.BOARD, count: num(opts, "count"), sort_type: str(opts, "sort"), sort_order: str(opts, "order") })),
  },
  {
    name: "belong-board",
    summary: "The boards a security belongs to.",
    args: SECURITY_ARGS,
    options: [],
    examples: ["belong-board SZ 000001 --table"],
    run: async (ctx, { args }) => frameRows(await (await ctx.api()).get("/api/v1/board-mac/belong", { market: market(args.MARKET!), code: args.CODE })),
  },
  {
    name: "board-summary",
    summary: "A board's totals (amount, main net flow, advancers/decliners), or with --members its member rows.",
    args: BOARD_ARG,
    options: [SORT, ORDER, { name: "members", type: "boolean", default: false, help: "print the member rows instead of the totals" }],
    examples: ["board-summary 880761 --table", "board-summary 880761 --members"],
    async run(ctx, { args, opts }) {
      const { data } = (await (await ctx.api()).get("/api/v1/board-mac/summary", { board_symbol: args.BOARD, sort_type: str(opts, "sort"), sort_order: str(opts, "order") })) as {
        data: Row & { members: Row[] };
      };
      const { members, ...totals } = data;
      return flag(opts, "members") ? rowsOf(members) : recordOf(totals);
    },
  },
  {
    name: "board-ranking",
    summary: "Boards ranked by today's change (or amount, main net flow, volume).",
    args: [],
    options: [
      { name: "type", type: "string", choices: RANK_TYPES, aliases: TYPE_ALIASES, default: "HY", help: TYPE_HELP },
      { name: "top", type: "integer", default: 10, help: "boards" },
      { name: "sort-by", type: "string", choices: ["change_pct", "amount", "main_net_amount", "vol"], default: "change_pct", help: "ranking field" },
      { name: "asc", type: "boolean", default: false, help: "ascending (default descending)" },
    ],
    examples: ["board-ranking --type GN --top 5 --table"],
    run: async (ctx, { opts }) =>
      frameRows(await (await ctx.api()).get("/api/v1/board-mac/ranking", { board_type: str(opts, "type"), top_n: num(opts, "top"), sort_by: str(opts, "sort-by"), ascending: flag(opts, "asc") })),
  },
  {
    name: "board-change-ranking",
    summary: "Boards ranked by their change over the last N trading days.",
    args: [],
    options: [
      { name: "type", type: "string", choices: RANK_TYPES, aliases: TYPE_ALIASES, default: "HY", help: TYPE_HELP },
      { name: "days", type: "integer", default: 20, help: "trading days looked back" },
      { name: "date", type: "string", meta: "YYYYMMDD", help: "last day of the window (default: the latest)" },
      { name: "top", type: "integer", default: 10, help: "boards" },
      { name: "asc", type: "boolean", default: false, help: "ascending (default descending)" },
    ],
    examples: ["board-change-ranking --days 5 --table"],
    async run(ctx, { opts }) {
      const date = str(opts, "date");
      const q = {
        board_type: str(opts, "type"),
        days: num(opts, "days"),
        top_n: num(opts, "top"),
        ascending: flag(opts, "asc"),
        target_date: date === undefined ? undefined : ymdNumber(date, "--date"),
      };
      return frameRows(await (await ctx.api()).get("/api/v1/board-mac/change-ranking", q));
    },
  },
];
