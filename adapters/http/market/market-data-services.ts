/**
 * The services of the market-data area (finance files, board files, market-wide
 * views, strength scan), handed to the HTTP app as one dependency.
 */
import type { PoolMember } from "../../../core/market/core-leaders.ts";
import type { ServerFileCache } from "../block/server-file-cache.ts";
import type { FinancialFiles } from "../finance/financial-files.ts";
import type { FundFlowService } from "./fund-flow-service.ts";
import type { MarketSnapshot } from "./market-snapshot.ts";
import type { StrengthService } from "./strength-service.ts";

export interface MarketDataServices {
  readonly financialFiles: FinancialFiles;
  readonly serverFiles: ServerFileCache;
  readonly snapshot: MarketSnapshot;
  readonly corePool: readonly PoolMember[];
  readonly fundFlow: FundFlowService;
  readonly strength: StrengthService;
}
