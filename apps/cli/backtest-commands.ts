/**
 * Backtests from the shell, as the service's background tasks: `backtest`
 * (one preset strategy on one security, or a combination with `--members`),
 * `run-all` (every strategy with a preset grid, each at its best point, ranked:
 * `/backtest/optimize-all`; with `--combo N`, every strategy and every N-member
 * combination of them ranked together: `/backtest/run-all`),
 * `portfolio` (one strategy over several stocks) and `optimize` (a parameter
 * grid), plus `strategy-list`. The trading settings (--cash, --commission,
 * --no-t-plus-one ...) are generated from the engine's field table
 * (core/backtest/config.ts), the same table the HTTP schemas are built from,
 * so names, defaults and help cannot drift.
 */
import { CONFIG_FIELDS, type FieldSpec, PORTFOLIO_FIELDS } from "../../core/backtest/index.ts";
import { UsageError, type OptionSpec, type OptionValues } from "./cli-args.ts";
import { type Command, list, num, str } from "./cli-command.ts";
import { type Output, recordOf, type Row, rowsOf } from "./cli-output.ts";
import type { ServiceApi } from "./cli-api.ts";
import { strategyFolder } from "./cli-strategy-file.ts";
import { runTask } from "./cli-tasks.ts";
import { ADJUST, PERIOD, SECURITY_ARGS } from "./quote-commands.ts";
import { adjust, assignments, category, market, symbols } from "./cli-values.ts";

type Fields = { readonly [name: string]: FieldSpec };

const kebab = (s: string) => s.replace(/_/g, "-");

/** One option per setting: `--name VALUE`, or for switches `--name` (off by default) / `--no-name` (on by default). */
function settingOptions(fields: Fields): OptionSpec[] {
  return Object.entries(fields).map(([name, spec]): OptionSpec => {
    const help = spec.description.replace(/\s+/g, " ");
    switch (spec.kind) {
      case "boolean":
        return spec.default ? { name: `no-${kebab(name)}`, type: "boolean", default: false, help: `switch off: ${help}` } : { name: kebab(name), type: "boolean", default: false, help };
      case "enum":
        return { name: kebab(name), type: "string", choices: spec.values, default: spec.default, help };
      case "rate_or_auto":
        return { name: kebab(name), type: "string", default: "auto", meta: "RATE|auto", help };
      case "number":
        return { name: kebab(name), type: spec.integer ? "integer" : "number", default: spec.default, help };
    }
  });
}

/** The request fields of the settings, from the parsed options (the service validates the values). */
function settings(fields: Fields, opts: OptionValues): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, spec] of Object.entries(fields)) {
    if (spec.kind === "boolean") out[name] = spec.default ? opts[`no-${kebab(name)}`] !== true : opts[kebab(name)] === true;
    else if (spec.kind === "rate_or_auto") {
      const v = String(opts[kebab(name)]);
      out[name] = v.toLowerCase() === "auto" ? "auto" : Number(v);
      if (out[name] !== "auto" && !Number.isFinite(out[name])) throw new UsageError(`--${kebab(name)}: expected a rate or auto (got ${JSON.stringify(v)})`);
    } else out[name] = opts[kebab(name)];
  }
  return out;
}

const STRATEGY: OptionSpec = { name: "strategy", type: "string", meta: "NAME", help: "preset strategy id (see strategy-list) (required unless --members or --strategy-file)" };
const PARAMS: OptionSpec = { name: "params", type: "list", meta: "NAME=VALUE,...", help: "strategy parameters (missing ones take their defaults); a combination member's as MEMBER.NAME=VALUE" };
const COMBO_MODES = ["AND", "MAJORITY", "OR"];
const MEMBERS: OptionSpec = { name: "members", type: "string", meta: "A,B[,C]", help: "run a combination of these strategies (the combination strategy; 2–8 ids)" };
const COMBO_MODE: OptionSpec = {
  name: "combo-mode",
  type: "string",
  choices: COMBO_MODES,
  default: "MAJORITY",
  help: "how a combination's signals combine: AND all members, MAJORITY more than half, OR any (easy_tdx's)",
};
const COMBINATION = [MEMBERS, COMBO_MODE];
const STRATEGY_FILE: OptionSpec = {
  name: "strategy-file",
  type: "string",
  meta: "FILE",
  help: "your own strategy module (.mts, made with definePlugin as in PLUGINS_DIR), run in-process; --strategy picks one when it exports several",
};
const OBJECTIVE: OptionSpec = { name: "objective", type: "string", default: "sharpe", help: "ranking metric (sharpe, total_return, calmar, max_drawdown ...)" };
const COUNT = (n: number): OptionSpec => ({ name: "count", type: "integer", default: n, help: "latest bars fetched" });
const DETAIL: OptionSpec = { name: "detail", type: "string", choices: ["summary", "trades", "equity", "positions"], default: "summary", help: "what to print of the result" };

function strategyOf(opts: OptionValues): string {
  if (str(opts, "members")) return "combination";
  const s = str(opts, "strategy");
  if (!s) throw new UsageError("give the strategy with --strategy NAME (strategy-list shows them) or a combination with --members A,B");
  return s;
}

/** `--params`, plus a combination's `members` and `mode` when `--members` is given. */
function paramsOf(opts: OptionValues): Record<string, number | boolean | string> {
  const params = assignments(list(opts, "params"), "--params");
  const members = str(opts, "members");
  if (!members) return params;
  if (str(opts, "strategy") && str(opts, "strategy") !== "combination") throw new UsageError("--members runs the combination strategy; leave out --strategy");
  return { ...params, members: members.replace(/\s+/g, ""), mode: str(opts, "combo-mode")!.toUpperCase() };
}

const symbolOf = (args: Record<string, string>) => `${market(args.MARKET!)}:${args.CODE}`;

const dataOptions = (count: number) => [PERIOD, COUNT(count), ADJUST];
const dataFields = (opts: OptionValues) => ({ category: category(str(opts, "period")!), count: num(opts, "count"), adjust: adjust(str(opts, "adjust")!) });

interface BacktestResult {
  performance: Row;
  trades: Row[];
  equity_curve: Row[];
  positions: Row[];
}

/** A single backtest's result: its performance as one record, or one of its tables. */
function resultOutput(r: BacktestResult, detail: string, head: Row): Output {
  if (detail === "trades") return rowsOf(r.trades);
  if (detail === "equity") return rowsOf(r.equity_curve);
  if (detail === "positions") return rowsOf(r.positions);
  return recordOf({ ...head, ...r.performance });
}

export const backtestCommands: readonly Command[] = [
  {
    name: "strategy-list",
    summary: "The preset strategies with their parameters (for --strategy and --params).",
    args: [],
    options: [],
    examples: ["strategy-list --table"],
    async run(ctx) {
      const { strategies } = (await (await ctx.api()).get("/api/v1/backtest/strategies")) as { strategies: Row[] };
      return rowsOf(strategies);
    },
  },
  {
    name: "backtest",
    summary: "Backtest a preset strategy on a security (A-share rules: T+1, lots, fees, limits, suspensions).",
    args: SECURITY_ARGS,
    options: [STRATEGY, STRATEGY_FILE, PARAMS, ...COMBINATION, ...dataOptions(250), DETAIL, ...settingOptions(CONFIG_FIELDS)],
    examples: [
      "backtest SZ 000001 --strategy ma_cross --table",
      "backtest SZ 000001 --strategy ma_cross --params fast=5,slow=20 --detail trades",
      "backtest SZ 000001 --members ma_cross,macd,donchian --combo-mode MAJORITY --params ma_cross.fast=10",
      "backtest SZ 000001 --strategy-file ./up-days.mts --params n=3",
    ],
    async run(ctx, { args, opts }, io) {
      const file = str(opts, "strategy-file");
      let api: ServiceApi;
      let strategy: string;
      if (file === undefined) {
        strategy = strategyOf(opts);
        api = await ctx.api();
      } else {
        if (ctx.server) throw new UsageError("--strategy-file runs in-process: a running service loads strategies from its own PLUGINS_DIR");
        const folder = await strategyFolder(file, ctx.env);
        const chosen = str(opts, "strategy") ?? (folder.ids.length === 1 ? folder.ids[0] : undefined);
        if (chosen === undefined || !folder.ids.includes(chosen)) {
          folder.remove();
          throw new UsageError(`${file} exports the strategies ${folder.ids.join(", ")}: pick one with --strategy`);
        }
        strategy = chosen;
        api = await ctx.pluginApi(folder.dir, folder.remove);
      }
      const body = { strategy, params: paramsOf(opts), symbol: symbolOf(args), ...dataFields(opts), ...settings(CONFIG_FIELDS, opts) };
      const r = (await runTask(api, "/api/v1/backtest/run/async", body, io)) as BacktestResult;
      return resultOutput(r, str(opts, "detail")!, { strategy, symbol: body.symbol });
    },
  },
  {
    name: "run-all",
    summary:
      "Every strategy that has a preset grid, each at its best point, ranked by --objective; with --combo, every strategy at its defaults and every combination of --combo members of them (easy_tdx's run-all --combo), ranked together.",
    args: SECURITY_ARGS,
    options: [
      OBJECTIVE,
      { name: "strategies", type: "string", meta: "A,B", help: "only these strategy ids (default: all with a preset grid; with --combo all but combination)" },
      { name: "combo", type: "list", meta: "N", help: "also rank every N-member combination (2–8; e.g. --combo 2 --combo 3)" },
      COMBO_MODE,
      ...dataOptions(250),
      ...settingOptions(CONFIG_FIELDS),
    ],
    examples: ["run-all SZ 000001 --table", "run-all SZ 000001 --strategies ma_cross,macd --objective total_return", "run-all SZ 000001 --combo 2 --combo 3 --combo-mode AND --table"],
    async run(ctx, { args, opts }, io) {
      const only = str(opts, "strategies");
      const body = {
        symbol: symbolOf(args),
        objective: str(opts, "objective"),
        strategies: only
          ? only
              .split(",")
              .map((s) => s.trim())
              .filter(Boolean)
          : undefined,
        ...dataFields(opts),
        ...settings(CONFIG_FIELDS, opts),
      };
      const combo = list(opts, "combo").flatMap((v) => v.split(","));
      if (combo.length === 0) {
        const r = (await runTask(await ctx.api(), "/api/v1/backtest/optimize-all/run/async", body, io)) as { ranking: Row[] };
        return rowsOf(r.ranking);
      }
      const sizes = combo.map((v) => {
        const n = Number(v);
        if (!Number.isInteger(n)) throw new UsageError(`--combo: expected a member count such as 2 (got ${JSON.stringify(v)})`);
        return n;
      });
      const r = (await runTask(await ctx.api(), "/api/v1/backtest/run-all/run/async", { ...body, combo_sizes: sizes, combo_mode: str(opts, "combo-mode")!.toUpperCase() }, io)) as {
        ranking: (Row & { members: string[] })[];
      };
      // one flat row per run: its members as "a,b" (the labels are in strategy-list)
      return rowsOf(r.ranking.map(({ labels: _, members, ...row }) => ({ ...row, members: members.join(",") })));
    },
  },
  {
    name: "portfolio",
    summary: "One strategy over several stocks sharing the capital (equal or given weights, optional rebalancing).",
    args: [],
    options: [
      { name: "stocks", type: "string", meta: "LIST", help: 'the stocks, e.g. "SZ:000001,SH:600519" (required)' },
      STRATEGY,
      PARAMS,
      ...COMBINATION,
      { name: "weights", type: "string", meta: "W1,W2", help: "target weight per stock, in order (default: equal)" },
      PERIOD,
      COUNT(800),
      ADJUST,
      { name: "start-date", type: "string", meta: "YYYY-MM-DD", help: "first day (default: the latest --count bars)" },
      { name: "end-date", type: "string", meta: "YYYY-MM-DD", help: "last day" },
      { name: "detail", type: "string", choices: ["summary", "members", "equity"], default: "summary", help: "the total performance, one row per member, or the combined equity" },
      ...settingOptions(PORTFOLIO_FIELDS),
    ],
    examples: ['portfolio --stocks "SZ:000001,SH:600519" --strategy ma_cross --table'],
    async run(ctx, { opts }, io) {
      const stocks = str(opts, "stocks");
      if (!stocks) throw new UsageError('give the stocks with --stocks "SZ:000001,SH:600519"');
      const weights = str(opts, "weights");
      const body = {
        strategy: strategyOf(opts),
        params: paramsOf(opts),
        stocks: symbols(stocks),
        weights: weights ? weights.split(",").map(Number) : undefined,
        ...dataFields(opts),
        start_date: str(opts, "start-date"),
        end_date: str(opts, "end-date"),
        ...settings(PORTFOLIO_FIELDS, opts),
      };
      const r = (await runTask(await ctx.api(), "/api/v1/backtest/portfolio/run/async", body, io)) as {
        total_performance: Row;
        individual_results: Record<string, { performance: Row }>;
        equity_allocation: Record<string, number>;
        combined_equity: Row[];
      };
      const detail = str(opts, "detail");
      if (detail === "equity") return rowsOf(r.combined_equity);
      if (detail === "members") {
        return rowsOf(Object.entries(r.individual_results).map(([symbol, m]) => ({ symbol, allocation: r.equity_allocation[symbol] ?? null, ...m.performance })));
      }
      return recordOf({ strategy: body.strategy, ...r.total_performance });
    },
  },
  {
    name: "optimize",
    summary: "Grid search of a strategy's parameters on a security, every point ranked by --objective.",
    args: SECURITY_ARGS,
    options: [
      STRATEGY,
      { name: "grid", type: "list", meta: "NAME=V1,V2,...", help: "values to try for one parameter (default: the strategy's preset grid); a combination member's as MEMBER.NAME=..." },
      PARAMS,
      ...COMBINATION,
      OBJECTIVE,
      ...dataOptions(250),
      ...settingOptions(CONFIG_FIELDS),
    ],
    examples: ["optimize SZ 000001 --strategy ma_cross --grid fast=5,10 --grid slow=20,30 --table"],
    async run(ctx, { args, opts }, io) {
      const grid: Record<string, (number | boolean | string)[]> = {};
      for (const g of list(opts, "grid")) {
        const m = /^\s*([^=\s]+)\s*=(.+)$/.exec(g);
        if (!m) throw new UsageError(`--grid: expected NAME=V1,V2,... (got ${JSON.stringify(g)})`);
        grid[m[1]!] = Object.values(
          assignments(
            m[2]!.split(",").map((v, i) => `${i}=${v}`),
            "--grid",
          ),
        );
      }
      const body = {
        strategy: strategyOf(opts),
        param_grid: Object.keys(grid).length ? grid : null,
        params: paramsOf(opts),
        objective: str(opts, "objective"),
        symbol: symbolOf(args),
        ...dataFields(opts),
        ...settings(CONFIG_FIELDS, opts),
      };
      const r = (await runTask(await ctx.api(), "/api/v1/backtest/optimize/run/async", body, io)) as { ranking: Row[] };
      return rowsOf(r.ranking);
    },
  },
];
