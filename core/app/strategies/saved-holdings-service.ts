/**
 * What a saved strategy holds today (easy_tdx's strategy library: "current
 * holdings" after "rerun up to today"): the saved run is run again with its
 * bar range left open at the end — the latest N bars, or from its start date
 * to the latest bar — and each member's position at the last bar is read
 * (core/backtest/holdings.ts: shares, average cost, the latest close and the
 * unrealised P&L at it). The saved record is read as the run's own request
 * body by the HTTP edge's schemas (a `SavedRunReader`: its kind's backtest
 * request schema checks strategy, parameters, settings and symbols), so a
 * record another client wrote badly is a 409 naming what is wrong, never a
 * half-run.
 */
import { runMultiStrategyBacktest, runPortfolioBacktest, runSingle } from "../backtest/strategy-run.ts";
import { holdingsOf, type Holding, validatePortfolioConfig } from "../../backtest/index.ts";
import type { PluginRegistry } from "../../../ports/plugins.ts";
import type { BacktestBody, MultiStrategyBody, PortfolioBody } from "../backtest/backtest-inputs.ts";
import { checked, configOf, dateRange, failures } from "../backtest/backtest-service.ts";
import type { BarLoader } from "../backtest/bar-loader.ts";
import { memberKeys } from "../backtest/member-keys.ts";
import type { Skipped } from "../backtest/backtest-tasks.ts";
import { ConflictError, NotFoundError } from "../app-errors.ts";
import type { SavedStrategyView, StrategyLibraryService } from "./strategy-library-service.ts";

export interface SavedHoldings {
  readonly strategy_id: string;
  /** Date of the latest bar the rerun reached (the newest among its members), null when no member had bars. */
  readonly as_of: string | null;
  /** One row per member, held ones first. */
  readonly holdings: Holding[];
  /** Members whose bars could not be fetched. */
  readonly skipped: Skipped[];
}

export type Json = Readonly<Record<string, unknown>>;

/** A saved record read as its kind's request body: the checked body, or why it is refused. */
export type SavedRun<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly why: string };

/** The request schemas a saved record is read with (they live at the HTTP edge). */
export interface SavedRunReader {
  single(body: Json): SavedRun<BacktestBody>;
  portfolio(body: Json): SavedRun<PortfolioBody>;
  multi(body: Json): SavedRun<MultiStrategyBody>;
}

/** The saved run as its kind's request body; a date range loses its end (up to today). */
function requestBody(s: SavedStrategyView): Json {
  const { end_date: _end, ...context } = s.context as Json;
  const run = { strategy: s.strategy, params: s.params, ...s.trade_config, ...context };
  if (s.kind !== "multi") return run;
  const items = Array.isArray(context.items) ? context.items.map((i) => (typeof i === "object" && i !== null ? { ...i, end_date: null } : i)) : context.items;
  return { ...s.trade_config, ...context, items };
}

export class SavedHoldingsService {
  constructor(
    private readonly library: StrategyLibraryService,
    private readonly registry: PluginRegistry,
    private readonly loader: BarLoader,
    private readonly reader: SavedRunReader,
  ) {}

  async holdings(id: string): Promise<SavedHoldings> {
    const saved = await this.library.get(id);
    if (!saved) throw new NotFoundError(`Saved strategy '${id}' does not exist`);
    const body = requestBody(saved);
    const members = saved.kind === "single" ? await this.#single(id, body) : saved.kind === "portfolio" ? await this.#portfolio(id, body) : await this.#multi(id, body);
    const holdings = holdingsOf(members.results);
    const as_of = holdings.reduce<string | null>((latest, h) => (latest === null || h.date > latest ? h.date : latest), null);
    return { strategy_id: id, as_of, holdings, skipped: members.skipped };
  }

  #parse<T>(id: string, run: SavedRun<T>): T {
    if (run.ok) return run.value;
    throw new ConflictError(`Saved strategy '${id}' cannot be rerun: ${run.why}`);
  }

  #strategy(id: string, strategy: string): void {
    if (!this.registry.strategies.has(strategy)) throw new ConflictError(`Saved strategy '${id}' cannot be rerun: unknown strategy '${strategy}'`);
  }

  async #single(id: string, body: Json) {
    const b = this.#parse(id, this.reader.single(body));
    this.#strategy(id, b.strategy);
    if (b.symbol == null) throw new ConflictError(`Saved strategy '${id}' cannot be rerun: it was run on inline bars, not a symbol`);
    const loaded = await this.loader.load(b.symbol, dateRange(b));
    const result = runSingle(this.registry, { strategy: b.strategy, params: b.params, config: configOf(b), security: loaded.security, bars: loaded.series });
    return { results: { [b.symbol]: result }, skipped: [] };
  }

  async #portfolio(id: string, body: Json) {
    const b = this.#parse(id, this.reader.portfolio(body));
    this.#strategy(id, b.strategy);
    const fetched = await Promise.allSettled(b.stocks.map((s) => this.loader.load(s, dateRange(b))));
    const legs = fetched.flatMap((r, i) =>
      r.status === "fulfilled" ? [{ key: b.stocks[i]!, security: r.value.security, bars: r.value.series, ...(b.weights != null ? { weight: b.weights[i]! } : {}) }] : [],
    );
    const skipped = failures(b.stocks, fetched);
    if (legs.length === 0) return { results: {}, skipped };
    const result = runPortfolioBacktest(this.registry, { strategy: b.strategy, params: b.params, config: checked(validatePortfolioConfig(b)), legs });
    return { results: result.individual_results, skipped };
  }

  async #multi(id: string, body: Json) {
    const b = this.#parse(id, this.reader.multi(body));
    for (const item of b.items) this.#strategy(id, item.strategy);
    const fetched = await Promise.allSettled(b.items.map((item) => this.loader.load(item.symbol, dateRange({ ...b, ...item }))));
    const keys = memberKeys(
      fetched.map((r, i) => (r.status === "fulfilled" ? `${b.items[i]!.strategy_label || this.registry.strategies.get(b.items[i]!.strategy)!.title}@${b.items[i]!.symbol}` : "")),
    );
    const slots = fetched.flatMap((r, i) => {
      if (r.status !== "fulfilled") return [];
      const item = b.items[i]!;
      return [{ key: keys[i]!, strategy: item.strategy, params: item.params, security: r.value.security, bars: r.value.series }];
    });
    const skipped = failures(
      b.items.map((i) => i.symbol),
      fetched,
    );
    if (slots.length === 0) return { results: {}, skipped };
    const result = runMultiStrategyBacktest(this.registry, { config: configOf(b), slots });
    return { results: result.individual_results, skipped };
  }
}
