/**
 * Decoded records of the TDX "mac" command set (0x12xx), shared by the mac
 * client, the simulator and the board-source port. Prices in yuan, volumes as
 * the server sends them (shares), money in yuan. Fields whose meaning is unknown
 * keep their place so a simulator can reproduce the bytes.
 */

/** One row of a ranked quote list / board member list (0x122c): the requested fields by name. */
export interface MacQuoteRow {
  readonly market: number;
  readonly code: string;
  readonly name: string;
  /** Field name (see adapters/tdx/mac/mac-fields.ts) → value. */
  readonly values: Readonly<Record<string, number>>;
}

export interface MacQuotePage {
  /** Rows the whole list has. */
  readonly total: number;
  /** Field bits the rows carry, ascending. */
  readonly bits: readonly number[];
  readonly rows: readonly MacQuoteRow[];
}

/** A board or its leading stock in the board list (0x1231). */
export interface MacBoardSide {
  readonly market: number;
  readonly code: string;
  readonly name: string;
  readonly price: number;
  /** The metric the list was sorted by (0 for change %). */
  readonly value: number;
  readonly preClose: number;
}

export interface MacBoardListEntry {
  readonly board: MacBoardSide;
  readonly leader: MacBoardSide;
}

export interface MacBoardListPage {
  readonly total: number;
  readonly rows: readonly MacBoardListEntry[];
}

/** Capital flow (0x1218 `Stock_ZJLX`): today's main/retail in and out, and six 5-day figures. */
export interface MacCapitalFlow {
  /** [main in, main out, retail in, retail out], yuan. */
  readonly today: readonly number[];
  /** [5-day main buy, 5-day main sell, super-large net, large net, medium net, small net], yuan (labels unverified). */
  readonly fiveDay: readonly number[];
}

/** A board a stock belongs to (0x1218 `Stock_GLHQ`). */
export interface MacBelongEntry {
  /** Board type as the server spells it ("HY", "GN", ...). */
  readonly boardType: string;
  readonly market: number;
  readonly code: string;
  readonly name: string;
  readonly price: number;
  readonly preClose: number;
  /** The row's remaining values (3 or 7 of them), as sent. */
  readonly extra: readonly (string | number)[];
}

/** Symbol summary snapshot (0x122a). */
export interface MacSymbolInfo {
  readonly market: number;
  readonly code: string;
  readonly name: string;
  /** YYYYMMDD */
  readonly date: number;
  /** HHMMSS */
  readonly time: number;
  readonly activity: number;
  readonly preClose: number;
  readonly open: number;
  readonly high: number;
  readonly low: number;
  readonly close: number;
  /** Rise speed (涨速) in percent. */
  readonly momentum: number;
  readonly vol: number;
  readonly amount: number;
  readonly insideVolume: number;
  readonly outsideVolume: number;
  readonly decimals: number;
  readonly volRatio: number;
  /** Turnover in percent. */
  readonly turnover: number;
  readonly avgPrice: number;
}

/** Server trading-session info (0x120f). Session values are minutes of the day. */
export interface MacServerInfo {
  /** YYYYMMDD */
  readonly today: number;
  readonly timestamp: number;
  /** Four (open, close) pairs, then four more. */
  readonly sessions1: readonly number[];
  readonly sessions2: readonly number[];
  readonly flag: number;
  readonly lastTradingDay: number;
  readonly previousTradingDay: number;
  readonly param1: number;
  readonly param2: number;
}

/** One unusual-movement event (0x1237). */
export interface MacUnusualEvent {
  readonly market: number;
  readonly code: string;
  readonly name: string;
  readonly type: number;
  readonly index: number;
  /** Payload: a byte and three float32 (for type 0x14: byte 1 is a sub-type and two float32 follow it). */
  readonly payload: Uint8Array;
  readonly hour: number;
  /** minute × 100 + second */
  readonly minuteSecond: number;
}

/** A bar of the unified bars command (0x122e). */
export interface MacBarSeries {
  readonly length: number;
  /** YYYYMMDD */
  readonly date: Float64Array;
  readonly seconds: Float64Array;
  readonly open: Float64Array;
  readonly high: Float64Array;
  readonly low: Float64Array;
  readonly close: Float64Array;
  readonly amount: Float64Array;
  readonly vol: Float64Array;
  readonly floatShares: Float64Array;
}
