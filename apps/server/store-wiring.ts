/**
 * Builds the market store (adapters/store) at MARKET_DIR (default DATA_DIR/market),
 * its sync over the chosen quote profile, and the optional daily schedule.
 *
 * Where the profile dials hosts, a sync opens its own pools: one per host over the
 * first SYNC_HOSTS of the host list, each with SYNC_CONNECTIONS connections, and
 * closes them when it ends, so a sync never crowds the pool that serves requests
 * and never opens more than SYNC_CONNECTIONS to one host. Other profiles (vipdoc,
 * replay) are synced from their one source.
 *
 * SYNC_AT (`HH:MM`, China time, weekdays) queues a sync each day after the close;
 * the clock is the service's, so tests move it by hand.
 */
import { StoreService } from "../../core/app/store/store-service.ts";
import { defaultSqliteOpener } from "../../adapters/sqlite/sqlite-opener.ts";
import { MarketStore } from "../../adapters/store/market-store.ts";
import { syncStore } from "../../adapters/store/store-sync.ts";
import type { SyncOptions, SyncReport } from "../../ports/market-store.ts";
import { TdxClient } from "../../adapters/tdx/tdx-client.ts";
import { TdxPool } from "../../adapters/tdx/tdx-pool.ts";
import { marketTimeOf } from "../../core/bars/index.ts";
import { nextWeekdayAt, parseClockTime } from "../../core/market/index.ts";
import type { Clock } from "../../ports/clock.ts";
import type { Logger } from "../../ports/logger.ts";
import type { QuoteSource } from "../../ports/quote-source.ts";
import { type Config, marketDir } from "./config.ts";
import type { QuoteRuntime } from "./quote-profiles/index.ts";

type StoreConfig = Pick<Config, "MARKET_DIR" | "DATA_DIR" | "SYNC_HOSTS" | "SYNC_CONNECTIONS" | "SYNC_MINUTES" | "SYNC_MINUTE_KINDS">;

/** A sync of `store` over `quotes`, with its own per-host pools where the profile dials hosts. */
export async function runStoreSync(
  config: StoreConfig,
  store: MarketStore,
  quotes: Pick<QuoteRuntime, "quotes" | "pool" | "candidates">,
  clock: Clock,
  opts: SyncOptions,
  progress?: (fraction: number, message: string) => void,
  signal?: AbortSignal,
): Promise<SyncReport> {
  const pools = quotes.pool ? quotes.candidates.slice(0, config.SYNC_HOSTS).map((h) => new TdxPool([h], { size: config.SYNC_CONNECTIONS })) : [];
  const sources: QuoteSource[] = pools.length ? pools.map((p) => new TdxClient(p)) : [quotes.quotes];
  try {
    return await syncStore({ store, sources, perSource: config.SYNC_CONNECTIONS, clock, ...(signal ? { signal } : {}), ...(progress ? { onProgress: progress } : {}) }, opts);
  } finally {
    await Promise.all(pools.map((p) => p.close()));
  }
}

/** SYNC_MINUTES and SYNC_MINUTE_KINDS as sync options. */
export const syncDefaults = (config: StoreConfig): SyncOptions => ({
  minutes: config.SYNC_MINUTES,
  minuteKinds: config.SYNC_MINUTE_KINDS as ("lc5" | "lc1")[],
});

export interface StoreWiring {
  readonly store: MarketStore;
  readonly service: StoreService;
  /** Starts the SYNC_AT schedule, queueing on `submit`. */
  schedule(submit: () => Promise<unknown>): void;
  close(): Promise<void>;
}

export async function wireStore(config: StoreConfig & Pick<Config, "SYNC_AT">, clock: Clock, log: Logger, quotes: QuoteRuntime): Promise<StoreWiring> {
  const store = await MarketStore.open(marketDir(config), defaultSqliteOpener(), clock);
  const service = new StoreService(store, (opts, progress, signal) => runStoreSync(config, store, quotes, clock, opts, progress, signal), syncDefaults(config));
  let timer: ReturnType<typeof setTimeout> | undefined;
  return {
    store,
    service,
    schedule(submit) {
      const at = config.SYNC_AT === undefined ? undefined : parseClockTime(config.SYNC_AT);
      if (at === undefined) return;
      const arm = () => {
        const now = marketTimeOf(clock.now());
        timer = setTimeout(() => {
          submit().then(
            () => log.info({ at: config.SYNC_AT }, "scheduled market store sync queued"),
            (e: Error) => log.warn({ err: e.message }, "scheduled market store sync not queued"),
          );
          arm();
        }, nextWeekdayAt(now, at) - now);
        timer.unref?.();
      };
      arm();
    },
    async close() {
      if (timer) clearTimeout(timer);
      await store.close();
    },
  };
}
