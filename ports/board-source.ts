/**
 * Boards, ranked quote lists and per-symbol market data as the TDX "mac" command
 * set serves them, whatever produces them: the mac client against the mac hosts,
 * or the derived source that rebuilds them from the standard protocol (board
 * files, board-index quotes, daily bars). Each source says which it is, and the
 * answers say so to the caller. Field values use the mac field names
 * (adapters/tdx/mac/mac-fields.ts).
 */
import type { MacBelongEntry, MacCapitalFlow, MacQuoteRow, MacServerInfo, MacSymbolInfo, MacUnusualEvent, AuctionSeries, SecurityRef } from "../core/quotes/index.ts";

export type BoardKind = "ALL" | "HY" | "HY2" | "GN" | "FG" | "DQ";

/** Metrics a board list can be ordered by (`sort_column`). */
export type BoardMetric = "CHANGE_PCT" | "SPEED" | "CHANGE_3D" | "CHANGE_5D" | "CHANGE_10D" | "CHANGE_20D" | "CHANGE_60D" | "YTD";

export interface BoardQuote {
  readonly market: number;
  readonly code: string;
  readonly name: string;
  readonly price: number;
  readonly preClose: number;
}

export interface BoardEntry extends BoardQuote {
  /** The chosen metric in percent (0 for CHANGE_PCT, as the mac hosts send it). */
  readonly sortValue: number;
  /** The member leading the board today, when the source knows it. */
  readonly leader: BoardQuote | undefined;
}

export type SortOrder = "ASC" | "DESC";

export interface ListQuery {
  /** Mac sort type (0x0e change %, ...). */
  readonly sortType: number;
  readonly order: SortOrder;
  readonly start: number;
  readonly count: number;
  /** Field bits wanted. */
  readonly fields: readonly number[];
  /** Exclude-filter mask (ST 4, KC 2, BJ 32, ...). */
  readonly exclude: number;
}

/** Daily closes of a board index, oldest first. */
export interface DailyCloses {
  /** YYYYMMDD */
  readonly date: Float64Array;
  readonly close: Float64Array;
}

export interface BoardSource {
  readonly source: "mac" | "derived";
  /** Every board of a kind with its metric; order is the source's. */
  boards(kind: BoardKind, metric: BoardMetric): Promise<BoardEntry[]>;
  /** Members of a board (a 6-digit board symbol); empty when the source has no such board. */
  members(board: string, q: ListQuery): Promise<MacQuoteRow[]>;
  /** Boards a stock belongs to; empty when the source has none for it. */
  belong(ref: SecurityRef): Promise<MacBelongEntry[]>;
  /** The last `count` daily closes of a board index. */
  boardCloses(board: string, count: number): Promise<DailyCloses>;
  /** A market category (mac category code: 6 all A-shares, 0 SH, ...) ranked. */
  quoteList(category: number, q: ListQuery): Promise<MacQuoteRow[]>;
  /** Undefined when the source has no figures for the security. */
  capitalFlow(ref: SecurityRef): Promise<MacCapitalFlow | undefined>;
  /** Undefined when the source has no data for the security (an unknown or unquoted code): no data, not an outage. */
  symbolInfo(ref: SecurityRef): Promise<MacSymbolInfo | undefined>;
  serverInfo(): Promise<MacServerInfo>;
  auction(ref: SecurityRef): Promise<AuctionSeries>;
  unusual(market: number, start: number, count: number): Promise<MacUnusualEvent[]>;
}
