/**
 * Rebalance days of a rotation on its timeline. A rebalance day is the first
 * bar of a new period — every bar (daily), the first trading day of each
 * Monday-to-Sunday week (weekly), the first trading day of each calendar month
 * (monthly) — plus the second bar of the run, so the slots are filled as soon
 * as there is a close to rank on. The ranking is taken at the close of the bar
 * before the rebalance day and its orders fill on the rebalance day itself, so
 * only the calendar (known in advance), never a later price, decides the day.
 */
import { dayIndex } from "../backtest/index.ts";
import { yyyymmdd } from "../bars/index.ts";

export type Refresh = "daily" | "weekly" | "monthly";

/** 1970-01-01 was a Thursday: shifting by 3 days starts weeks on Mondays. */
const weekOf = (t: number) => Math.floor((dayIndex(t) + 3) / 7);
const monthOf = (t: number) => Math.floor(yyyymmdd(t) / 100);

/** `out[k]` is 1 when step k is a rebalance day. */
export function rebalanceDays(time: Float64Array, refresh: Refresh): Uint8Array {
  const out = new Uint8Array(time.length);
  const period = refresh === "daily" ? dayIndex : refresh === "weekly" ? weekOf : monthOf;
  for (let k = 1; k < time.length; k++) out[k] = k === 1 || period(time[k]!) !== period(time[k - 1]!) ? 1 : 0;
  return out;
}
