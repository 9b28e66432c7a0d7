/**
 * Bar periods as the API names them, and the TDX category numbers the client
 * requests for them (command 0x052d, adapters/tdx/README.md 5.4). What each number
 * carries on the wire (date encoding, volume unit) is the bars codec's table
 * (adapters/tdx/tdx-codec-bars.ts); a test checks the two agree.
 */

/** The API's category names in period order (usable as a zod enum). */
export const BAR_CATEGORY_NAMES = ["MIN_1", "MIN_5", "MIN_15", "MIN_30", "MIN_60", "MIN_120", "DAY", "WEEK", "MONTH", "SEASON", "YEAR"] as const;

export type BarCategory = (typeof BAR_CATEGORY_NAMES)[number];

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

const spec = (name: BarCategory, minutes: number | null, request: number, variants: readonly number[] = [], barsPerBar: 1 | 2 = 1): BarCategorySpec => ({
  name,
  minutes,
  request,
  variants,
  barsPerBar,
  timeKey: minutes === null ? "date" : "datetime",
});

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
