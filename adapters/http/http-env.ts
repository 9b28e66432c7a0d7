import type { Context } from "hono";
import type { ZodType } from "zod";
import type { BarSeries } from "../../core/bars/index.ts";
import type { TrustedProxy, HostRules } from "../../core/auth/index.ts";
import type { UpgradeWebSocket } from "hono/ws";
import type { WsHub } from "./ws/ws-hub.ts";
import type { AuthService } from "../../core/app/auth/auth-service.ts";
import type { Clock } from "../../ports/clock.ts";
import type { Logger } from "../../ports/logger.ts";
import type { PluginRegistry } from "../../ports/plugins.ts";
import type { QuoteSource } from "../../ports/quote-source.ts";
import type { BarService } from "../../core/app/bars/bar-service.ts";
import type { FormulaService } from "../../core/app/formula/formula-service.ts";
import type { IndicatorService } from "../../core/app/indicators/indicator-service.ts";
import type { SecurityDirectory } from "../../core/app/quotes/security-directory.ts";
import type { ExClient, FinancialFiles, HostService, ServerFileCache } from "../tdx/index.ts";
import type { BacktestArea } from "./backtest/backtest-routes.ts";
import type { ExternalServices } from "../../core/app/external/external-services.ts";
import type { LlmConfigService } from "../../core/app/llm/llm-service.ts";
import type { PoolMember } from "../../core/market/index.ts";
import type { FundFlowService } from "../../core/app/market/fund-flow-service.ts";
import type { MarketSnapshot } from "../../core/app/market/market-snapshot.ts";
import type { StrengthService } from "../../core/app/market/strength-service.ts";
import type { MacService } from "../../core/app/boards/mac-service.ts";
import type { ResearchService } from "../../core/app/research/research-service.ts";
import type { StoreService } from "../../core/app/store/store-service.ts";
import type { FieldIssue } from "../../core/app/app-errors.ts";

/** What the HTTP adapter needs from the composition root. */
export interface HttpDeps {
  auth: AuthService;
  clock: Clock;
  log: Logger;
  /** The socket peer of a request; runtime-specific (node-server, Deno). */
  peerAddress(c: Context): string | undefined;
  /** Host names and origins that are this service's, and the proxies trusted in X-Forwarded-For. */
  edge: { names: HostRules; trustedProxy: TrustedProxy };
  /** Service version shown in `/health` and the OpenAPI document. */
  version: string;
  /** Extra health facts (quote source state, ...), merged into `/health`. */
  health?: () => Record<string, unknown>;
  quotes: QuoteSource;
  bars: BarService;
  directory: SecurityDirectory;
  hosts: HostService;
  /** Strategies, indicators and data sources registered at start-up. */
  registry: PluginRegistry;
  /** Live updates over `/api/v1/ws`, and the runtime's WebSocket upgrade helper. */
  ws: { hub: WsHub; upgrade: UpgradeWebSocket<unknown> };
  /** Announcements, financial reports, CFFEX rankings (external providers). */
  external: ExternalServices;
  llm: LlmConfigService;
  indicators: IndicatorService;
  formulas: FormulaService;
  /** Finance files, board files, market-wide views and the strength scan. */
  marketData: MarketDataServices;
  /** Backtests, background tasks and the strategy library. */
  backtest: BacktestArea;
  /** Optimisation, walk-forward, evaluation, multi-seed, rotation and the signal scan (background tasks). */
  research: ResearchService;
  /** The local market store and its sync. */
  store: StoreService;
  // DEPS: each feature area adds its services above this line.
}

/**
 * The services of the market-data area (finance files, board files, market-wide
 * views, strength scan, boards and the extended market), handed to the HTTP app
 * as one dependency.
 */
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

/** Per-request values set by the edge middleware. */
export interface HttpVariables {
  clientAddress: string;
  sessionToken: string | undefined;
  /**
   * A body's OHLCV records already in columns (validation/json-body.ts,
   * COLUMN_BODY_ROUTES); the validated body then holds a stand-in for the
   * field, and `original` parses the body as sent (for the input echoed in a 422).
   */
  columnBody?: { readonly series: BarSeries; readonly original: () => unknown };
  /** Why the JSON body could not be read (validation/json-body.ts), once a validator or handler asked for it. */
  bodyIssue?: FieldIssue;
  /** The JSON body as sent, when lax conversion (validation/lax-body.ts) changed a value of it: what a 422 echoes. */
  bodyAsSent?: unknown;
  /** The route's JSON body schema (validation/lax-body.ts), which a 422 reads field types from. */
  bodySchema?: ZodType;
}

export type HttpEnv = { Variables: HttpVariables };
