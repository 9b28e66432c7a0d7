/**
 * `offline daily|min MARKET CODE --dir DIR`: bars from a local TDX `vipdoc`
 * directory (`.day`, `.lc1`, `.lc5` files), read in-process through the
 * service's `vipdoc` quote source (QUOTE_SOURCE=vipdoc) and its `/bars` route,
 * whatever `--server` says: the files are on this machine. Offline files carry
 * no ex-rights records, so bars are unadjusted.
 */
import { vipdocRoot } from "../../adapters/vipdoc/vipdoc-locator.ts";
import { UsageError } from "./cli-args.ts";
import { type Command, frameRows, num, str } from "./cli-command.ts";
import { market } from "./cli-values.ts";

export const offlineCommands: readonly Command[] = [
  {
    name: "offline",
    summary: "Bars from a local TDX vipdoc directory: daily (.day) or minute (.lc1 / .lc5) files.",
    args: [
      { name: "KIND", help: "daily or min" },
      { name: "MARKET", help: "SZ, SH or BJ" },
      { name: "CODE", help: "six-digit code" },
    ],
    options: [
      { name: "dir", type: "string", meta: "DIR", help: "the TDX directory or its vipdoc folder (default: VIPDOC_DIR)" },
      { name: "type", type: "string", choices: ["lc1", "lc5"], default: "lc5", help: "minute files: lc1 (1-minute) or lc5 (5-minute)" },
      { name: "count", type: "integer", default: 800, help: "bars, newest last (at most 800)" },
    ],
    examples: ["offline daily SH 600000 --dir ~/new_tdx/vipdoc --count 10 --table", "offline min SZ 000001 --dir ~/new_tdx/vipdoc --type lc1"],
    async run(ctx, { args, opts }) {
      const kind = args.KIND!.toLowerCase();
      if (kind !== "daily" && kind !== "min") throw new UsageError(`KIND: expected daily or min (got ${JSON.stringify(args.KIND)})`);
      const dir = str(opts, "dir") ?? ctx.env.VIPDOC_DIR;
      if (!dir) throw new UsageError("give the TDX directory with --dir DIR (or set VIPDOC_DIR)");
      const cat = kind === "daily" ? "DAY" : str(opts, "type") === "lc1" ? "MIN_1" : "MIN_5";
      const root = vipdocRoot(dir);
      if (!root) throw new UsageError(`no TDX vipdoc tree (sh/lday or sz/lday) in ${dir}`);
      const api = await ctx.vipdocApi(root);
      return frameRows(await api.get("/api/v1/bars", { market: market(args.MARKET!), code: args.CODE, category: cat, count: num(opts, "count"), adjust: "NONE", bar_time: "end" }));
    },
  },
];
