/**
 * The one place a fill happens, shared by the single-symbol and portfolio
 * kernels: price with slippage, fees, position accounting and the fill record.
 * Refusal checks come first and belong to the caller, which knows whether the
 * order is to be retried or dropped.
 */
import type { ExecutionRules } from "./execution-rules.ts";
import type { Side } from "./fees.ts";
import type { PositionBook } from "./position-book.ts";
import type { FillLog } from "./trade-log.ts";

/** Fills `shares` at `raw` (before slippage) and returns the change in cash. */
export function executeFill(rules: ExecutionRules, book: PositionBook, log: FillLog, bar: number, leg: number, side: Side, shares: number, raw: number, time: number, day: number): number {
  const price = rules.fillPrice(side, raw);
  const fees = rules.quote(side, shares, price, time);
  const avgBefore = book.avgPrice;
  const entryBar = book.entryBar;
  const pnl = book.apply(side, shares, price, fees, bar, day);
  const i = log.add();
  log.bar[i] = bar;
  log.leg[i] = leg;
  log.side[i] = side;
  log.shares[i] = shares;
  log.price[i] = price;
  log.slippage[i] = shares * Math.abs(price - raw);
  log.commission[i] = rules.commission;
  log.stamp[i] = rules.stamp;
  log.transfer[i] = rules.transfer;
  log.pnl[i] = pnl;
  const closing = pnl === pnl;
  log.basis[i] = closing ? avgBefore * shares : Number.NaN;
  log.entryBar[i] = closing ? entryBar : -1;
  log.avgAfter[i] = book.avgPrice;
  return -side * shares * price - fees;
}

/**
 * Cash just after a fill that {@link ExecutionRules.affordable} sized from a budget
 * within `cash`. Sizing proved value + fees ≤ cash on their exact decimals
 * (core/backtest/README.md, "Sizing is exact"); the bookkeeping stays in doubles
 * so that cash + shares × price keeps equity on the fill bar, and on an exact fit
 * it can land a rounding unit or so below zero. That is noise, not debt: it reads 0.
 */
export function cashAfterSizedFill(cash: number): number {
  return cash < 0 ? 0 : cash;
}
