/**
 * Bar periods as the API names them, and the TDX category numbers behind them
 * (command 0x052d, tdx-protocol.md 5.4). One table so the client, the simulator,
 * the codec and the HTTP edge agree on which number carries which period, how its
 * date is encoded and what unit its volume arrives in.
 */

/** The API's category names in period order (usable as a zod enum). */
export const BAR_CATEGORY_NAMES = [
  "MIN_1",
  "MIN_5",
  "MIN_15",
  "MIN_30",
  "MIN_60",
  "MIN_120",
  "DAY",
  "WEEK",
  "MONTH",
  "SEASON",
  "YEAR",
] as const;

export type BarCategory = (typeof BAR_CATEGORY_NAMES)[number];

/** One TDX category number as the server understands it. */
export interface TdxCategory {
  readonly id: number;
  readonly period: BarCategory;
  /** Minute categories carry a packed day + minute stamp (the bar's end); the rest a YYYYMMDD. */
  readonly intraday: boolean;
  /**
   * Factor from the volume in the reply to the "fine" unit: shares for stocks,
   * lots for indices. Categories 5, 6, 9, 10 and 11 send volume / 100 (recorded
   * side by side for SH 600000: category 4 gives 67,301,816, category 9 gives
   * 673,018); the others send the fine unit as is.
   */
  readonly volScale: 1 | 100;
}

const tdx = (id: number, period: BarCategory, volScale: 1 | 100): TdxCategory => ({
  id,
  period,
  intraday: period.startsWith("MIN_"),
  volScale,
});

/** Every category number of command 0x052d, by id. */
export const TDX_CATEGORIES: readonly TdxCategory[] = [
  tdx(0, "MIN_5", 1),
  tdx(1, "MIN_15", 1),
  tdx(2, "MIN_30", 1),
  tdx(3, "MIN_60", 1),
  tdx(4, "DAY", 1),
  tdx(5, "WEEK", 100),
  tdx(6, "MONTH", 100),
  tdx(7, "MIN_1", 1), // "EXHQ_1MIN": meant for extended markets; A-share clients use 8
  tdx(8, "MIN_1", 1),
  tdx(9, "DAY", 100), // "RI_K": same prices as 4, volume in lots
  tdx(10, "SEASON", 100),
  tdx(11, "YEAR", 100),
];

/** How the standard connection obtains one API category. */
export interface BarCategorySpec {
  readonly name: BarCategory;
  /** Trading minutes per bar; `null` for daily and longer. */
  readonly minutes: number | null;
  /**
   * The TDX category the client should request. MIN_1 → 8 (7 is the
   * extended-market variant); DAY → 4, whose volume is already in shares (9 sends
   * lots); MIN_120 has no standard category, so 60-minute bars (3) are requested
   * and paired (see `aggregateMin120`).
   */
  readonly request: number;
  /** Other category numbers carrying the same period, for decoders and the simulator. */
  readonly variants: readonly number[];
  /** Requested bars per output bar: 2 for MIN_120, else 1. */
  readonly barsPerBar: 1 | 2;
  /** Name of the time column at the HTTP edge. */
  readonly timeKey: "date" | "datetime";
}

const spec = (
  name: BarCategory,
  minutes: number | null,
  request: number,
  variants: readonly number[] = [],
  barsPerBar: 1 | 2 = 1,
): BarCategorySpec => ({ name, minutes, request, variants, barsPerBar, timeKey: minutes === null ? "date" : "datetime" });

export const BAR_CATEGORIES: Readonly<Record<BarCategory, BarCategorySpec>> = {
  MIN_1: spec("MIN_1", 1, 8, [7]),
  MIN_5: spec("MIN_5", 5, 0),
  MIN_15: spec("MIN_15", 15, 1),
  MIN_30: spec("MIN_30", 30, 2),
  MIN_60: spec("MIN_60", 60, 3),
  MIN_120: spec("MIN_120", 120, 3, [], 2),
  DAY: spec("DAY", null, 4, [9]),
  WEEK: spec("WEEK", null, 5),
  MONTH: spec("MONTH", null, 6),
  SEASON: spec("SEASON", null, 10),
  YEAR: spec("YEAR", null, 11),
};

/** True for minute categories (their bars carry a time of day). */
export function isIntraday(category: BarCategory): boolean {
  return BAR_CATEGORIES[category].minutes !== null;
}
