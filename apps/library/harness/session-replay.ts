/**
 * A recorded TDX session replayed into a strategy run: the exchanges a service
 * recorded with `TDX_RECORD=DIR` (adapters/replay/capture-format.ts) answer the
 * same bar and security-list requests the service's own backtest makes, through
 * the same pipeline (BarLoader: paging, ex-rights adjustment, date cut, ST from
 * the name; then the plugin's signals and the engine, as a backtest job runs
 * them), so a plugin author can run a strategy, built-in or their own, on real
 * recorded market data offline and get what the service would have answered.
 * A request the capture does not hold fails as unavailable (the replay
 * source's 503), naming the command.
 */
import { BarLoader, type BarRequest } from "../../../core/app/backtest/bar-loader.ts";
import { configOf, dateRange } from "../../../core/app/backtest/backtest-service.ts";
import { runSingle } from "../../../core/app/backtest/strategy-run.ts";
import { BarService } from "../../../core/app/bars/bar-service.ts";
import { SecurityDirectory } from "../../../core/app/quotes/security-directory.ts";
import { ReplayTransport } from "../../../adapters/replay/replay-transport.ts";
import { TdxClient } from "../../../adapters/tdx/tdx-client.ts";
import type { BacktestConfig, BacktestResult, SecurityInfo } from "../../../core/backtest/index.ts";
import type { BarSeries } from "../../../core/bars/index.ts";
import { createRegistry } from "../../../plugins/registry.ts";
import type { Logger } from "../../../ports/logger.ts";
import type { StrategyParams, StrategyPlugin } from "../../../ports/plugins.ts";

export interface ReplayRunOptions<P extends StrategyParams> {
  /** `"SZ:000001"`, as the backtest API names a security. */
  readonly symbol: string;
  /** The bar request of the recorded run (the API's defaults: DAY, QFQ, 250 bars). */
  readonly category?: BarRequest["category"];
  readonly adjust?: BarRequest["adjust"];
  readonly count?: number;
  readonly start_date?: string;
  readonly end_date?: string;
  /** Strategy parameters; those not given take the plugin's defaults. */
  readonly params?: Partial<P>;
  /** Backtest settings, checked as the API checks them; those not given take the defaults. */
  readonly config?: Partial<BacktestConfig>;
  /** The instant the recorded run happened (forward adjustment is "as of" its date); default now. */
  readonly now?: number;
}

export interface ReplayRun {
  readonly bars: BarSeries;
  readonly security: SecurityInfo;
  readonly result: BacktestResult;
}

const quiet = () => {};
const silent: Logger = { debug: quiet, info: quiet, warn: quiet, error: quiet };

export async function replayStrategyRun<P extends StrategyParams>(captureDir: string, plugin: StrategyPlugin<P>, opts: ReplayRunOptions<P>): Promise<ReplayRun> {
  const transport = new ReplayTransport(captureDir);
  try {
    const source = new TdxClient(transport);
    const clock = { now: () => opts.now ?? Date.now() };
    const loader = new BarLoader(new BarService(source, clock, silent), new SecurityDirectory(source, clock));
    const request = dateRange({ category: opts.category ?? "DAY", adjust: opts.adjust ?? "QFQ", count: opts.count ?? 250, start_date: opts.start_date, end_date: opts.end_date });
    const { series, security } = await loader.load(opts.symbol, request);
    const run = { strategy: plugin.id, params: (opts.params ?? {}) as StrategyParams, config: configOf(opts.config ?? {}), security, bars: series };
    return { bars: series, security, result: runSingle(createRegistry([plugin]), run) };
  } finally {
    await transport.close();
  }
}
