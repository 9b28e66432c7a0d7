/**
 * `start` of a bar request counts bars back from the newest in a u16 field of
 * the quote port's request (the TDX protocol's), and MIN_120 (two 60-minute
 * bars per bar) asks for `2 × start`: the largest `start` a category can carry.
 */
import { BAR_CATEGORIES, type BarCategory } from "./categories.ts";

/** Largest value of the request's u16 `start` field. */
const START_FIELD_MAX = 0xffff;

/** Largest `start` a request of `category` can carry. */
export const maxStart = (category: BarCategory): number => Math.floor(START_FIELD_MAX / BAR_CATEGORIES[category].barsPerBar);
