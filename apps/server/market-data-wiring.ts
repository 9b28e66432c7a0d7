/**
 * Builds the market-data services over the chosen quote profile: the financial
 * archives, board-file cache, market snapshot, core-leader pool, fund-flow history,
 * the strength scan with its vipdoc locator (the market store's tree once synced;
 * before that, where the profile serves the demo market, it is written out as a
 * vipdoc tree under the data directory on first use), the mac command set with its derived fallback, and the extended market.
 * Which hosts carry what is the profile's business (quote-profiles/).
 */
import { join } from "node:path";
import { ServerFileCache } from "../../adapters/tdx/files/server-file-cache.ts";
import { FinancialFiles } from "../../adapters/tdx/files/financial-files.ts";
import { CORE_LEADERS_FILE, loadCoreLeaderPool } from "../../adapters/system/core-leader-pool.ts";
import { FundFlowService } from "../../core/app/market/fund-flow-service.ts";
import type { MarketDataServices } from "../../adapters/http/http-env.ts";
import { MarketSnapshot } from "../../core/app/market/market-snapshot.ts";
import { StrengthService } from "../../core/app/market/strength-service.ts";
import { VipdocLocator } from "../../adapters/vipdoc/vipdoc-locator.ts";
import { VipdocStrengthPanels } from "../../adapters/vipdoc/vipdoc-strength-panels.ts";
import type { SecurityDirectory } from "../../core/app/quotes/security-directory.ts";
import type { Database } from "../../adapters/sqlite/sqlite-database.ts";
import type { MarketStore } from "../../adapters/store/market-store.ts";
import { sqliteFundFlowStore } from "../../adapters/sqlite/sqlite-fund-flow-store.ts";
import { marketTimeOf } from "../../core/bars/index.ts";
import type { Clock } from "../../ports/clock.ts";
import type { Logger } from "../../ports/logger.ts";
import { DerivedBoardSource } from "../../adapters/tdx/mac/derived-board-source.ts";
import { MacService } from "../../core/app/boards/mac-service.ts";
import { ExClient } from "../../adapters/tdx/ex/ex-client.ts";
import { MacClient } from "../../adapters/tdx/mac/mac-client.ts";
import { exportDemoVipdoc } from "../tdx-sim/demo/vipdoc-export.ts";
import type { Config } from "./config.ts";
import type { QuoteRuntime } from "./quote-profiles/index.ts";

export interface MarketDataWiring {
  readonly services: MarketDataServices;
  close(): Promise<void>;
}

export async function wireMarketData(config: Config, clock: Clock, log: Logger, db: Database, quotes: QuoteRuntime, directory: SecurityDirectory, store: MarketStore): Promise<MarketDataWiring> {
  const demo = quotes.demo;
  let exporting: Promise<string> | undefined;
  const simulated = demo
    ? () => {
        const dir = join(config.DATA_DIR, "sim-vipdoc");
        exporting ??= exportDemoVipdoc(demo, dir, marketTimeOf(clock.now())).finally(() => (exporting = undefined));
        return exporting;
      }
    : undefined;
  const corePool = await loadCoreLeaderPool(join(config.DATA_DIR, CORE_LEADERS_FILE));
  const strength = new StrengthService(
    new VipdocStrengthPanels(new VipdocLocator({ configured: config.VIPDOC_DIR, roots: config.VIPDOC_ROOTS, dataDir: config.DATA_DIR, store: store.vipdoc, simulated })),
    corePool,
    async (market, code) => (await directory.find(market, code))?.name,
  );
  const serverFiles = new ServerFileCache(quotes.quotes, clock);
  const snapshot = new MarketSnapshot(quotes.quotes, directory);
  const mac = new MacService(new MacClient(quotes.mac), new DerivedBoardSource(quotes.quotes, directory, serverFiles, snapshot, clock), clock, log);
  return {
    services: {
      financialFiles: new FinancialFiles(quotes.financialFiles, join(config.DATA_DIR, "cache", "tdxfin"), clock),
      serverFiles,
      snapshot,
      corePool,
      fundFlow: new FundFlowService(quotes.quotes, sqliteFundFlowStore(db), clock),
      strength,
      mac,
      ex: new ExClient(quotes.ex),
    },
    async close() {
      strength.close();
    },
  };
}
