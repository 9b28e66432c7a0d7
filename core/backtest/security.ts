/**
 * Which board and exchange a security trades on. The backtest needs this because
 * price limits, lot sizes and duties differ by board; the code prefix is enough to
 * tell them apart, and the market (when the caller knows it) settles the few
 * prefixes that two exchanges share.
 */

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

/**
 * Board from the code: STAR 688/689, ChiNext 300/301, Beijing 8xx/4xx/92x,
 * funds SH 5xxxxx and SZ 15/16/18xxxx, everything else main board.
 */
export function boardOf(code: string, market?: Exchange): Board {
  const exchange = exchangeOf(code, market);
  if (exchange === "BJ") return "bj";
  if (exchange === "SH") {
    if (code.startsWith("688") || code.startsWith("689")) return "star";
    if (code.startsWith("5")) return "fund";
    return "main";
  }
  if (code.startsWith("300") || code.startsWith("301")) return "chinext";
  if (code.startsWith("15") || code.startsWith("16") || code.startsWith("18")) return "fund";
  return "main";
}

export function securityRules(info: SecurityInfo): SecurityRules {
  return {
    code: info.code,
    exchange: exchangeOf(info.code, info.market),
    board: boardOf(info.code, info.market),
    st: info.st === true,
  };
}
