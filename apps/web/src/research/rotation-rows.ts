/** A rotation's tables: each rebalance day (what was sold, bought and held, and the leaders of the ranking) and the holdings at the end. */
import type { RotationResult } from "../api/research-types.ts";
import { barKey } from "../backtest/time-keys.ts";

/** Leaders of a rebalance day's ranking shown. */
const LEADERS = 5;

const score = (v: number | null) => (v === null ? "–" : Number(v.toPrecision(4)).toString());

/** `withOrders`: only the days something was sold or bought. */
export function rebalanceRows(r: Pick<RotationResult, "rebalances">, withOrders: boolean): Record<string, string>[] {
  return r.rebalances
    .filter((b) => !withOrders || b.sold.length > 0 || b.bought.length > 0)
    .map((b) => ({
      date: barKey(b.datetime),
      sold: b.sold.join(" "),
      bought: b.bought.join(" "),
      holdings: b.holdings.join(" "),
      leaders: b.ranked
        .slice(0, LEADERS)
        .map((x) => `${x.symbol} ${score(x.score)}`)
        .join(" · "),
    }));
}

export const holdingRows = (r: Pick<RotationResult, "final_holdings">): Record<string, string | number | null>[] =>
  Object.entries(r.final_holdings).map(([symbol, h]) => ({ symbol, shares: h.shares, cost: h.cost }));
