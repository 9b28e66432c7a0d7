/**
 * Decoded records of the TDX extended-market protocol (port 7727): futures, Hong
 * Kong and other non-A-share instruments. Prices are float32 as sent except trade
 * prices, which the wire holds as integers (1/1000 of the currency for Hong Kong;
 * other markets unverified).
 */

export interface ExRef {
  /** Extended market id (31 HK main board, 47 CFFEX futures, ...). */
  readonly market: number;
  /** Up to 9 ASCII characters ("00700", "IFL0"). */
  readonly code: string;
}

/** Bars (0x23ff): `time` in market time (see BarSeries). */
export interface ExBarSeries {
  readonly length: number;
  readonly time: Float64Array;
  readonly open: Float64Array;
  readonly high: Float64Array;
  readonly low: Float64Array;
  readonly close: Float64Array;
  /** Field 5 read as u32: open interest for futures. */
  readonly position: Float64Array;
  /** The same 4 bytes read as float32: turnover for stocks. */
  readonly amount: Float64Array;
  readonly volume: Float64Array;
  /** Settlement price for futures. */
  readonly settlement: Float64Array;
}

/** Five-level quote (0x23fa). */
export interface ExQuote {
  readonly market: number;
  readonly code: string;
  readonly activity: number;
  readonly preClose: number;
  readonly open: number;
  readonly high: number;
  readonly low: number;
  readonly price: number;
  /** 开仓 */
  readonly kaicang: number;
  /** 增仓 */
  readonly zengcang: number;
  /** Total volume (总量). */
  readonly zongliang: number;
  /** Last volume (现量). */
  readonly xianliang: number;
  readonly amount: number;
  /** Inner volume (内盘). */
  readonly neipan: number;
  /** Outer volume (外盘). */
  readonly waipan: number;
  readonly unknown: number;
  /** Open interest (持仓). */
  readonly chicang: number;
  readonly bids: readonly number[];
  readonly bidVols: readonly number[];
  readonly asks: readonly number[];
  readonly askVols: readonly number[];
}

/** Today's minute line (0x240b). */
export interface ExMinuteSeries {
  readonly length: number;
  /** Minutes since midnight. */
  readonly minute: Float64Array;
  readonly price: Float64Array;
  readonly avgPrice: Float64Array;
  readonly volume: Float64Array;
  readonly openInterest: Float64Array;
}

/** Trades (0x23fc, 0x2406), oldest first. */
export interface ExTradeSeries {
  readonly length: number;
  readonly minute: Float64Array;
  /** Integer price as sent. */
  readonly price: Float64Array;
  readonly volume: Float64Array;
  /** Open-interest change (增仓). */
  readonly zengcang: Float64Array;
  /** The u16 nature word as sent. */
  readonly nature: Float64Array;
}
