/**
 * The quote records of the TDX sources (standard, extended and mac servers),
 * their page limits and the host breaker.
 *
 * The module's front door: code outside the module imports only this file
 * (README.md "Layout"; tests may import a file directly).
 */
export type { ExBarSeries, ExMinuteSeries, ExQuote, ExRef, ExTradeSeries } from "./ex-records.ts";
export { HostBreaker } from "./host-breaker.ts";
export { Field, FIELDS_BASIC, FIELDS_MEMBERS, SORT_CHANGE_PCT } from "./mac-query.ts";
export type { MacBarSeries, MacBelongEntry, MacBoardListPage, MacBoardSide, MacCapitalFlow, MacQuotePage, MacQuoteRow, MacServerInfo, MacSymbolInfo, MacUnusualEvent } from "./mac-records.ts";
export { MAX_QUOTES_PER_REQUEST, MAX_TRANSACTIONS_PER_REQUEST } from "./page-limits.ts";
export {
  type AuctionSeries,
  type CompanyInfoEntry,
  EMPTY_MINUTES,
  emptyAuction,
  emptyTicks,
  type FinanceInfo,
  type IndexBarSeries,
  type MarketId,
  type MinuteSeries,
  type Quote,
  type SecurityInfo,
  type SecurityRef,
  type ServerFileMeta,
  type TickSeries,
  type XdxrEntry,
} from "./records.ts";
export { symbolInfoFromQuote } from "./symbol-info.ts";
export { UNUSUAL_KINDS, unusualLabel, unusualPayload } from "./unusual-events.ts";
export { xdxrCategoryName } from "./xdxr-names.ts";
