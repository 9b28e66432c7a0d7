/**
 * Builds the market-data services: the financial-file host (its own connection
 * without setup on real hosts; the simulator or the replay otherwise), board-file
 * cache, market snapshot, core-leader pool, fund-flow history store and the
 * strength scan with its vipdoc locator (on the simulator, the demo market is
 * written out as a vipdoc tree under the data directory on first use).
 */
import { join } from "node:path";
import { ServerFileCache } from "../../adapters/http/block/server-file-cache.ts";
import { FinancialFiles } from "../../adapters/http/finance/financial-files.ts";
import { CORE_LEADERS_FILE, loadCoreLeaderPool } from "../../adapters/http/market/core-leader-pool.ts";
import { FundFlowService } from "../../adapters/http/market/fund-flow-service.ts";
import type { MarketDataServices } from "../../adapters/http/market/market-data-services.ts";
import { MarketSnapshot } from "../../adapters/http/market/market-snapshot.ts";
import { StrengthService } from "../../adapters/http/market/strength-service.ts";
import { VipdocLocator } from "../../adapters/http/market/vipdoc-locator.ts";
import type { SecurityDirectory } from "../../adapters/http/quotes/security-directory.ts";
import type { Database } from "../../adapters/sqlite/sqlite-database.ts";
import { sqliteFundFlowStore } from "../../adapters/sqlite/sqlite-fund-flow-store.ts";
import { FINANCIAL_FILE_HOSTS } from "../../adapters/tdx/files/financial-hosts.ts";
import { TdxClient } from "../../adapters/tdx/tdx-client.ts";
import { TdxPool } from "../../adapters/tdx/tdx-pool.ts";
import { marketTimeOf } from "../../core/bars/market-time.ts";
import type { Clock } from "../../ports/clock.ts";
import { DemoSource } from "../tdx-sim/demo/demo-source.ts";
import { exportDemoVipdoc } from "../tdx-sim/demo/vipdoc-export.ts";
import type { Config } from "./config.ts";
import type { QuoteWiring } from "./quote-wiring.ts";

export interface MarketDataWiring {
  readonly services: MarketDataServices;
  close(): Promise<void>;
}

export async function wireMarketData(
  config: Config,
  clock: Clock,
  db: Database,
  quotes: QuoteWiring,
  directory: SecurityDirectory,
): Promise<MarketDataWiring> {
  const finPool = config.QUOTE_SOURCE === "tdx" ? new TdxPool(FINANCIAL_FILE_HOSTS, { handshake: false, size: 1 }) : undefined;
  const finSource = finPool ? new TdxClient(finPool) : quotes.client;
  const demo = quotes.simulator?.source instanceof DemoSource ? quotes.simulator.source.market : undefined;
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
    new VipdocLocator({ configured: config.VIPDOC_DIR, simulated }),
    corePool,
    async (market, code) => (await directory.find(market, code))?.name,
  );
  return {
    services: {
      financialFiles: new FinancialFiles(finSource, join(config.DATA_DIR, "cache", "tdxfin"), clock),
      serverFiles: new ServerFileCache(quotes.client, clock),
      snapshot: new MarketSnapshot(quotes.client, directory),
      corePool,
      fundFlow: new FundFlowService(quotes.client, sqliteFundFlowStore(db), clock),
      strength,
    },
    async close() {
      strength.close();
      await finPool?.close();
    },
  };
}
