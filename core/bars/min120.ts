/**
 * MIN_120 from 60-minute bars (adapters/http/README.md 4.2.1 rule 3): the standard protocol
 * has no 120-minute category, so the two 60-minute bars of each session half
 * (10:30 + 11:30, 14:00 + 15:00) become one bar: open first, high max, low min,
 * close last, vol and amount summed.
 *
 * Bars are grouped by trading day and session half rather than paired blindly
 * (easy_tdx pairs from the newest end), so an output bar never spans the lunch
 * break or two days, whatever the alignment of the fetched window. Choices:
 *
 * - each output bar is stamped at its half's end, 11:30 or 15:00, as TDX stamps
 *   bars at their end; a running half (only 10:30 so far) is still stamped 11:30,
 *   like any running TDX bar;
 * - the oldest group is dropped when it lacks its first 60-minute bar (the fetched
 *   window began mid-half), since that bar would be a truncated 120-minute bar;
 *   other groups are kept as they are;
 * - at most `maxBars` (default 400, what 800 fetched 60-minute bars allow on the
 *   standard connection) of the newest bars are returned.
 */
import { allocSeries, type BarSeries } from "./series.ts";
import { AFTERNOON_CLOSE, dayStart, DAY_MS, HALF_MINUTES, MINUTE_MS, minuteOfDay, MORNING_CLOSE, sessionHalf, tradingMinute } from "./session-clock.ts";

/** The most MIN_120 bars synthesized from one request of 800 60-minute bars. */
export const MIN120_MAX_BARS = 400;

const HALF_END = [MORNING_CLOSE, AFTERNOON_CLOSE] as const;
const SOURCE_MINUTES = 60;

/** Day index × 2 + session half of a bar stamped `t`. */
function halfKey(t: number): number {
  return Math.floor(t / DAY_MS) * 2 + sessionHalf(minuteOfDay(t));
}

/** 120-minute bars from ascending 60-minute bars stamped at their end. */
export function aggregateMin120(bars60: BarSeries, maxBars: number = MIN120_MAX_BARS): BarSeries {
  const n = bars60.length;
  const { time } = bars60;
  const starts = new Int32Array(n + 1);
  let groups = 0;
  let prevKey = NaN;
  for (let i = 0; i < n; i++) {
    const key = halfKey(time[i]!);
    if (key !== prevKey) starts[groups++] = i;
    prevKey = key;
  }
  starts[groups] = n;

  let first = 0;
  if (groups > 0) {
    const t = time[0]!;
    const firstSlotEnd = (halfKey(t) & 1) * HALF_MINUTES + SOURCE_MINUTES;
    if (tradingMinute(minuteOfDay(t)) > firstSlotEnd) first = 1;
  }
  first = Math.max(first, groups - Math.max(0, maxBars));

  const out = allocSeries(groups - first);
  const { open, high, low, close, vol, amount } = bars60;
  for (let g = first; g < groups; g++) {
    const a = starts[g]!;
    const b = starts[g + 1]!;
    let hi = high[a]!;
    let lo = low[a]!;
    let v = vol[a]!;
    let amt = amount[a]!;
    for (let i = a + 1; i < b; i++) {
      hi = Math.max(hi, high[i]!);
      lo = Math.min(lo, low[i]!);
      v += vol[i]!;
      amt += amount[i]!;
    }
    const k = g - first;
    const t = time[a]!;
    out.time[k] = dayStart(t) + HALF_END[halfKey(t) & 1]! * MINUTE_MS;
    out.open[k] = open[a]!;
    out.high[k] = hi;
    out.low[k] = lo;
    out.close[k] = close[b - 1]!;
    out.vol[k] = v;
    out.amount[k] = amt;
  }
  return out;
}
