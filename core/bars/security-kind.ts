/**
 * What a market + code pair is: its kind (which decides the bar reply layout and
 * the price scale) and its board (which decides price limits, lot rules and the
 * `/mac/quote-list` style filters). TDX security lists mix every type in one
 * market, so classification is by code prefix (adapters/tdx/README.md 5.2, 6.3, 8.1).
 *
 * | market | prefix | kind | board |
 * |---|---|---|---|
 * | SH | 600 601 603 605 | stock | SH_MAIN |
 * | SH | 688 689 | stock | STAR |
 * | SH | 900 | stock | B_SHARE (USD, 3 decimals) |
 * | SH | 000 | index | INDEX (SSE/CSI indices) |
 * | SH | 880 881 (any 88) | index | BOARD_INDEX (TDX industry/concept boards) |
 * | SH | 99 | index | INDEX (TDX aliases such as 999999) |
 * | SH | 5 (50 LOF/closed-end, 51 56 58 ETF, 508 REIT) | fund | FUND |
 * | SH | 110 111 113 118 | bond | CONVERTIBLE |
 * | SH | other 1, 00 (not 000), 01 02, 20 (repo) | bond | BOND |
 * | SZ | 000 001 002 003 | stock | SZ_MAIN |
 * | SZ | 30 (300 301 302) | stock | CHINEXT |
 * | SZ | 200 | stock | B_SHARE (HKD, 2 decimals) |
 * | SZ | 39 | index | INDEX |
 * | SZ | 15 16 (159 ETF, 16x LOF), 18 (180 REIT) | fund | FUND |
 * | SZ | 123 127 128 | bond | CONVERTIBLE |
 * | SZ | other 10..14 | bond | BOND |
 * | BJ | 899 | index | INDEX |
 * | BJ | 4, 8, 920 | stock | BSE |
 *
 * Anything else (subscription codes, warrants, unknown prefixes) is `other`.
 * Prefixes beyond the design doc's tables (SH 6-digit fund and bond ranges,
 * SZ 18 REITs, BJ 899 indices, SZ 302) follow the exchanges' code allocation and
 * are unverified against TDX data. ST status is not visible in a code; callers
 * that need ST limits must check the name.
 */

export type Market = "SH" | "SZ" | "BJ";
export type SecurityKind = "stock" | "index" | "fund" | "bond" | "other";
export type Board = "SH_MAIN" | "STAR" | "SZ_MAIN" | "CHINEXT" | "BSE" | "B_SHARE" | "INDEX" | "BOARD_INDEX" | "FUND" | "CONVERTIBLE" | "BOND" | "OTHER";

export interface SecurityClass {
  readonly kind: SecurityKind;
  readonly board: Board;
}

/** TDX market number on the standard protocol (0 SZ, 1 SH, 2 BJ). */
export const TDX_MARKET: Readonly<Record<Market, number>> = { SZ: 0, SH: 1, BJ: 2 };

const cls = (kind: SecurityKind, board: Board): SecurityClass => ({ kind, board });
const OTHER = cls("other", "OTHER");

function classifySh(code: string): SecurityClass {
  const p2 = code.slice(0, 2);
  const p3 = code.slice(0, 3);
  if (p3 === "600" || p3 === "601" || p3 === "603" || p3 === "605") return cls("stock", "SH_MAIN");
  if (p3 === "688" || p3 === "689") return cls("stock", "STAR");
  if (p3 === "900") return cls("stock", "B_SHARE");
  if (p3 === "000" || p2 === "99") return cls("index", "INDEX");
  if (p2 === "88") return cls("index", "BOARD_INDEX");
  if (code[0] === "5") return cls("fund", "FUND");
  if (p3 === "110" || p3 === "111" || p3 === "113" || p3 === "118") return cls("bond", "CONVERTIBLE");
  if (code[0] === "1" || p2 === "00" || p2 === "01" || p2 === "02" || p2 === "20") return cls("bond", "BOND");
  return OTHER;
}

function classifySz(code: string): SecurityClass {
  const p2 = code.slice(0, 2);
  const p3 = code.slice(0, 3);
  if (p3 === "000" || p3 === "001" || p3 === "002" || p3 === "003") return cls("stock", "SZ_MAIN");
  if (p2 === "30") return cls("stock", "CHINEXT");
  if (p3 === "200") return cls("stock", "B_SHARE");
  if (p2 === "39") return cls("index", "INDEX");
  if (p2 === "15" || p2 === "16" || p2 === "18") return cls("fund", "FUND");
  if (p3 === "123" || p3 === "127" || p3 === "128") return cls("bond", "CONVERTIBLE");
  if (p2 === "10" || p2 === "11" || p2 === "12" || p2 === "13" || p2 === "14") return cls("bond", "BOND");
  return OTHER;
}

function classifyBj(code: string): SecurityClass {
  if (code.startsWith("899")) return cls("index", "INDEX");
  if (code[0] === "4" || code[0] === "8" || code.startsWith("920")) return cls("stock", "BSE");
  return OTHER;
}

/** Kind and board of a 6-digit code on a market. */
export function classifySecurity(market: Market, code: string): SecurityClass {
  if (code.length !== 6) return OTHER;
  return market === "SH" ? classifySh(code) : market === "SZ" ? classifySz(code) : classifyBj(code);
}

/**
 * Decimals of prices in quotes, minute lines and ticks (0x053e, 0x051d, 0x0fb4,
 * 0x0fc5, 0x0fb5): raw integer / 10^decimals yuan. 2 for A-shares, indices and
 * SZ B-shares; 3 for funds, bonds and SH B-shares (tick 0.001). Bars (0x052d)
 * are always thousandths, whatever the kind. Prefer the security list's
 * decimal_point (adapters/tdx/README.md 5.2) when it is at hand; this is the fallback.
 */
export function priceDecimals(market: Market, code: string): number {
  const { kind, board } = classifySecurity(market, code);
  if (kind === "fund" || kind === "bond") return 3;
  if (board === "B_SHARE" && market === "SH") return 3;
  return 2;
}
