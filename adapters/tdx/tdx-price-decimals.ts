/**
 * Price decimals of quotes, minute lines and ticks (design doc 6.3): those replies
 * carry integers in units of 10^-decimals yuan, 2 decimals for A-shares and indices,
 * 3 for funds/ETFs and bonds. pytdx always divides by 100 and so reports ETF prices
 * ten times too large. The authority is `decimals` of the security list (0x0450);
 * this prefix rule is only the fallback when the list is not at hand, following the
 * prefixes other clients use and the exchanges' tick sizes: SH 5xxxxx funds,
 * 1xxxxx/0[12]xxxx bonds and 90xxxx B-shares (0.001 USD), SZ 1xxxxx funds (15, 16)
 * and bonds (10-13).
 */
import { type Market, priceDecimals, TDX_MARKET } from "../../core/bars/index.ts";
import type { MarketId } from "../../core/quotes/index.ts";

/** Decimals guessed from market and code when the security list is not available. */
export function fallbackPriceDecimals(market: MarketId, code: string): number {
  const name = MARKET_NAMES[market];
  return name ? priceDecimals(name, code) : 2;
}

/** The TDX market numbers the other way round (0 SZ, 1 SH, 2 BJ). */
const MARKET_NAMES: Readonly<Record<number, Market>> = Object.fromEntries(Object.entries(TDX_MARKET).map(([name, id]) => [id, name as Market]));

const POW10 = [1, 10, 100, 1000, 10000];

/** 10^decimals for the decimals the protocol uses. */
export function priceDivisor(decimals: number): number {
  const d = POW10[decimals];
  if (d === undefined) throw new RangeError(`unsupported price decimals ${decimals}`);
  return d;
}

/**
 * A float32 price as yuan with at most three decimals. Exchange prices never have
 * more, and float32 is exact to better than 0.0005 below 8192, so this only strips
 * float32 noise (11.550000190734863 → 11.55).
 */
export function roundF32Price(v: number): number {
  return Math.round(v * 1000) / 1000;
}
