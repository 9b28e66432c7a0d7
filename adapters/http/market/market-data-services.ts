/**
 * The services of the market-data area (finance files, board files, market-wide
 * views, strength scan, boards and the extended market), handed to the HTTP app
 * as one dependency.
 */
import type { PoolMember } from "../../../core/market/core-leaders.ts";
import type { ServerFileCache } from "../block/server-file-cache.ts";
import type { FinancialFiles } from "../finance/financial-files.ts";
import type { FundFlowService } from "./fund-flow-service.ts";
import type { MarketSnapshot } from "./market-snapshot.ts";
import type { StrengthService } from "./strength-service.ts";
import type { MacService } from "../board-mac/mac-service.ts";
import type { ExClient } from "../../tdx/ex/ex-client.ts";

export interface MarketDataServices {
  readonly financialFiles: FinancialFiles;
  readonly serverFiles: ServerFileCache;
  readonly snapshot: MarketSnapshot;
  readonly corePool: readonly PoolMember[];
  readonly fundFlow: FundFlowService;
  readonly strength: StrengthService;
  /** Boards, ranked lists and per-symbol data: mac hosts, else derived. */
  readonly mac: MacService;
  /** The extended market (port 7727). */
  readonly ex: ExClient;
}
