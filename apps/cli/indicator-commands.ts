/**
 * `indicator-list` and `indicator NAMES -m MARKET -c CODE` (easy_tdx's
 * spelling): the security's bars from `/bars`, computed by `/indicator/compute`
 * over all of them and cut to the last `--count` rows. `--params` takes
 * `SHORT=10` (every named indicator that has the parameter) or `MACD.SHORT=10`.
 */
import { UsageError } from "./cli-args.ts";
import type { ServiceApi } from "./cli-api.ts";
import { type Command, flag, frameRows, num, str } from "./cli-command.ts";
import { rowsOf, type Row } from "./cli-output.ts";
import { ADJUST, PERIOD } from "./quote-commands.ts";
import { adjust, category, market } from "./cli-values.ts";

/** Bars fetched for the computation: the most one `/bars` call gives, so slow indicators have their warm-up. */
const BARS = 800;
const OHLCV = ["open", "high", "low", "close", "vol", "amount"];

interface IndicatorInfo {
  name: string;
  params: { name: string }[];
}

async function indicatorParams(api: ServiceApi, names: readonly string[], spec: string | undefined): Promise<Record<string, Record<string, number>>> {
  const out: Record<string, Record<string, number>> = {};
  if (!spec) return out;
  const global: Record<string, number> = {};
  for (const part of spec.split(",").filter((p) => p.trim())) {
    const m = /^\s*(?:([A-Za-z0-9_]+)\.)?([A-Za-z0-9_]+)\s*=\s*(-?[\d.]+(?:e-?\d+)?)\s*$/i.exec(part);
    if (!m) throw new UsageError(`--params: expected NAME=NUMBER or INDICATOR.NAME=NUMBER (got ${JSON.stringify(part)})`);
    if (m[1]) (out[m[1].toUpperCase()] ??= {})[m[2]!.toUpperCase()] = Number(m[3]);
    else global[m[2]!.toUpperCase()] = Number(m[3]);
  }
  if (Object.keys(global).length > 0) {
    const list = (await api.get("/api/v1/indicator/list")) as IndicatorInfo[];
    const used = new Set<string>();
    const owned: string[] = [];
    for (const n of names) {
      const own = list.find((i) => i.name.toUpperCase() === n)?.params.map((p) => p.name.toUpperCase()) ?? [];
      owned.push(`${n}: ${own.join(", ") || "none"}`);
      for (const [k, v] of Object.entries(global)) {
        if (!own.includes(k)) continue;
        (out[n] ??= {})[k] ??= v;
        used.add(k);
      }
    }
    // a name no requested indicator has would otherwise change nothing, silently
    const unused = Object.keys(global).filter((k) => !used.has(k));
    if (unused.length > 0) throw new UsageError(`--params: no requested indicator has ${unused.join(", ")} (${owned.join("; ")})`);
  }
  return out;
}

export const indicatorCommands: readonly Command[] = [
  {
    name: "indicator-list",
    summary: "The built-in indicators with their parameters and output columns.",
    args: [],
    options: [],
    examples: ["indicator-list --table"],
    async run(ctx) {
      const list = (await (await ctx.api()).get("/api/v1/indicator/list")) as Row[];
      // easy_tdx's columns in its order (indicator.py `list_indicators`), then the display title
      return rowsOf(list.map(({ name, description, inputs, outputs, default_params, title }) => ({ name, description, inputs, outputs, default_params, title })));
    },
  },
  {
    name: "indicator",
    summary: "Compute indicators (several at once, comma-separated) on a security's bars.",
    args: [{ name: "INDICATORS", help: "indicator names, e.g. MACD or MACD,KDJ,RSI (see indicator-list)" }],
    options: [
      { name: "market", short: "m", type: "string", help: "SZ, SH or BJ (required)" },
      { name: "code", short: "c", type: "string", help: "six-digit code (required)" },
      PERIOD,
      { name: "count", type: "integer", default: 30, help: "rows printed, newest last" },
      ADJUST,
      { name: "params", type: "string", meta: "LIST", help: "parameters: SHORT=10,LONG=22 (every indicator having them) or MACD.SHORT=10,KDJ.N=14" },
      { name: "no-ohlcv", type: "boolean", default: false, help: "print only the time and the indicator columns" },
    ],
    examples: ["indicator MACD -m SH -c 600519 --count 5 --table", "indicator MACD,KDJ,RSI -m SZ -c 000001 --params MACD.SHORT=10,KDJ.N=14 --no-ohlcv"],
    async run(ctx, { args, opts }) {
      const m = str(opts, "market");
      const code = str(opts, "code");
      if (!m || !code) throw new UsageError("give the security with -m MARKET -c CODE");
      const names = args
        .INDICATORS!.split(",")
        .map((n) => n.trim().toUpperCase())
        .filter(Boolean);
      const api = await ctx.api();
      const bars = (await api.get("/api/v1/bars", { market: market(m), code, category: category(str(opts, "period")!), count: BARS, adjust: adjust(str(opts, "adjust")!) })) as {
        columns: string[];
        data: Row[];
      };
      const timeKey = bars.columns[0]!;
      const data = bars.data.map((r) => Object.fromEntries([timeKey, ...OHLCV].map((k) => [k, r[k]])));
      const body = { data, indicators: names, params: await indicatorParams(api, names, str(opts, "params")), keep_ohlcv: !flag(opts, "no-ohlcv"), tail: num(opts, "count") };
      return frameRows(await api.post("/api/v1/indicator/compute", body));
    },
  },
];
