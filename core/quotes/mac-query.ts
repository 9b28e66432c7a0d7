/**
 * The words of a board-source list query (ports/board-source.ts `ListQuery`):
 * the mac field bits (adapters/tdx/mac/README.md 3.4; every bit's name
 * and type is in adapters/tdx/mac/mac-fields.ts), the field sets the endpoints
 * ask for (the original system's BASIC + VOLUME and its member set) and the
 * default sort type. Both board sources and the use cases over them speak them.
 */

export const Field = {
  PRE_CLOSE: 0x00,
  OPEN: 0x01,
  HIGH: 0x02,
  LOW: 0x03,
  CLOSE: 0x04,
  VOL: 0x05,
  VOL_RATIO: 0x06,
  AMOUNT: 0x07,
  TOTAL_SHARES: 0x0a,
  FLOAT_SHARES: 0x0b,
  TURNOVER: 0x1b,
  LIMIT_UP: 0x20,
  LIMIT_DOWN: 0x21,
  SPEED_PCT: 0x25,
  MAIN_NET: 0x38,
  CHANGE_20D: 0x3b,
  YTD: 0x3c,
  CHANGE_3D: 0x43,
  CHANGE_60D: 0x44,
  CHANGE_5D: 0x45,
  CHANGE_10D: 0x46,
  MAIN_NET_3D: 0x6f,
  MAIN_NET_5D: 0x70,
} as const;

export const FIELDS_BASIC: readonly number[] = [Field.OPEN, Field.HIGH, Field.LOW, Field.CLOSE, Field.PRE_CLOSE, Field.VOL, Field.AMOUNT, Field.TURNOVER, Field.VOL_RATIO];
export const FIELDS_MEMBERS: readonly number[] = [...FIELDS_BASIC, Field.TOTAL_SHARES, Field.FLOAT_SHARES, Field.LIMIT_UP, Field.LIMIT_DOWN, Field.SPEED_PCT, Field.MAIN_NET];

/** Sort type of change % (0x0e), the default of every list. */
export const SORT_CHANGE_PCT = 0x0e;
