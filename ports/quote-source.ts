/**
 * Quotes, bars, intraday series and company data as TDX serves them, whatever
 * carries them: the TCP client against real hosts or the simulator, or a replay
 * of recorded exchanges. Records are decoded and unit-normalised (see their types).
 */
import type { BarSeries } from "../core/bars/index.ts";
import type {
  AuctionSeries,
  CompanyInfoEntry,
  FinanceInfo,
  IndexBarSeries,
  MarketId,
  MinuteSeries,
  Quote,
  SecurityInfo,
  SecurityRef,
  ServerFileMeta,
  TickSeries,
  XdxrEntry,
} from "../core/quotes/index.ts";

/** A past day's minute line or ticks, with the previous close the server sends. */
export interface DayMinutes {
  readonly preClose: number;
  readonly series: MinuteSeries;
}
export interface DayTicks {
  readonly preClose: number;
  readonly ticks: TickSeries;
}

export interface QuoteSource {
  securityCount(market: MarketId): Promise<number>;
  /** One page (up to 1000) of the security list from `start`. */
  securityList(market: MarketId, start: number): Promise<SecurityInfo[]>;
  /** Five-level quotes; at most 80 securities per call (core/quotes/page-limits.ts). */
  quotes(refs: readonly SecurityRef[]): Promise<Quote[]>;
  /** Bars of a TDX category (0..11), `count` ≤ 800 ending `start` bars before the newest. */
  bars(ref: SecurityRef, category: number, start: number, count: number): Promise<BarSeries>;
  indexBars(ref: SecurityRef, category: number, start: number, count: number): Promise<IndexBarSeries>;
  minute(ref: SecurityRef): Promise<MinuteSeries>;
  historyMinute(ref: SecurityRef, date: number): Promise<DayMinutes>;
  /** One page of today's ticks: at most 2000 per call (core/quotes/page-limits.ts). */
  transactions(ref: SecurityRef, start: number, count: number): Promise<TickSeries>;
  historyTransactions(ref: SecurityRef, date: number, start: number, count: number): Promise<DayTicks>;
  auction(ref: SecurityRef): Promise<AuctionSeries>;
  xdxr(ref: SecurityRef): Promise<XdxrEntry[]>;
  /** Undefined for a code the server does not know. */
  finance(ref: SecurityRef): Promise<FinanceInfo | undefined>;
  companyCategory(ref: SecurityRef): Promise<CompanyInfoEntry[]>;
  companyContent(ref: SecurityRef, filename: string, start: number, length: number): Promise<string>;
  fileMeta(name: string): Promise<ServerFileMeta>;
  fileChunk(name: string, offset: number, size: number): Promise<Uint8Array>;
}
