/**
 * TDX's PERIOD codes (core/formula/LANGUAGE.md §1.8) for the API's bar categories: what
 * a formula's PERIOD variable reads. 120-minute bars have no code of their
 * own and count as TDX's "multi-minute" period (8).
 */
import type { BarCategory } from "../bars/index.ts";

const CODES: Readonly<Record<BarCategory, number>> = {
  MIN_1: 0,
  MIN_5: 1,
  MIN_15: 2,
  MIN_30: 3,
  MIN_60: 4,
  MIN_120: 8,
  DAY: 5,
  WEEK: 6,
  MONTH: 7,
  SEASON: 10,
  YEAR: 11,
};

export function periodCode(category: BarCategory): number {
  return CODES[category];
}
