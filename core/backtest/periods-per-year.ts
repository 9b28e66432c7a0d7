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

/** Upper bounds of the gap classes (calendar days) for bars at most one a day, and each class's periods per year (the first: daily). */
const GAP_UPTO = [4, 10, 45, 135, Infinity];
const GAP_PERIODS = [0, 52, 12, 4, 1];

export function periodsPerYear(time: ArrayLike<number>, length: number, annualDays: number): number {
  const n = Math.min(length, SAMPLE);
  if (n < 2) return annualDays;
  let most = 1;
  let run = 1;
  // gaps counted by class: the class holding the median gap is the median's class (the classes are ordered intervals)
  const counts = [0, 0, 0, 0, 0];
  let before = Math.floor(time[0]! / DAY_MS);
  for (let i = 1; i < n; i++) {
    const day = Math.floor(time[i]! / DAY_MS);
    if (day === before) {
      run++;
      if (run > most) most = run;
      continue;
    }
    run = 1;
    let k = 0;
    while (day - before > GAP_UPTO[k]!) k++;
    counts[k]!++;
    before = day;
  }
  if (most > 1) return annualDays * most;
  // the median of g gaps, sorted, is the one at index ⌊g/2⌋
  const g = n - 1;
  for (let k = 0, seen = 0; k < counts.length; k++) {
    seen += counts[k]!;
    if (seen > g >> 1) return k === 0 ? annualDays : GAP_PERIODS[k]!;
  }
  return annualDays;
}
