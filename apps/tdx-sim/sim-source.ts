/**
 * What the simulator serves, in decoded form: one implementation per data set
 * (the generated demo market, a vipdoc directory). The dispatcher turns requests
 * into these calls and the codec turns the answers into frames, so every source
 * is reachable through exactly the same bytes as a real server.
 */
import type { BarSeries } from "../../core/bars/index.ts";
import type { HistoryMinuteReply } from "../../adapters/tdx/tdx-codec-minute.ts";
import type { HistoryTransactionsReply } from "../../adapters/tdx/tdx-codec-transactions.ts";
import type { AuctionSeries, CompanyInfoEntry, FinanceInfo, IndexBarSeries, MarketId, MinuteSeries, Quote, SecurityInfo, SecurityRef, TickSeries, XdxrEntry } from "../../core/quotes/index.ts";

export interface SimSource {
  readonly name: string;
  /** Every security of a market in list order (stocks, indices, funds). */
  securities(market: MarketId): readonly SecurityInfo[];
  /** Price decimals of quotes, minute lines and ticks. */
  decimals(ref: SecurityRef): number;
  isIndex(ref: SecurityRef): boolean;
  quote(ref: SecurityRef, now: number): Quote | undefined;
  /** Bars of a TDX category, `count` of them ending `start` bars before the newest. */
  bars(ref: SecurityRef, category: number, start: number, count: number, now: number): BarSeries | IndexBarSeries;
  minute(ref: SecurityRef, now: number): MinuteSeries;
  historyMinute(ref: SecurityRef, date: number, now: number): HistoryMinuteReply;
  ticks(ref: SecurityRef, now: number): TickSeries;
  historyTicks(ref: SecurityRef, date: number, now: number): HistoryTransactionsReply;
  auction(ref: SecurityRef, now: number): AuctionSeries;
  /** Undefined when the source has no ex-rights data at all (the reply body is then empty). */
  xdxr(ref: SecurityRef, now: number): readonly XdxrEntry[] | undefined;
  finance(ref: SecurityRef, now: number): FinanceInfo | undefined;
  companyCategory(ref: SecurityRef): readonly CompanyInfoEntry[];
  /** The F10 file's whole text (the dispatcher cuts the requested byte range). */
  companyText(ref: SecurityRef, filename: string): string | undefined;
  /** A server file (block files, report archives), or undefined. */
  file(name: string, now: number): Uint8Array | undefined;
  /** Commands beyond the standard set this source answers (the mac set for the demo market). */
  extraHandlers?(): ReadonlyMap<number, (payload: Uint8Array, now: number) => Uint8Array>;
}
