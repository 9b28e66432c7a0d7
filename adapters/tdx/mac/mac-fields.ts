/**
 * The dynamic quote fields of the mac command set (0x122b/0x122c, design doc
 * adapters/tdx/mac/README.md 3.4): a request names the wanted fields by bits in a
 * 20-byte bitmap, and each answer row carries one 4-byte value per set bit in
 * ascending bit order. Bytes 0..15 are field bits 0x00..0x7f (the ones every
 * client requests; higher bits sit in the control bytes and are not requested
 * here). Byte 17 carries the exclude filter, byte 19 bit 0 the "extended" flag.
 *
 * Names are the original system's column names (easy_tdx's field names, lower
 * case), so its clients find the same keys. Bits without a name are read as u32
 * and named `field_0xNN`.
 */

export type FieldType = "f" | "u" | "i";

export interface FieldSpec {
  readonly bit: number;
  readonly name: string;
  readonly type: FieldType;
}

const F: readonly [number, string, FieldType][] = [
  [0x00, "pre_close", "f"],
  [0x01, "open", "f"],
  [0x02, "high", "f"],
  [0x03, "low", "f"],
  [0x04, "close", "f"],
  [0x05, "vol", "u"],
  [0x06, "vol_ratio", "f"],
  [0x07, "amount", "f"],
  [0x08, "inside_volume", "u"],
  [0x09, "outside_volume", "u"],
  [0x0a, "total_shares", "f"],
  [0x0b, "float_shares", "f"],
  [0x0c, "eps", "f"],
  [0x0d, "net_assets", "f"],
  [0x0e, "security_type_price", "f"],
  [0x0f, "total_market_cap_ab", "f"],
  [0x10, "pe_dynamic", "f"],
  [0x11, "bid_price", "f"],
  [0x12, "ask_price", "f"],
  [0x13, "server_update_date", "u"],
  [0x14, "server_update_time", "u"],
  [0x15, "lot_size_info", "u"],
  [0x16, "board_strength", "i"],
  [0x17, "dividend_yield", "f"],
  [0x18, "bid_volume", "u"],
  [0x19, "ask_volume", "u"],
  [0x1a, "last_volume", "u"],
  [0x1b, "turnover", "f"],
  [0x1c, "industry", "u"],
  [0x1d, "industry_change_up", "f"],
  [0x1e, "stock_tag_flags", "u"],
  [0x1f, "decimal_point", "u"],
  [0x20, "buy_price_limit", "f"],
  [0x21, "sell_price_limit", "f"],
  [0x22, "price_decimal_info", "u"],
  [0x23, "lot_size", "u"],
  [0x24, "pre_iopv", "f"],
  [0x25, "speed_pct", "f"],
  [0x26, "avg_price", "f"],
  [0x27, "iopv", "f"],
  [0x28, "pe_ttm_vol_related", "f"],
  [0x29, "ex_price_placeholder", "f"],
  [0x2a, "operating_revenue", "f"],
  [0x2b, "flag_kcb", "u"],
  [0x2c, "flag_bj", "u"],
  [0x2d, "circulating_capital_z", "f"],
  [0x2e, "after_hours_volume", "i"],
  [0x30, "pe_ttm", "f"],
  [0x31, "pe_static", "f"],
  [0x37, "index_metric", "f"],
  [0x38, "main_net_amount", "f"],
  [0x39, "bid_ask_ratio", "f"],
  [0x3a, "non_index_flag", "u"],
  [0x3b, "change_20d_pct", "f"],
  [0x3c, "ytd_pct", "f"],
  [0x3e, "stock_class_code", "u"],
  [0x3f, "percent_base", "u"],
  [0x40, "mtd_pct", "f"],
  [0x41, "change_1y_pct", "f"],
  [0x42, "prev_change_pct", "f"],
  [0x43, "change_3d_pct", "f"],
  [0x44, "change_60d_pct", "f"],
  [0x45, "change_5d_pct", "f"],
  [0x46, "change_10d_pct", "f"],
  [0x47, "prev2_change_pct", "f"],
  [0x48, "bid2_price", "f"],
  [0x49, "ask2_price", "f"],
  [0x4a, "ah_code", "u"],
  [0x57, "open_amount", "f"],
  [0x58, "annual_limit_up_days", "i"],
  [0x59, "activity", "u"],
  [0x5b, "dividend_yield_rate", "f"],
  [0x5c, "consecutive_up_days", "i"],
  [0x5d, "limit_up_count", "u"],
  [0x5e, "limit_down_count", "u"],
  [0x5f, "industry_sub", "u"],
  [0x66, "auction_buy_limit", "f"],
  [0x67, "auction_sell_limit", "f"],
  [0x68, "vol_speed_pct", "f"],
  [0x69, "short_turnover_pct", "f"],
  [0x6a, "amount_2m", "f"],
  [0x6b, "main_net_amount_copy", "f"],
  [0x6c, "main_net_ratio", "f"],
  [0x6d, "retail_net_amount", "f"],
  [0x6e, "main_net_5m_amount", "f"],
  [0x6f, "main_net_3d_amount", "f"],
  [0x70, "main_net_5d_amount", "f"],
  [0x71, "main_net_10d_amount", "f"],
  [0x72, "main_buy_net_amount", "f"],
  [0x73, "ddx", "f"],
  [0x74, "ddy", "f"],
  [0x75, "ddz", "f"],
  [0x76, "ddf", "f"],
  [0x7a, "auction_vol_ratio", "f"],
  [0x7b, "prev_amount", "f"],
];

export const FIELD_BITS = 128;
const SPECS: FieldSpec[] = Array.from({ length: FIELD_BITS }, (_, bit) => ({ bit, name: `field_0x${bit.toString(16).padStart(2, "0")}`, type: "u" as FieldType }));
for (const [bit, name, type] of F) SPECS[bit] = { bit, name, type };

/** The spec of field bit `bit` (0..127). */
export const fieldSpec = (bit: number): FieldSpec => SPECS[bit]!;

/** Bit of a named field. */
export function fieldBit(name: string): number {
  const s = SPECS.find((x) => x.name === name);
  if (!s) throw new RangeError(`unknown mac field ${name}`);
  return s.bit;
}

/** Exclude-filter bits (byte 17). BJ is 32 as gotdx and easy_tdx send it (opentdx says 16; unverified). */
export const EXCLUDE_FLAGS = { NEW: 1, KC: 2, ST: 4, CY: 8, HK_CONNECT: 16, BJ: 32, APPROVAL: 64, REGISTRATION: 128 } as const;
export type ExcludeFlag = keyof typeof EXCLUDE_FLAGS;

const EXTENDED_FLAG = 1;

/** What the exclude filter looks at; flags it cannot judge (HK-connect, approval/registration) pass everything. */
export interface ExcludeTraits {
  readonly st: boolean;
  readonly board: string;
  /** Listed within the last year. */
  readonly recent: boolean;
}

export function isExcluded(mask: number, s: ExcludeTraits): boolean {
  return Boolean(
    (mask & EXCLUDE_FLAGS.ST && s.st) ||
      (mask & EXCLUDE_FLAGS.KC && s.board === "STAR") ||
      (mask & EXCLUDE_FLAGS.CY && s.board === "CHINEXT") ||
      (mask & EXCLUDE_FLAGS.BJ && s.board === "BSE") ||
      (mask & EXCLUDE_FLAGS.NEW && s.recent),
  );
}

/** The 20-byte request bitmap for `bits` with an exclude mask. */
export function encodeFieldBitmap(bits: readonly number[], exclude = 0): Uint8Array {
  const out = new Uint8Array(20);
  for (const b of bits) {
    if (!(b >= 0 && b < FIELD_BITS)) throw new RangeError(`mac field bit ${b} out of 0..127`);
    out[b >> 3]! |= 1 << (b & 7);
  }
  out[17] = exclude;
  out[19] = EXTENDED_FLAG;
  return out;
}

/** Field bits set in a bitmap (bytes 0..15), ascending, and the exclude mask. */
export function decodeFieldBitmap(bitmap: Uint8Array): { bits: number[]; exclude: number } {
  const bits: number[] = [];
  for (let b = 0; b < FIELD_BITS; b++) if (bitmap[b >> 3]! & (1 << (b & 7))) bits.push(b);
  return { bits, exclude: bitmap[17] ?? 0 };
}
