/**
 * Extended-market ids by the names the original system accepts (its ExMarket
 * enum; ids as adapters/tdx/mac/README.md 2.1 tabulates them). `/ex/*` takes either
 * a name (case-insensitive) or the number.
 */
export const EX_MARKETS = {
  TEMP_STOCK: 1,
  ZZ_FUTURES_OPTION: 4,
  DL_FUTURES_OPTION: 5,
  SH_FUTURES_OPTION: 6,
  CFFEX_OPTION: 7,
  SH_STOCK_OPTION: 8,
  SZ_STOCK_OPTION: 9,
  BASIC_FX: 10,
  CROSS_FX: 11,
  INTL_INDEX: 12,
  COMEX_FUTURES: 16,
  NYMEX_FUTURES: 17,
  CBOT_FUTURES: 18,
  HK_FINANCIAL_FUTURES: 23,
  HK_FINANCIAL_OPTIONS: 24,
  HK_STOCK_FUTURES: 25,
  HK_STOCK_OPTIONS: 26,
  HK_INDEX: 27,
  ZZ_FUTURES: 28,
  DL_FUTURES: 29,
  SH_FUTURES: 30,
  HK_MAIN_BOARD: 31,
  OPEN_END_FUND: 33,
  MONETARY_FUND: 34,
  MACRO_INDICATOR: 38,
  FUTURES_INDEX: 42,
  B_TO_H: 43,
  NEEQ: 44,
  SH_GOLD: 46,
  CFFEX_FUTURES: 47,
  HK_GEM: 48,
  HK_FUND: 49,
  TREASURY_VALUATION: 54,
  SUNSHINE_PRIVATE_FUND: 56,
  BROKER_COLLECTIVE_FINANCE: 57,
  BROKER_MONETARY_FINANCE: 58,
  MAIN_FUTURES_CONTRACT: 60,
  CSI_INDEX: 62,
  GZ_ARBITRAGE_FUTURES: 65,
  GZ_FUTURES: 66,
  GZ_OPTIONS: 67,
  RISK_CONTROL_INDEX: 68,
  HUAZHENG_INDEX: 69,
  EXTENDED_SECTOR_INDEX: 70,
  HK_STOCK_GGT: 71,
  GE_STOCK: 73,
  US_STOCK: 74,
  SG_STOCK: 78,
  MONEY_MARKET: 91,
  FUND_VALUATION: 93,
  HK_DARK_POOL: 98,
  CODE_MIRROR: 100,
  SZSE_INDEX: 102,
} as const;

/** Hong Kong equity markets, whose trade nature word is 0 buy, 256 sell, 512 neutral. */
export const HK_EQUITY_MARKETS: ReadonlySet<number> = new Set([EX_MARKETS.HK_MAIN_BOARD, EX_MARKETS.HK_GEM, EX_MARKETS.HK_STOCK_GGT]);

/** A market given by name or number → its id, or undefined. */
export function exMarketId(v: string): number | undefined {
  const s = v.trim();
  if (/^\d{1,3}$/.test(s)) return Number(s) <= 255 ? Number(s) : undefined;
  return (EX_MARKETS as Record<string, number>)[s.toUpperCase()];
}
