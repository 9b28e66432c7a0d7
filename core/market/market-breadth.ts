/**
 * Up/down statistics of a market from one quote per security (`/market/stat`).
 * A security with no volume today is suspended (or not yet traded) and counts in
 * none of up/down/flat; the others compare price with the previous close. Limit
 * moves use the board's daily limit (core/market/price-limit.ts) within half a
 * tick; securities without a limit (first days of a listing) pass `NaN`.
 */
import { atLimitDown, atLimitUp } from "./price-limit.ts";

export interface BreadthQuote {
  readonly price: number;
  readonly preClose: number;
  /** Lots traded today. */
  readonly vol: number;
  /** Yuan traded today. */
  readonly amount: number;
  /** Daily limit as a fraction of the previous close, NaN when there is none. */
  readonly limit: number;
  readonly tick: number;
}

export interface MarketBreadth {
  readonly up: number;
  readonly down: number;
  readonly flat: number;
  readonly suspended: number;
  readonly total: number;
  readonly limitUp: number;
  readonly limitDown: number;
  readonly amount: number;
  readonly volume: number;
}

export function marketBreadth(quotes: Iterable<BreadthQuote>): MarketBreadth {
  let up = 0,
    down = 0,
    flat = 0,
    suspended = 0,
    total = 0,
    limitUp = 0,
    limitDown = 0,
    amount = 0,
    volume = 0;
  for (const q of quotes) {
    total++;
    if (!(q.vol > 0) || !(q.preClose > 0)) {
      suspended++;
      continue;
    }
    amount += q.amount;
    volume += q.vol;
    if (q.price > q.preClose) up++;
    else if (q.price < q.preClose) down++;
    else flat++;
    if (Number.isFinite(q.limit)) {
      if (atLimitUp(q.price, q.preClose, q.limit, q.tick)) limitUp++;
      else if (atLimitDown(q.price, q.preClose, q.limit, q.tick)) limitDown++;
    }
  }
  return { up, down, flat, suspended, total, limitUp, limitDown, amount, volume };
}
