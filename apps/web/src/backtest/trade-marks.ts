/**
 * A result's fills as K-line markers: each on the drawn bar it filled on, at
 * its fill price. Opening and closing, long and short get their own letters;
 * refused attempts (limit, suspension, T+1, cash) are kept but marked as such.
 * Fills on bars that are not drawn are left out rather than moved.
 */
import type { Trade } from "../api/backtest-types.ts";
import type { TradeMark } from "../charts/chart-types.ts";
import { barKey } from "./time-keys.ts";

export interface TradeLetters {
  readonly open_long: string;
  readonly close_long: string;
  readonly open_short: string;
  readonly close_short: string;
}

export function tradeMarks(trades: readonly Trade[], times: readonly string[], letters: TradeLetters, withRejected: boolean): TradeMark[] {
  const drawn = new Set(times);
  const out: TradeMark[] = [];
  for (const t of trades) {
    if (t.rejected && !withRejected) continue;
    const time = barKey(t.datetime);
    if (!drawn.has(time) || t.price === null || !Number.isFinite(t.price)) continue;
    out.push({ time, price: t.price, side: t.direction === "BUY" ? "buy" : "sell", label: letters[t.action], rejected: t.rejected });
  }
  return out;
}
