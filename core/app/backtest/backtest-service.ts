/**
 * The backtest use cases behind the routes: the synchronous run on inline bars,
 * and the submission of every background kind. Submissions do their data work
 * while the request is open — a bad symbol, an unknown strategy or bars that
 * cannot be fetched fail the request — and hand the rest to the task runner.
 */
import { type BarSeries, classifySecurity, type Market } from "../../bars/index.ts";
import { compileSignalFormula, validateBacktestConfig, validatePortfolioConfig, type BacktestTables, type ConfigCheck, type SecurityInfo } from "../../backtest/index.ts";
import type { PluginRegistry, StrategyPlugin } from "../../../ports/plugins.ts";
import type { TaskRunner, TaskSummary } from "../../../ports/task-runner.ts";
import type { SecurityDirectory } from "../quotes/security-directory.ts";
import { parseOhlcvRecords } from "../bars/ohlcv-records.ts";
import { splitSymbol, type BarLoader, type BarRequest } from "./bar-loader.ts";
import type { BacktestBody, DataFields, FormulaBacktestBody, FormulaScreenBody, MultiStrategyBody, PortfolioBody } from "./backtest-inputs.ts";
import type { MultiTaskInput, PortfolioTaskInput, ScreenTaskInput, SingleTaskInput, Skipped } from "./backtest-tasks.ts";
import { memberKeys } from "./member-keys.ts";
import { runSingleTables } from "./strategy-run.ts";
import { toWire } from "./wire-series.ts";
import { fillTemplate, DATA_LABELS, TASK_DESCRIPTIONS } from "../../text/index.ts";
import { InvalidFieldsError, InvalidRequestError } from "../app-errors.ts";

/** Inline bars without a symbol trade by main-board rules (±10 %, 100-share lots). */
const INLINE_SECURITY: SecurityInfo = { code: "000001", market: "SZ" };

const A_SHARE_BOARDS = new Set(["SH_MAIN", "STAR", "SZ_MAIN", "CHINEXT", "BSE"]);

export interface RequestData {
  readonly bars: BarSeries;
  readonly security: SecurityInfo;
  /** For task descriptions: "SZ:000001 DAY×250" or "250 根". */
  readonly label: string;
}

const nullToUndefined = <T>(v: T | null | undefined): T | undefined => (v === null ? undefined : v);

/** Inline bars (422 naming the bad row) with the rules of `symbol` when one is given; otherwise fetched by symbol. */
export async function requestData(loader: BarLoader, b: DataFields, inline?: BarSeries): Promise<RequestData> {
  if (b.ohlcv != null) {
    const bars = inline ?? inlineBars(b.ohlcv);
    const security = b.symbol != null ? await loader.security(b.symbol) : INLINE_SECURITY;
    return { bars, security, label: fillTemplate(DATA_LABELS.inline, { bars: bars.length }) };
  }
  const loaded = await loader.load(b.symbol!, dateRange(b));
  return { bars: loaded.series, security: loaded.security, label: fillTemplate(DATA_LABELS.symbol, { symbol: b.symbol!, category: b.category, bars: loaded.series.length }) };
}

function inlineBars(ohlcv: readonly unknown[]): BarSeries {
  const parsed = parseOhlcvRecords(ohlcv, "ohlcv");
  if (!parsed.ok) throw new InvalidFieldsError(parsed.errors);
  return parsed.series;
}

const resultKey = (symbol: string) => symbol.replace(":", "");

export class BacktestService {
  constructor(
    readonly registry: PluginRegistry,
    private readonly loader: BarLoader,
    private readonly directory: SecurityDirectory,
    private readonly runner: TaskRunner,
  ) {}

  #plugin(id: string): StrategyPlugin<any> {
    const plugin = this.registry.strategies.get(id);
    if (!plugin) throw new InvalidRequestError(`Unknown strategy '${id}'; choose one of: ${[...this.registry.strategies.keys()].join(", ")}`);
    return plugin;
  }

  /**
   * `POST /backtest/run`: inline bars only, computed on the request; the tables are written to JSON by the route.
   * `inline`: the records of `body.ohlcv` already read into columns by the adapter (then `body.ohlcv` is a stand-in).
   */
  async run(body: BacktestBody, inline?: BarSeries): Promise<BacktestTables> {
    this.#plugin(body.strategy);
    if (body.ohlcv == null) throw new InvalidRequestError("The synchronous run needs inline ohlcv bars; to fetch by symbol use /backtest/run/async");
    const data = await requestData(this.loader, body, inline);
    return runSingleTables(this.registry, { strategy: body.strategy, params: body.params, config: configOf(body), security: data.security, bars: data.bars });
  }

  async submitBacktest(body: BacktestBody): Promise<TaskSummary> {
    this.#plugin(body.strategy);
    const data = await requestData(this.loader, body);
    const input: SingleTaskInput = { strategy: body.strategy, params: body.params, config: configOf(body), security: data.security, bars: toWire(data.bars) };
    return this.runner.submit({ kind: "backtest", description: fillTemplate(TASK_DESCRIPTIONS.backtest, { strategy: body.strategy, data: data.label }), input });
  }

  async submitFormulaBacktest(body: FormulaBacktestBody): Promise<TaskSummary> {
    const check = compileSignalFormula(body.text, body.params, body.buy, body.sell);
    const data = await requestData(this.loader, body);
    const futures = check.ok ? check.formula.futureFunctions : [];
    const input: SingleTaskInput = {
      strategy: "formula",
      params: { ...body.params, formula: body.text, buy: body.buy, sell: body.sell },
      config: configOf(body),
      security: data.security,
      bars: toWire(data.bars),
      ...(futures.length ? { warnings: [`the formula uses future functions (${futures.join(", ")}): its signals see later bars`] } : {}),
    };
    return this.runner.submit({ kind: "formula_backtest", description: fillTemplate(TASK_DESCRIPTIONS.formula_backtest, { data: data.label }), input });
  }

  /** Legs are keyed `SZ000001` in the result, as easy_tdx's portfolio engine keys them (portfolio_engine.py `f"{market}{code}"`). */
  async submitPortfolio(body: PortfolioBody): Promise<TaskSummary> {
    this.#plugin(body.strategy);
    const req = dateRange(body);
    const fetched = await Promise.allSettled(body.stocks.map((s) => this.loader.load(s, req)));
    const skipped = failures(body.stocks, fetched);
    const legs = fetched.flatMap((r, i) =>
      r.status === "fulfilled" ? [{ key: resultKey(body.stocks[i]!), security: r.value.security, bars: toWire(r.value.series), ...(body.weights != null ? { weight: body.weights[i]! } : {}) }] : [],
    );
    if (legs.length === 0) throw new InvalidRequestError(`No bars for any stock: ${describe(skipped)}`);
    const input: PortfolioTaskInput = { strategy: body.strategy, params: body.params, config: checked(validatePortfolioConfig(body)), legs, skipped };
    return this.runner.submit({ kind: "portfolio", description: fillTemplate(TASK_DESCRIPTIONS.portfolio, { strategy: body.strategy, n: legs.length }), input });
  }

  async submitMultiStrategy(body: MultiStrategyBody): Promise<TaskSummary> {
    const plugins = body.items.map((item) => this.#plugin(item.strategy));
    const fetched = await Promise.allSettled(body.items.map((item) => this.loader.load(item.symbol, dateRange({ ...body, ...item }))));
    const skipped = failures(
      body.items.map((i) => i.symbol),
      fetched,
    );
    const keys = memberKeys(fetched.map((r, i) => (r.status === "fulfilled" ? `${body.items[i]!.strategy_label || plugins[i]!.title}@${body.items[i]!.symbol}` : "")));
    const slots = fetched.flatMap((r, i) => {
      if (r.status !== "fulfilled") return [];
      const item = body.items[i]!;
      return [{ key: keys[i]!, strategy: item.strategy, params: item.params, security: r.value.security, bars: toWire(r.value.series) }];
    });
    if (slots.length === 0) throw new InvalidRequestError(`No bars for any strategy's symbol: ${describe(skipped)}`);
    const input: MultiTaskInput = { config: configOf(body), slots, skipped };
    return this.runner.submit({ kind: "multi_strategy", description: fillTemplate(TASK_DESCRIPTIONS.multi_strategy, { n: slots.length }), input });
  }

  async submitFormulaScreen(body: FormulaScreenBody): Promise<TaskSummary> {
    const check = compileSignalFormula(body.text, body.params, body.signal, "none");
    if (!check.ok) throw new InvalidRequestError(check.issues.map((i) => i.message).join("; "));
    const items = body.symbols != null ? await this.#named(body.symbols) : await this.#universe(body.universe);
    const input: ScreenTaskInput = {
      text: body.text,
      params: body.params,
      signal: check.formula.buy,
      items,
      category: body.category,
      count: body.count,
      adjust: body.adjust,
      sort_by: body.sort_by ?? null,
      descending: body.descending,
      future_functions: check.formula.futureFunctions,
    };
    return this.runner.submit({ kind: "formula_screen", description: fillTemplate(TASK_DESCRIPTIONS.formula_screen, { n: items.length, signal: check.formula.buy }), input });
  }

  /** Symbols with their names where the security list knows them (unknown ones fail in the run, each on its own). */
  async #named(symbols: readonly string[]) {
    return Promise.all(
      symbols.map(async (symbol) => {
        const { market, code } = splitSymbol(symbol);
        const found = await this.directory.find(market, code).catch(() => undefined);
        return { symbol, name: found?.name ?? "" };
      }),
    );
  }

  /** Every A-share stock (main boards, ChiNext, STAR, Beijing) of the chosen markets. */
  async #universe(universe: "all" | Market) {
    const markets: Market[] = universe === "all" ? ["SH", "SZ", "BJ"] : [universe];
    const lists = await Promise.all(markets.map((m) => this.directory.list(m)));
    return markets.flatMap((market, i) =>
      [...lists[i]!.values()]
        .filter((s) => A_SHARE_BOARDS.has(classifySecurity(market, s.code).board))
        .map((s) => ({ symbol: `${market}:${s.code}`, name: s.name }))
        .sort((a, b) => (a.symbol < b.symbol ? -1 : 1)),
    );
  }
}

/** The engine's own check of the trading settings (the body schema has applied the same rules already). */
export function checked<T>(c: ConfigCheck<T>): T {
  if (!c.ok) throw new InvalidFieldsError(c.issues.map((i) => ({ type: i.type, loc: ["body", ...i.loc], msg: i.msg, input: i.input })));
  return c.value;
}

export const configOf = (body: object) => checked(validateBacktestConfig(body));

export function dateRange(b: { category: BarRequest["category"]; count: number; adjust: BarRequest["adjust"]; start_date?: string | null; end_date?: string | null }): BarRequest {
  return { category: b.category, count: b.count, adjust: b.adjust, start_date: nullToUndefined(b.start_date), end_date: nullToUndefined(b.end_date) };
}

export function failures(symbols: readonly string[], results: readonly PromiseSettledResult<unknown>[]): Skipped[] {
  return results.flatMap((r, i) => (r.status === "rejected" ? [{ symbol: symbols[i]!, error: (r.reason as Error).message ?? String(r.reason) }] : []));
}

export const describe = (skipped: readonly Skipped[]) => skipped.map((s) => `${s.symbol} (${s.error})`).join("; ");
