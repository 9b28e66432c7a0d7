/**
 * One object per `QUOTE_SOURCE` mode (README.md "Quote sources"): what it
 * provides and how it starts and stops. The composition root picks one by name and
 * has no mode branches anywhere else; everything downstream reads the runtime.
 */
import type { TdxHost } from "../../../adapters/tdx/tdx-hosts.ts";
import type { TdxPool } from "../../../adapters/tdx/tdx-pool.ts";
import type { TdxTransport } from "../../../adapters/tdx/tdx-transport.ts";
import type { Clock } from "../../../ports/clock.ts";
import type { Logger } from "../../../ports/logger.ts";
import type { QuoteSource } from "../../../ports/quote-source.ts";
import type { SettingsStore } from "../../../ports/settings-store.ts";
import type { DemoMarket } from "../../tdx-sim/demo/demo-market.ts";
import type { Config } from "../config.ts";

export interface QuoteProfileContext {
  readonly config: Config;
  readonly clock: Clock;
  readonly log: Logger;
  readonly settings: SettingsStore;
}

/** What a started profile provides to the services. */
export interface QuoteRuntime {
  /** Standard-protocol data: quotes, bars, intraday, company, server files. */
  readonly quotes: QuoteSource;
  /** The connection pool of the standard port, where the profile dials hosts (host switching, health). */
  readonly pool: TdxPool | undefined;
  /** The hosts `/server/hosts` lists and may switch between. */
  readonly candidates: readonly TdxHost[];
  /** Whether hosts beyond loopback may be probed or dialled (only the user's opt-in `tdx`). */
  readonly dialsRemote: boolean;
  /** Where the financial report archives (tdxfin/gpcw*.zip) are fetched. */
  readonly financialFiles: QuoteSource;
  /** The mac (0x12xx) board commands; an absent transport lets the derived board source answer. */
  readonly mac: TdxTransport;
  /** The extended market (futures, HK, funds …). */
  readonly ex: TdxTransport;
  /** The generated demo market, where the profile serves one (the strength scan exports it as files). */
  readonly demo: DemoMarket | undefined;
  /** Stops everything the profile started. */
  close(): Promise<void>;
}

export interface QuoteProfile {
  readonly name: Config["QUOTE_SOURCE"];
  /** One line for the start-up log. */
  describe(config: Config): string;
  start(ctx: QuoteProfileContext): Promise<QuoteRuntime>;
}
