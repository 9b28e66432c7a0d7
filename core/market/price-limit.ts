/**
 * Daily price limits (涨跌停). A market order cannot buy at the up-limit or sell at
 * the down-limit (nobody is on the other side), so the kernels refuse such fills.
 *
 * Limits are previous close × (1 ± fraction), rounded half-up to the tick. A price
 * counts as "at the limit" within half a tick, which separates the limit price
 * from the next tick on raw prices; on adjusted (复权) series the test is only
 * approximate because adjustment moves prices off the tick grid.
 *
 * Not modelled: the no-limit first days of new listings (the kernel does not know
 * the listing date).
 */
import { marketTime } from "../bars/index.ts";
import type { Board } from "./trading-board.ts";

/** ChiNext registration reform: ±20 % from this day (±10 %, ST ±5 % before). */
const CHINEXT_20PCT_FROM = marketTime(2020, 8, 24);
/**
 * Main-board ST/*ST limit widened from ±5 % to ±10 %. The design note marks the
 * effective date as unverified ("widely reported as 2025-07-07"); we use that date.
 */
const MAIN_ST_10PCT_FROM = marketTime(2025, 7, 7);

/** Limit as a fraction of the previous close for a board on a trade date. */
export function limitFraction(board: Board, st: boolean, time: number): number {
  switch (board) {
    case "star":
      return 0.2;
    case "bj":
      return 0.3;
    case "chinext":
      return time >= CHINEXT_20PCT_FROM ? 0.2 : st ? 0.05 : 0.1;
    case "fund":
      return 0.1;
    case "main":
      return st && time < MAIN_ST_10PCT_FROM ? 0.05 : 0.1;
  }
}

/** Price tick: 0.001 CNY for funds, 0.01 CNY for shares. */
export function tickOf(board: Board): number {
  return board === "fund" ? 0.001 : 0.01;
}

/** Rounds half-up to the tick (the small nudge absorbs binary error such as 11.055 → 11.0549…). */
export function roundToTick(price: number, tick: number): number {
  return Math.round(price / tick + 1e-6) * tick;
}

/** True when `price` is at (or above) the up-limit computed from `prevClose`. */
export function atLimitUp(price: number, prevClose: number, fraction: number, tick: number): boolean {
  return price >= roundToTick(prevClose * (1 + fraction), tick) - tick / 2;
}

/** True when `price` is at (or below) the down-limit computed from `prevClose`. */
export function atLimitDown(price: number, prevClose: number, fraction: number, tick: number): boolean {
  return price <= roundToTick(prevClose * (1 - fraction), tick) + tick / 2;
}
