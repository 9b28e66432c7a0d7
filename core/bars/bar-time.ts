/**
 * `bar_time=start|end`. TDX stamps every bar at its end (first 1-minute bar 09:31,
 * first 5-minute bar 09:35, last bar 15:00; adapters/tdx/README.md 5.4), so `end` is the
 * stamp as received and `start` has to be derived.
 *
 * Minute categories: start = end − period in trading minutes, so a bar never
 * starts inside the lunch break and never before 09:30:
 *
 * | period | end   | start |
 * |--------|-------|-------|
 * | 1      | 09:31 | 09:30 |
 * | 1      | 13:01 | 13:00 |
 * | 60     | 14:00 | 13:00 |
 * | 120    | 11:30 | 09:30 |
 * | 120    | 15:00 | 13:00 |
 * | 1      | 13:00 (stamped during the lunch break; stands for 11:30) | 11:29 |
 *
 * Stamps before 09:30 (none in TDX replies) fall back to wall-clock end − period.
 *
 * Daily and longer: both modes give the bar's own date, which TDX sets to the
 * last trading day the bar covers (the latest trading day for the running
 * period). The first trading day of a week/month/quarter/year cannot be known
 * without a holiday calendar, and the first calendar day is often a holiday
 * (1 January, 1 October), so no start date is invented. This also keeps the
 * dates easy_tdx returned for daily and longer bars.
 */
import { BAR_CATEGORIES, type BarCategory } from "./categories.ts";
import { dayStart, MINUTE_MS, minuteOfDay, tradingMinute, wallMinuteOfStart } from "./session-clock.ts";

export type BarTimeMode = "start" | "end";

/** Start of a minute bar stamped `end` (market time ms) lasting `minutes` trading minutes. */
export function minuteBarStart(end: number, minutes: number): number {
  const o = tradingMinute(minuteOfDay(end));
  const s = o > 0 ? Math.max(o - minutes, 0) : o - minutes;
  return dayStart(end) + wallMinuteOfStart(s) * MINUTE_MS;
}

/**
 * The `time` column for the requested `bar_time`: the TDX stamps themselves for
 * `end` and for daily and longer bars, else a new array of start times.
 */
export function barTimes(time: Float64Array, category: BarCategory, mode: BarTimeMode): Float64Array {
  const minutes = BAR_CATEGORIES[category].minutes;
  if (mode === "end" || minutes === null) return time;
  const out = new Float64Array(time.length);
  for (let i = 0; i < time.length; i++) out[i] = minuteBarStart(time[i]!, minutes);
  return out;
}
