/**
 * Method ids of the mac command set (adapters/tdx/mac/README.md 3.1), served on the
 * standard port by the mac hosts, and the request head bytes it uses: 0x1c for
 * everything except 0x1218, whose head picks the sub-query (1 boards of a stock,
 * 2 capital flow).
 */
export const MacCommand = {
  SERVER_INFO: 0x120f,
  SYMBOL_JSON: 0x1218,
  SYMBOL_INFO: 0x122a,
  BOARD_MEMBERS: 0x122c,
  BARS: 0x122e,
  BOARD_LIST: 0x1231,
  UNUSUAL: 0x1237,
  AUCTION: 0x123d,
} as const;

export const MAC_HEAD = 0x1c;
export const HEAD_BELONG = 0x01;
export const HEAD_CAPITAL_FLOW = 0x02;
