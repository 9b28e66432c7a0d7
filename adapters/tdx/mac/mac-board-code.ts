/**
 * The board code a mac request carries (adapters/tdx/mac/README.md 3): board
 * symbols are renumbered into one u32 space — 88xxxx → N − 880000 + 20000,
 * 399xxx → N − 399000 + 30000, 899xxx → N − 899000 + 32000, 000xxx → 31000 + N,
 * HKnnnn → 20000 + n, USnnnn → 30000 + n — and anything else (the market-category
 * codes such as 6 for all A-shares) passes as the integer itself.
 */
import type { Board as KindBoard, Market } from "../../../core/bars/index.ts";

export function macBoardCode(symbol: string): number {
  const s = symbol.trim();
  if (/^HK\d+$/i.test(s)) return 20000 + Number(s.slice(2));
  if (/^US\d+$/i.test(s)) return 30000 + Number(s.slice(2));
  if (/^\d{6}$/.test(s)) {
    const n = Number(s);
    if (s.startsWith("88")) return n - 880000 + 20000;
    if (s.startsWith("399")) return n - 399000 + 30000;
    if (s.startsWith("899")) return n - 899000 + 32000;
    if (s.startsWith("000")) return 31000 + n;
  }
  if (!/^\d+$/.test(s)) throw new RangeError(`not a board symbol: ${symbol}`);
  return Number(s);
}

/** The board index symbol (SH 88xxxx) behind a renumbered code, for the simulator. */
export function boardSymbolOf(code: number): string | undefined {
  return code >= 20000 && code < 30000 ? String(code - 20000 + 880000) : undefined;
}

/** Market-category codes of the ranked quote list (3.3). */
export const QUOTE_CATEGORIES = { SH: 0, SZ: 2, A: 6, B: 7, KCB: 8, BJ: 12, CYB: 14 } as const;
export type QuoteCategory = keyof typeof QUOTE_CATEGORIES;

/** Board-category codes: the boards of a type as a ranked list (3.3). */
export const BOARD_CATEGORIES = { ALL: 10000, HY: 10001, HY2: 10002, GN: 10004, FG: 10005, DQ: 10006 } as const;

/** Whether a security of `market` on trading `board` belongs to a quote-list category. */
export function inQuoteCategory(category: number, market: Market, board: KindBoard): boolean {
  const aShare = board !== "B_SHARE" && (board === "SH_MAIN" || board === "STAR" || board === "SZ_MAIN" || board === "CHINEXT" || board === "BSE");
  switch (category) {
    case QUOTE_CATEGORIES.SH:
      return aShare && market === "SH";
    case QUOTE_CATEGORIES.SZ:
      return aShare && market === "SZ";
    case QUOTE_CATEGORIES.A:
      return aShare;
    case QUOTE_CATEGORIES.B:
      return board === "B_SHARE";
    case QUOTE_CATEGORIES.KCB:
      return board === "STAR";
    case QUOTE_CATEGORIES.BJ:
      return board === "BSE";
    case QUOTE_CATEGORIES.CYB:
      return board === "CHINEXT";
    default:
      return false;
  }
}
