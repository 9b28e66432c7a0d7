/**
 * Builds the market-data services: the financial-file host (its own connection
 * without setup on real hosts; the simulator or the replay otherwise), board-file
 * cache, market snapshot, core-leader pool, fund-flow history store, the strength
 * scan with its vipdoc locator (on the simulator, the demo market is written out
 * as a vipdoc tree under the data directory on first use), the mac command set
 * with its derived fallback, and the extended market.
 *
 * Hosts: with QUOTE_SOURCE=tdx the mac set goes to the public mac hosts and the
 * extended market to the 7727 list, each with its own pool and rotation. Offline
 * the mac set is asked of the simulator's standard port (the demo source speaks
 * it; a vipdoc source does not, so the derived fallback answers) and the extended
 * market of a second simulator listener on loopback. A replay answers only what
 * it recorded.
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
import type { Logger } from "../../ports/logger.ts";
import { DerivedBoardSource } from "../../adapters/http/board-mac/derived-board-source.ts";
import { MacService } from "../../adapters/http/board-mac/mac-service.ts";
import { ExClient, EX_POOL_OPTIONS } from "../../adapters/tdx/ex/ex-client.ts";
import { DEFAULT_EX_HOSTS } from "../../adapters/tdx/ex/ex-hosts.ts";
import { MacClient } from "../../adapters/tdx/mac/mac-client.ts";
import { DEFAULT_MAC_HOSTS } from "../../adapters/tdx/mac/mac-hosts.ts";
import type { TdxTransport } from "../../adapters/tdx/tdx-transport.ts";
import { ExDemo } from "../tdx-sim/ex/ex-demo.ts";
import { exHandlers } from "../tdx-sim/ex/ex-handlers.ts";
import { startSimulator } from "../tdx-sim/sim-server.ts";
import { DemoSource } from "../tdx-sim/demo/demo-source.ts";
import { exportDemoVipdoc } from "../tdx-sim/demo/vipdoc-export.ts";
import type { Config } from "./config.ts";
import type { QuoteWiring } from "./quote-wiring.ts";

/**
 * The simulator generates the demo market's histories on first use (seconds for
 * the whole board universe), so its pools wait longer than a remote host's.
 */
const SIM_POOL = { requestTimeoutMs: 60_000 };

export interface MarketDataWiring {
  readonly services: MarketDataServices;
  close(): Promise<void>;
}

export async function wireMarketData(
  config: Config,
  clock: Clock,
  log: Logger,
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
    new VipdocLocator({ configured: config.VIPDOC_DIR, roots: config.VIPDOC_ROOTS, dataDir: config.DATA_DIR, simulated }),
    corePool,
    async (market, code) => (await directory.find(market, code))?.name,
  );
  const serverFiles = new ServerFileCache(quotes.client, clock);
  const snapshot = new MarketSnapshot(quotes.client, directory);
  const sim = quotes.simulator;
  const macPool =
    config.QUOTE_SOURCE === "tdx" ? new TdxPool(DEFAULT_MAC_HOSTS) : sim ? new TdxPool([{ name: "本地模拟MAC", host: sim.host, port: sim.port }], SIM_POOL) : undefined;
  const exSim = config.QUOTE_SOURCE === "tdx" || !sim ? undefined : await startSimulator({ handlers: exHandlers(new ExDemo(config.SIM_SEED)), heads: [0x01], clock, log });
  const exPool =
    config.QUOTE_SOURCE === "tdx"
      ? new TdxPool(DEFAULT_EX_HOSTS, EX_POOL_OPTIONS)
      : exSim
        ? new TdxPool([{ name: "本地模拟扩展行情", host: exSim.host, port: exSim.port }], { ...EX_POOL_OPTIONS, ...SIM_POOL })
        : undefined;
  const replay: TdxTransport = quotes.client.transport;
  const mac = new MacService(
    new MacClient(macPool ?? replay),
    new DerivedBoardSource(quotes.client, directory, serverFiles, snapshot, clock),
    clock,
    log,
  );
  return {
    services: {
      financialFiles: new FinancialFiles(finSource, join(config.DATA_DIR, "cache", "tdxfin"), clock),
      serverFiles,
      snapshot,
      corePool,
      fundFlow: new FundFlowService(quotes.client, sqliteFundFlowStore(db), clock),
      strength,
      mac,
      ex: new ExClient(exPool ?? replay),
    },
    async close() {
      strength.close();
      await finPool?.close();
      await macPool?.close();
      await exPool?.close();
      await exSim?.close();
    },
  };
}
