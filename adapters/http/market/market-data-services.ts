/**
 * The services of the market-data area (finance files, board files, market-wide
 * views, strength scan, boards and the extended market), handed to the HTTP app
 * as one dependency.
 */
import type { PoolMember } from "../../../core/market/core-leaders.ts";
import type { ServerFileCache } from "../../tdx/files/server-file-cache.ts";
import type { FinancialFiles } from "../../tdx/files/financial-files.ts";
import type { FundFlowService } from "../../../core/app/market/fund-flow-service.ts";
import type { MarketSnapshot } from "../../../core/app/market/market-snapshot.ts";
import type { StrengthService } from "../../../core/app/market/strength-service.ts";
import type { MacService } from "../../../core/app/boards/mac-service.ts";
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
