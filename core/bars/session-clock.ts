/**
 * The A-share continuous session as a "trading clock": minutes of trading since
 * 09:30, with the lunch break squeezed out (09:30 → 0, 11:30 → 120, 13:00 → 120,
 * 15:00 → 240). Bar start times and the MIN_120 session halves are both rules
 * about trading minutes, not wall-clock minutes, so they share this clock.
 *
 * A wall-clock stamp inside the lunch break (TDX stamps the last morning bar
 * 13:00 when asked during the break, adapters/tdx/README.md 5.4) reads as 120, i.e. the
 * end of the morning: that is exactly the bar it stands for.
 */

export const MINUTE_MS = 60_000;
export const DAY_MS = 86_400_000;

/** 09:30, 11:30, 13:00 and 15:00 as minutes after midnight. */
export const MORNING_OPEN = 570;
export const MORNING_CLOSE = 690;
export const AFTERNOON_OPEN = 780;
export const AFTERNOON_CLOSE = 900;
/** Trading minutes in the morning half (and in the afternoon half). */
export const HALF_MINUTES = MORNING_CLOSE - MORNING_OPEN;

/** Market time (the `BarSeries` encoding) at 00:00 of the same day. */
export function dayStart(t: number): number {
  return Math.floor(t / DAY_MS) * DAY_MS;
}

/** Wall-clock minutes since midnight of a market time (with a fraction for seconds). */
export function minuteOfDay(t: number): number {
  return (t - dayStart(t)) / MINUTE_MS;
}

/**
 * Trading minutes since 09:30 for a wall-clock minute-of-day `m` (may carry a
 * fraction). Before 09:30 the result is negative (m − 570): stamps outside the
 * sessions are left on the wall clock.
 */
export function tradingMinute(m: number): number {
  if (m <= MORNING_CLOSE) return m - MORNING_OPEN;
  if (m <= AFTERNOON_OPEN) return HALF_MINUTES;
  return HALF_MINUTES + (m - AFTERNOON_OPEN);
}

/**
 * Wall-clock minute-of-day where trading minute `o` begins. A start exactly at
 * 120 is the afternoon open (13:00), never 11:30: nothing trades from 11:30.
 */
export function wallMinuteOfStart(o: number): number {
  return o < HALF_MINUTES ? MORNING_OPEN + o : AFTERNOON_OPEN + (o - HALF_MINUTES);
}

/** 0 for a bar ending in the morning half (stamps up to 13:00), 1 for the afternoon. */
export function sessionHalf(m: number): 0 | 1 {
  return tradingMinute(m) <= HALF_MINUTES ? 0 : 1;
}
