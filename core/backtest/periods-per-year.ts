/**
 * Bars per year, the N that annualises per-bar returns (core/backtest/README.md,
 * "Annualisation"): "periods per year", as vectorbt's year_freq / freq, the bar
 * period read from the bars' own times, since the same run takes daily, weekly
 * or minute bars (fetched by category, or inline).
 *
 * - Several bars on one day: intraday bars, `annualDays` trading days of the
 *   most bars any day holds (48 five-minute bars, 240 one-minute, 2 of 120).
 * - At most one bar a day: by the median gap between bars, daily bars take
 *   `annualDays` (a gap of up to 4 days: weekends and short holidays), weekly
 *   52, monthly 12, quarterly 4, yearly 1.
 *
 * Only the first {@link SAMPLE} bars are read: a whole trading day of one-minute
 * bars lies within them wherever the series starts, and the cost stays fixed
 * however long the run.
 */
import { DAY_MS } from "../bars/index.ts";

const SAMPLE = 600;

/** Gap (calendar days, at most) → periods per year, for bars at most one a day. */
const BY_GAP: readonly (readonly [number, number])[] = [
  [10, 52],
  [45, 12],
  [135, 4],
];

export function periodsPerYear(time: ArrayLike<number>, length: number, annualDays: number): number {
  const n = Math.min(length, SAMPLE);
  if (n < 2) return annualDays;
  let most = 1;
  let run = 1;
  const gaps: number[] = [];
  for (let i = 1; i < n; i++) {
    const day = Math.floor(time[i]! / DAY_MS);
    const before = Math.floor(time[i - 1]! / DAY_MS);
    if (day === before) {
      run++;
      if (run > most) most = run;
    } else {
      run = 1;
      gaps.push(day - before);
    }
  }
  if (most > 1) return annualDays * most;
  gaps.sort((a, b) => a - b);
  const median = gaps[gaps.length >> 1]!;
  if (median <= 4) return annualDays;
  for (const [upTo, periods] of BY_GAP) if (median <= upTo) return periods;
  return 1;
}
