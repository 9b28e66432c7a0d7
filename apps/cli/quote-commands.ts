/**
 * Quotes, bars and intraday data (easy_tdx's kline, quote, quote-list, tick,
 * transaction, auction, capital-flow, symbol-info): each one request to the
 * matching `/api/v1` route, options named as easy_tdx's CLI names them.
 */
import type { GetPath } from "./cli-api.ts";
import { type ArgSpec, type OptionSpec, UsageError } from "./cli-args.ts";
import { answer, type Command, flag, frameRows, num, str } from "./cli-command.ts";
import { type Row, rowsOf } from "./cli-output.ts";
import { U16_MAX } from "../../adapters/http/validation/query.ts";
import { adjust, category, market, PERIOD_HELP, stockList, ymdNumber } from "./cli-values.ts";

export const SECURITY_ARGS: readonly ArgSpec[] = [
  { name: "MARKET", help: "SZ, SH or BJ (or 0, 1, 2)" },
  { name: "CODE", help: "six-digit code, e.g. 000001" },
];

export const PERIOD: OptionSpec = { name: "period", type: "string", default: "DAILY", help: PERIOD_HELP };
/** `--adjust` with its default: easy_tdx's CLI reads kline and chanlun unadjusted (NONE), indicators forward-adjusted (QFQ). */
export const adjustOption = (dflt: "NONE" | "QFQ"): OptionSpec => ({
  name: "adjust",
  type: "string",
  meta: "NONE|QFQ|HFQ",
  default: dflt,
  help: "price adjustment: NONE, QFQ (forward) or HFQ (backward); also 0, 1, 2 as easy_tdx",
});
export const ADJUST = adjustOption("QFQ");

const security = (args: Record<string, string>) => ({ market: market(args.MARKET!), code: args.CODE! });

/** A command that prints one GET route's answer for a security. */
function securityView(name: string, path: GetPath, summary: string): Command {
  return {
    name,
    summary,
    args: SECURITY_ARGS,
    options: [],
    examples: [`${name} SZ 000001`],
    run: async (ctx, { args }) => answer(await (await ctx.api()).get(path, security(args))),
  };
}

const kline: Command = {
  name: "kline",
  summary: "K-line bars of a security (or of an index with --index), adjusted from the ex-rights records.",
  args: SECURITY_ARGS,
  options: [
    PERIOD,
    { name: "count", type: "integer", default: 800, help: "bars, newest last (at most 800)" },
    { name: "start", type: "integer", default: 0, help: "bars back from the newest" },
    adjustOption("NONE"),
    { name: "bar-time", type: "string", choices: ["start", "end"], default: "start", help: "minute bars stamped at their start or their end" },
    { name: "index", type: "boolean", default: false, help: "index bars (adds up_count, down_count)" },
  ],
  examples: ["kline SZ 000001 --count 5 --table", "kline SH 600519 --period 5MIN --count 48"],
  async run(ctx, { args, opts }) {
    const q = {
      ...security(args),
      category: category(str(opts, "period")!),
      count: num(opts, "count"),
      start: num(opts, "start"),
      bar_time: str(opts, "bar-time"),
    };
    const api = await ctx.api();
    return frameRows(flag(opts, "index") ? await api.get("/api/v1/bars/index", q) : await api.get("/api/v1/bars", { ...q, adjust: adjust(str(opts, "adjust")!) }));
  },
};

const quote: Command = {
  name: "quote",
  summary: "Five-level quotes of one or more securities (at most 80).",
  args: [{ name: "STOCKS", help: 'securities as "SZ 000001,SH 600519"' }],
  options: [],
  examples: ['quote "SZ 000001,SH 600519" --table'],
  async run(ctx, { args }) {
    return frameRows(await (await ctx.api()).post("/api/v1/quotes", { stocks: stockList(args.STOCKS!) }));
  },
};

const quoteList: Command = {
  name: "quote-list",
  summary: "Ranked quote list of a market category (A, SH, SZ, KCB, CYB, BJ).",
  args: [{ name: "CATEGORY", help: "A (all A shares), SH, SZ, KCB, CYB or BJ", default: "A" }],
  options: [
    { name: "count", type: "integer", default: 80, help: "rows" },
    { name: "start", type: "integer", default: 0, help: "rows to skip" },
    { name: "sort", type: "string", default: "CHANGE_PCT", help: "sort field: CHANGE_PCT, PRICE, VOLUME, TOTAL_AMOUNT, TURNOVER_RATE, CODE ..." },
    { name: "order", type: "string", choices: ["DESC", "ASC"], default: "DESC", help: "sort direction" },
  ],
  examples: ["quote-list A --count 10 --table"],
  async run(ctx, { args, opts }) {
    const q = { category: args.CATEGORY!.toUpperCase(), count: num(opts, "count"), start: num(opts, "start"), sort_type: str(opts, "sort"), sort_order: str(opts, "order") };
    return frameRows(await (await ctx.api()).get("/api/v1/mac/quote-list", q));
  },
};

/** Transactions one `/transaction` request reads, and the most `transaction --count` reads in pages. */
const TRANSACTION_PAGE = 800;
const MAX_TRANSACTIONS = 20_000;
const MAX_START = U16_MAX;

/** Trading days `tick --days` reads: one `/bars` page of daily bars. */
const MAX_TICK_DAYS = 800;

const tick: Command = {
  name: "tick",
  summary: "Minute series (分时) of a trading day: today, --date, or the last --days days (each row with its date).",
  args: SECURITY_ARGS,
  options: [
    { name: "date", type: "string", meta: "YYYYMMDD", help: "a past trading day (default: the latest)" },
    { name: "days", type: "integer", default: 1, help: `the last N trading days, oldest first (at most ${MAX_TICK_DAYS})` },
  ],
  examples: ["tick SZ 000001 --table", "tick SH 600519 --days 5"],
  async run(ctx, { args, opts }) {
    const api = await ctx.api();
    const s = security(args);
    const date = str(opts, "date");
    if (date !== undefined) return frameRows(await api.get("/api/v1/minute/history", { ...s, date: ymdNumber(date, "--date") }));
    const days = num(opts, "days")!;
    // the days are one page of daily bars: past it the service's refusal would name its own `count`
    if (days > MAX_TICK_DAYS) throw new UsageError(`--days: at most ${MAX_TICK_DAYS} (got ${days})`);
    if (days <= 1) return frameRows(await api.get("/api/v1/minute", s));
    // The trading days are the dates of the latest daily bars.
    const bars = (await api.get("/api/v1/bars", { ...s, category: "DAY", count: days, adjust: "NONE" })) as { data: { date: string }[] };
    const rows: Row[] = [];
    let columns: string[] = [];
    for (const { date: stamp } of bars.data) {
      // bar dates are isoformat (YYYY-MM-DDT00:00:00); a minute row carries its day
      const d = stamp.slice(0, 10);
      const f = (await api.get("/api/v1/minute/history", { ...s, date: Number(d.replace(/-/g, "")) })) as { columns: string[]; data: Row[] };
      columns = ["date", ...f.columns];
      for (const r of f.data) rows.push({ date: d, ...r });
    }
    return rowsOf(rows, columns);
  },
};

const transaction: Command = {
  name: "transaction",
  summary: "Tick-by-tick transactions (逐笔成交) of today or of --date, oldest first.",
  args: SECURITY_ARGS,
  options: [
    { name: "count", type: "integer", default: 2000, help: `transactions (as easy_tdx: 2000 by default; read ${TRANSACTION_PAGE} a request, at most ${MAX_TRANSACTIONS})` },
    { name: "start", type: "integer", default: 0, help: "transactions back from the newest" },
    { name: "date", type: "string", meta: "YYYYMMDD", help: "a past trading day (default: today)" },
  ],
  examples: ["transaction SZ 000001 --count 20 --table"],
  async run(ctx, { args, opts }) {
    const count = num(opts, "count")!;
    if (count < 1 || count > MAX_TRANSACTIONS) throw new UsageError(`--count: 1 to ${MAX_TRANSACTIONS} (got ${count})`);
    if (num(opts, "start")! > MAX_START) throw new UsageError(`--start: at most ${MAX_START} (got ${num(opts, "start")})`);
    const date = str(opts, "date");
    const api = await ctx.api();
    const path = date === undefined ? "/api/v1/transaction" : "/api/v1/transaction/history";
    const fixed = date === undefined ? security(args) : { ...security(args), date: ymdNumber(date, "--date") };
    // pages from the newest back, each older one printed before the newer; a short page is the day's first trade
    let rows: Row[] = [];
    let columns: string[] | undefined;
    // the protocol's start is a u16: trades further back than 65,535 cannot be asked for
    for (let start = num(opts, "start")!, left = count; left > 0 && start <= MAX_START; ) {
      const asked = Math.min(TRANSACTION_PAGE, left);
      const page = (await api.get(path, { ...fixed, start, count: asked })) as { columns?: string[]; data?: Row[] };
      const data = page.data ?? [];
      columns ??= page.columns;
      rows = data.concat(rows);
      if (data.length < asked) break;
      start += asked;
      left -= asked;
    }
    return rowsOf(rows, columns);
  },
};

export const quoteCommands: readonly Command[] = [
  kline,
  quote,
  quoteList,
  tick,
  transaction,
  securityView("auction", "/api/v1/mac/auction", "Call-auction (集合竞价) prints of today."),
  securityView("capital-flow", "/api/v1/mac/capital-flow", "Capital flow of a security (main, super-large, large, medium and small orders)."),
  securityView("symbol-info", "/api/v1/mac/symbol-info", "Snapshot of a security's features (activity, inside/outside volume, turnover ...)."),
];
