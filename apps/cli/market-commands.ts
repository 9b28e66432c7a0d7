/**
 * Market-wide views and the quote servers (easy_tdx's unusual, market-stat,
 * server-info, ping): one `/api/v1` request each.
 */
import { type Command, frameRows, num } from "./cli-command.ts";
import { rowsOf, type Row } from "./cli-output.ts";
import { market } from "./cli-values.ts";

export const marketCommands: readonly Command[] = [
  {
    name: "unusual",
    summary: "Unusual movements (异动) of a market: rapid rises, big orders, limit seals ...",
    args: [{ name: "MARKET", help: "SZ or SH" }],
    options: [
      { name: "count", type: "integer", default: 50, help: "rows (at most 500)" },
      { name: "start", type: "integer", default: 0, help: "rows to skip" },
    ],
    examples: ["unusual SZ --count 20 --table"],
    run: async (ctx, { args, opts }) => frameRows(await (await ctx.api()).get("/api/v1/mac/unusual", { market: market(args.MARKET!), count: num(opts, "count"), start: num(opts, "start") })),
  },
  {
    name: "market-stat",
    summary: "Advancers, decliners, limit-ups and totals over all A shares.",
    args: [],
    options: [],
    examples: ["market-stat --table"],
    run: async (ctx) => frameRows(await (await ctx.api()).get("/api/v1/market/stat")),
  },
  {
    name: "server-info",
    summary: "The quote server's trading sessions and state.",
    args: [],
    options: [],
    examples: ["server-info --table"],
    run: async (ctx) => frameRows(await (await ctx.api()).get("/api/v1/mac/server-info")),
  },
  {
    name: "ping",
    summary: "Latency of the quote hosts (connect and handshake).",
    args: [],
    options: [{ name: "timeout", type: "number", default: 5, help: "seconds per host" }],
    examples: ["ping --table"],
    run: async (ctx, { opts }) => rowsOf((await (await ctx.api()).post("/api/v1/server/test", { timeout: num(opts, "timeout") })) as Row[]),
  },
];
