/**
 * Which board and exchange a security trades on, for trading rules: price limits,
 * lot sizes and duties differ by board. The code prefix tells them apart; the
 * market (when the caller knows it) settles the prefixes two exchanges share.
 */
import { type Board as KindBoard, classifySecurity } from "../bars/index.ts";

export type Exchange = "SH" | "SZ" | "BJ";

/** `fund` = exchange-traded funds (ETF/LOF): no stamp duty, 0.001 tick. */
export type Board = "main" | "chinext" | "star" | "bj" | "fund";

/** What the caller knows about the traded security. */
export interface SecurityInfo {
  /** Six-digit code, e.g. `"600519"`. */
  readonly code: string;
  /** Market when known (`SH`, `SZ`, `BJ`); otherwise inferred from the code. */
  readonly market?: Exchange;
  /** ST / *ST flag (narrower price limit on the main board). */
  readonly st?: boolean;
}

/** Resolved trading rules for one security. */
export interface SecurityRules {
  readonly code: string;
  readonly exchange: Exchange;
  readonly board: Board;
  readonly st: boolean;
}

/** Exchange from the code's first digits: 6/5/9xx → SH, 8/4/92 → BJ, the rest SZ. */
export function exchangeOf(code: string, market?: Exchange): Exchange {
  if (market) return market;
  if (code.startsWith("92") || code.startsWith("8") || code.startsWith("4")) return "BJ";
  if (code.startsWith("6") || code.startsWith("5") || code.startsWith("9")) return "SH";
  return "SZ";
}

const TRADING_BOARD: Readonly<Record<KindBoard, Board>> = {
  SH_MAIN: "main",
  SZ_MAIN: "main",
  B_SHARE: "main",
  CHINEXT: "chinext",
  STAR: "star",
  BSE: "bj",
  FUND: "fund",
  INDEX: "main",
  BOARD_INDEX: "main",
  CONVERTIBLE: "main",
  BOND: "main",
  OTHER: "main",
};

/**
 * The trading-rule board of a code (classification from core/bars/security-kind.ts):
 * STAR 688/689, ChiNext 30x, Beijing, funds; everything else trades by main-board
 * rules here.
 */
export function boardOf(code: string, market?: Exchange): Board {
  return TRADING_BOARD[classifySecurity(exchangeOf(code, market), code).board];
}

export function securityRules(info: SecurityInfo): SecurityRules {
  return {
    code: info.code,
    exchange: exchangeOf(info.code, info.market),
    board: boardOf(info.code, info.market),
    st: info.st === true,
  };
}
