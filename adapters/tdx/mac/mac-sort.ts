/**
 * Sort types of the ranked lists (0x122c, design doc 3.3) by the original
 * system's names, and how a list is ordered by one of them locally — by the
 * simulator, and by the derived source when the mac hosts are away. Local
 * ordering covers the sort types whose value a row's fields give; any other
 * keeps code order (the server's own ranking is only available from the server).
 */
import type { MacQuoteRow } from "../../../core/quotes/index.ts";

export const MAC_SORT_TYPES = {
  CODE: 0x00,
  NAME: 0x01,
  PRE_CLOSE: 0x02,
  OPEN: 0x03,
  HIGH: 0x04,
  LOW: 0x05,
  PRICE: 0x06,
  BID: 0x07,
  ASK: 0x08,
  VOLUME: 0x09,
  TOTAL_AMOUNT: 0x0a,
  LAST_VOLUME: 0x0b,
  CHANGE: 0x0c,
  INDUSTRY: 0x0d,
  CHANGE_PCT: 0x0e,
  AMPLITUDE_PCT: 0x0f,
  AVG: 0x10,
  PE_DYNAMIC: 0x11,
  ENTRUST_RATIO: 0x12,
  INSIDE_VOLUME: 0x13,
  OUTSIDE_VOLUME: 0x14,
  IN_OUT_RATIO: 0x15,
  BID_VOLUME: 0x17,
  ASK_VOLUME: 0x18,
  LOCKED_RATIO: 0x1b,
  LOCKED_AMOUNT: 0x1c,
  OPEN_AMOUNT: 0x1d,
  OPEN_TURNOVER_PCT: 0x1e,
  VOL_RATIO: 0x23,
  TURNOVER_RATE: 0x24,
  FLOAT_SHARES: 0x25,
  FLOAT_MARKET_CAP: 0x26,
  TOTAL_MARKET_CAP_AB: 0x27,
  UNMATCHED_VOLUME: 0x2a,
  STRENGTH_PCT: 0x2d,
  SPEED_PCT: 0x2e,
  ACTIVITY: 0x2f,
  SHORT_TURNOVER_PCT: 0xcc,
  VOL_SPEED_PCT: 0xd0,
  CHANGE_5D: 0xd1,
  CHANGE_10D: 0xd2,
  MAIN_NET_AMOUNT: 0xd4,
  MAIN_NET_RATIO: 0xd7,
  AUCTION_LIMIT_BUY: 0x102,
  AUCTION_LIMIT_SELL: 0x103,
  LIMIT_UP_TIME: 0x108,
  LIMIT_DOWN_TIME: 0x109,
  OPEN_SNATCH_PCT: 0x10a,
  AMOUNT_2M: 0x10c,
  OPEN_PCT: 0x119,
  HIGH_PCT: 0x11a,
  LOW_PCT: 0x11b,
  AVG_CHANGE_PCT: 0x11c,
  DRAWDOWN_PCT: 0x11e,
  ATTACK_PCT: 0x11f,
  YTD: 0x121,
  CONSECUTIVE_UP_DAYS: 0x138,
  CHANGE_3D: 0x139,
  DIVIDEND_YIELD: 0x13a,
  CHANGE_20D: 0x172,
  CHANGE_60D: 0x173,
  PREV_CHANGE_PCT: 0x17e,
  MTD: 0x19c,
  CHANGE_1Y: 0x19d,
  PE_TTM: 0x3ee,
  PE_STATIC: 0x3ef,
} as const;
export type MacSortName = keyof typeof MAC_SORT_TYPES;
export const MAC_SORT_NAMES = Object.keys(MAC_SORT_TYPES) as [MacSortName, ...MacSortName[]];

const v = (name: string) => (r: MacQuoteRow) => r.values[name] ?? NaN;
const pct = (r: MacQuoteRow) => {
  const pre = v("pre_close")(r);
  return pre > 0 ? (v("close")(r) / pre - 1) * 100 : NaN;
};

/** Value of a row under each locally sortable sort type. */
const KEYS: Readonly<Record<number, (r: MacQuoteRow) => number>> = {
  0x02: v("pre_close"),
  0x03: v("open"),
  0x04: v("high"),
  0x05: v("low"),
  0x06: v("close"),
  0x07: v("bid_price"),
  0x08: v("ask_price"),
  0x09: v("vol"),
  0x0a: v("amount"),
  0x0b: v("last_volume"),
  0x0c: (r) => v("close")(r) - v("pre_close")(r),
  0x0e: pct,
  0x0f: (r) => (v("pre_close")(r) > 0 ? ((v("high")(r) - v("low")(r)) / v("pre_close")(r)) * 100 : NaN),
  0x10: v("avg_price"),
  0x13: v("inside_volume"),
  0x14: v("outside_volume"),
  0x23: v("vol_ratio"),
  0x24: v("turnover"),
  0x25: v("float_shares"),
  0x2e: v("speed_pct"),
  0xd1: v("change_5d_pct"),
  0xd2: v("change_10d_pct"),
  0xd4: v("main_net_amount"),
  0x121: v("ytd_pct"),
  0x139: v("change_3d_pct"),
  0x172: v("change_20d_pct"),
  0x173: v("change_60d_pct"),
  0x17e: v("prev_change_pct"),
};

/** Whether a sort type can be applied from row fields alone. */
export const sortsLocally = (sortType: number): boolean => sortType in KEYS || sortType === 0x00 || sortType === 0x01;

/** Rows ordered as the server would (order 0 none = code order); values that are missing sort last. */
export function sortMacRows<T extends MacQuoteRow>(rows: readonly T[], sortType: number, order: 0 | 1 | 2): T[] {
  const byCode = (a: T, b: T) => a.market - b.market || (a.code < b.code ? -1 : a.code > b.code ? 1 : 0);
  const out = [...rows];
  if (order === 0 || !sortsLocally(sortType)) return out.sort(byCode);
  const sign = order === 2 ? 1 : -1;
  if (sortType === 0x00) return out.sort((a, b) => sign * byCode(a, b));
  if (sortType === 0x01) return out.sort((a, b) => sign * a.name.localeCompare(b.name) || byCode(a, b));
  // sortsLocally(sortType) and neither 0x00 nor 0x01: a key of KEYS.
  const key = KEYS[sortType]!;
  const val = new Map(out.map((r) => [r, key(r)]));
  return out.sort((a, b) => {
    const x = val.get(a)!;
    const y = val.get(b)!;
    if (Number.isNaN(x) || Number.isNaN(y)) return Number.isNaN(x) ? (Number.isNaN(y) ? byCode(a, b) : 1) : -1;
    return sign * (x - y) || byCode(a, b);
  });
}
