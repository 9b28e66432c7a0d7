/**
 * Aggregation of bars into longer periods: daily → week, month, season, year and
 * one-minute → 5/15/30/60 minutes. Consecutive bars with the same period key form
 * one bar (open first, high max, low min, close last, vol and amount summed),
 * stamped at its end as TDX stamps every bar: a longer period at its last
 * member (a week at its last trading day so far), a minute period at the end of
 * its bucket (09:35, …, 11:30, 13:05, …, 15:00) even while it is still forming
 * or has gaps, so a 5-minute bar of 09:56–09:58 is the 10:00 bar. Stamps
 * outside the sessions keep their last member's time.
 */
import { allocSeries, type BarSeries } from "./series.ts";
import { AFTERNOON_OPEN, dayStart, HALF_MINUTES, MINUTE_MS, MORNING_OPEN, minuteOfDay, tradingMinute } from "./session-clock.ts";

export type Period = "WEEK" | "MONTH" | "SEASON" | "YEAR" | 5 | 15 | 30 | 60;

const DAY_MS = 86_400_000;
// 1970-01-05 was a Monday: weeks are Monday..Sunday.
const MONDAY0 = 4 * DAY_MS;

/** The key shared by every bar of the same period. */
export function periodKey(t: number, period: Period): number {
  if (typeof period === "number") {
    // Minute bars are stamped at their end: 09:31 is trading minute 1, bucket 0.
    const m = Math.ceil(tradingMinute(minuteOfDay(t)));
    return dayStart(t) + Math.floor((m - 1) / period) * MINUTE_MS;
  }
  const d = new Date(t);
  const y = d.getUTCFullYear();
  switch (period) {
    case "WEEK":
      return Math.floor((t - MONDAY0) / (7 * DAY_MS));
    case "MONTH":
      return y * 12 + d.getUTCMonth();
    case "SEASON":
      return y * 4 + Math.floor(d.getUTCMonth() / 3);
    case "YEAR":
      return y;
  }
}

/** The stamp of the minute bucket whose period key is `key`: its last trading minute on the wall clock, or NaN outside the sessions. */
function bucketEnd(key: number, period: number): number {
  const day = dayStart(key);
  const end = ((key - day) / MINUTE_MS + 1) * period;
  if (end <= 0 || end > 2 * HALF_MINUTES) return NaN;
  return day + (end <= HALF_MINUTES ? MORNING_OPEN + end : AFTERNOON_OPEN + end - HALF_MINUTES) * MINUTE_MS;
}

/** Aggregates `s` (ascending) into `period` bars. */
export function aggregateBars(s: BarSeries, period: Period): BarSeries {
  const out = allocSeries(s.length);
  const minutes = typeof period === "number";
  let n = -1;
  let key = NaN;
  let end = NaN;
  for (let i = 0; i < s.length; i++) {
    const k = periodKey(s.time[i]!, period);
    if (k !== key) {
      key = k;
      end = minutes ? bucketEnd(k, period) : NaN;
      n++;
      out.open[n] = s.open[i]!;
      out.high[n] = s.high[i]!;
      out.low[n] = s.low[i]!;
      out.vol[n] = 0;
      out.amount[n] = 0;
    }
    out.time[n] = Number.isNaN(end) ? s.time[i]! : end;
    if (s.high[i]! > out.high[n]!) out.high[n] = s.high[i]!;
    if (s.low[i]! < out.low[n]!) out.low[n] = s.low[i]!;
    out.close[n] = s.close[i]!;
    out.vol[n]! += s.vol[i]!;
    out.amount[n]! += s.amount[i]!;
  }
  const len = n + 1;
  return {
    length: len,
    time: out.time.slice(0, len),
    open: out.open.slice(0, len),
    high: out.high.slice(0, len),
    low: out.low.slice(0, len),
    close: out.close.slice(0, len),
    vol: out.vol.slice(0, len),
    amount: out.amount.slice(0, len),
  };
}
