/**
 * Decoded records of the standard TDX protocol, shared by the client, the
 * simulator and the quote-source port. Units are normalised here once, so nobody
 * downstream repeats the unit rules: prices in yuan, share counts in shares, money
 * in yuan, unless a field's comment says otherwise. Series are columnar
 * (`Float64Array` per field); everything else is a plain object. Fields whose
 * meaning is unknown are kept (named `unknown…`/`reserved…`) so a simulator can
 * reproduce real bytes and a client loses nothing.
 */
import type { BarSeries, XdxrRecord } from "../bars/index.ts";

/** 0 = Shenzhen, 1 = Shanghai, 2 = Beijing; other values are passed through as read. */
export type MarketId = number;

export interface SecurityRef {
  readonly market: MarketId;
  /** Six ASCII characters, e.g. "000001". */
  readonly code: string;
}

/** Index bars carry the market breadth of each bar besides the OHLCV columns. */
export interface IndexBarSeries extends BarSeries {
  /** Number of advancing constituents. */
  readonly up: Float64Array;
  /** Number of declining constituents. */
  readonly down: Float64Array;
}

/** One record of the security list (0x0450). */
export interface SecurityInfo {
  readonly code: string;
  /** Shares per trading unit: 100 for stocks, 10 for bonds. */
  readonly volUnit: number;
  readonly name: string;
  /** Price decimals of quotes, minute lines and ticks: 2 for A-shares, 3 for funds and bonds. */
  readonly decimals: number;
  /** float32 that pytdx calls pre_close; only meaningful for indices. */
  readonly preClose: number;
  /** u32 at byte 16, meaning unknown. */
  readonly reserved1: number;
  /** u32 at byte 25, meaning unknown. */
  readonly reserved2: number;
}

/** One security of a quotes reply (0x053e). Volumes in lots, amounts in yuan. */
export interface Quote {
  readonly market: MarketId;
  readonly code: string;
  /** Update counter; `active2` repeats it at the end of the record. */
  readonly active1: number;
  readonly price: number;
  readonly preClose: number;
  readonly open: number;
  readonly high: number;
  readonly low: number;
  /** Server clock as sent (e.g. 13252999); see `quoteServerTimeMs`. */
  readonly serverTime: number;
  /** Field 10, observed equal to minus the raw price. */
  readonly unknownNegPrice: number;
  readonly vol: number;
  /** Volume of the last trade. */
  readonly curVol: number;
  readonly amount: number;
  /** Sell-initiated volume (内盘). */
  readonly sVol: number;
  /** Buy-initiated volume (外盘). */
  readonly bVol: number;
  /** Field 16, unknown (easy_tdx: an index's opening amount). */
  readonly unknown16: number;
  /** Field 17, unknown (easy_tdx: a stock's opening amount ÷ 100). */
  readonly unknown17: number;
  /** Five levels, best first. */
  readonly bids: readonly number[];
  readonly asks: readonly number[];
  readonly bidVols: readonly number[];
  readonly askVols: readonly number[];
  /** u16 field 38, unknown (easy_tdx: 0x8020 while suspended). */
  readonly unknownStatus: number;
  /** Four varints after the status word, unknown. */
  readonly unknownTail: readonly number[];
  /** Rise speed (涨速) in percent. */
  readonly riseSpeed: number;
  readonly active2: number;
}

/**
 * Intraday minute line (0x051d, 0x0fb4): one point per trading minute, in order.
 * Prices in yuan, volume in lots.
 */
export interface MinuteSeries {
  readonly length: number;
  readonly price: Float64Array;
  readonly vol: Float64Array;
  /** The second varint of each point, unknown (possibly an average-price delta). */
  readonly unknown: Float64Array;
}

/** Ticks (0x0fc5, 0x0fb5), oldest first. Prices in yuan, volume in lots. */
export interface TickSeries {
  readonly length: number;
  /** Minutes since midnight; the date is the request's. */
  readonly minute: Float64Array;
  readonly price: Float64Array;
  readonly vol: Float64Array;
  /** Number of orders in the tick; NaN for historical ticks, which do not carry it. */
  readonly orders: Float64Array;
  /** 0 buy-initiated, 1 sell-initiated, 2 neutral/auction; other codes are passed through. */
  readonly direction: Float64Array;
  /** Last varint of each tick, 0 so far. */
  readonly reserved: Float64Array;
}

/** Call-auction series (0x056a). */
export interface AuctionSeries {
  readonly length: number;
  /** Seconds since midnight. */
  readonly second: Float64Array;
  readonly price: Float64Array;
  /** Matched volume. */
  readonly matched: Float64Array;
  /** Unmatched volume: positive = buy side queued, negative = sell side. */
  readonly unmatched: Float64Array;
}

/** An xdxr record with the market and code its own bytes name. */
export interface XdxrEntry extends XdxrRecord {
  readonly market: MarketId;
  readonly code: string;
}

/**
 * Finance snapshot (0x0010). Share counts in shares, money in yuan. The wire holds
 * share counts in 10,000 shares and money in 1,000 yuan: checked on SZ 000001
 * (total assets 3.006 trillion in 2017) and SH 600000 (10.08 trillion in 2026);
 * pytdx's ×10,000 overstates money tenfold.
 */
export interface FinanceInfo {
  readonly market: MarketId;
  readonly code: string;
  readonly floatShares: number;
  readonly province: number;
  readonly industry: number;
  /** YYYYMMDD */
  readonly updatedDate: number;
  /** YYYYMMDD */
  readonly ipoDate: number;
  readonly totalShares: number;
  readonly stateShares: number;
  readonly promoterShares: number;
  readonly legalPersonShares: number;
  readonly bShares: number;
  readonly hShares: number;
  /**
   * Earnings per share of the report, yuan, not scaled. pytdx and its followers
   * call this slot 职工股 (employee shares); it is not (see tdx-codec-finance.ts).
   */
  readonly eps: number;
  readonly totalAssets: number;
  readonly currentAssets: number;
  readonly fixedAssets: number;
  readonly intangibleAssets: number;
  /** A head count, not scaled. */
  readonly shareholders: number;
  readonly currentLiabilities: number;
  readonly longTermLiabilities: number;
  readonly capitalReserve: number;
  readonly netAssets: number;
  readonly mainRevenue: number;
  readonly mainProfit: number;
  readonly receivables: number;
  readonly operatingProfit: number;
  readonly investmentIncome: number;
  readonly operatingCashFlow: number;
  readonly totalCashFlow: number;
  readonly inventory: number;
  readonly totalProfit: number;
  readonly afterTaxProfit: number;
  readonly netProfit: number;
  readonly undistributedProfit: number;
  /** Yuan per share, not scaled. */
  readonly netAssetsPerShare: number;
  /** Last float, unknown, not scaled. */
  readonly reserved: number;
}

/** One entry of the company-info (F10) directory (0x02cf). */
export interface CompanyInfoEntry {
  readonly title: string;
  readonly filename: string;
  readonly start: number;
  readonly length: number;
}

/** Size and MD5 of a server file (0x02c5). */
export interface ServerFileMeta {
  readonly size: number;
  /** 32 hex characters. */
  readonly hash: string;
  /** Byte after the size, unknown. */
  readonly unknown1: number;
  /** Byte after the hash, unknown. */
  readonly unknown2: number;
}

/** A minute line with no points (a source that has none for the day). */
export const EMPTY_MINUTES: MinuteSeries = { length: 0, price: new Float64Array(0), vol: new Float64Array(0), unknown: new Float64Array(0) };

/** No ticks (a source that keeps none). */
export function emptyTicks(): TickSeries {
  const z = new Float64Array(0);
  return { length: 0, minute: z, price: z, vol: z, orders: z, direction: z, reserved: z };
}

/** No auction points (a source that keeps none). */
export function emptyAuction(): AuctionSeries {
  const z = new Float64Array(0);
  return { length: 0, second: z, price: z, matched: z, unmatched: z };
}
