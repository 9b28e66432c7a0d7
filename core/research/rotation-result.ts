/**
 * The rotation result in easy_tdx's RotationResult shape (`performance`,
 * `equity_curve`, `trades` with a `symbol` column, `final_holdings`,
 * `rebalance_dates`, `n_rebalances`) plus the ranking and the orders of each
 * rebalance day and the turnover. Trades are the single-symbol engine's rows;
 * on a fill `reason` says why the order was placed (rotation, rank_exit,
 * stop_loss, take_profit, end), on a refused attempt why it did not fill.
 */
import {
  type BacktestConfig,
  isoDateTime,
  type Performance,
  buyHoldReturn,
  performanceOf,
  tallyFills,
  TradeTally,
  equityRows,
  jsonNumber,
  performanceJson,
  tradeRows,
  type EquityRow,
  type JsonNumber,
  type PerformanceJson,
  type TradeRow,
} from "../backtest/index.ts";
import type { RotationMember, RotationRun } from "./rotation.ts";

export type RotationTrade = TradeRow & { readonly symbol: string };

export interface RotationResult {
  readonly performance: PerformanceJson;
  readonly equity_curve: EquityRow[];
  readonly trades: RotationTrade[];
  readonly final_holdings: Record<string, { shares: number; cost: JsonNumber }>;
  readonly rebalance_dates: string[];
  readonly n_rebalances: number;
  readonly rebalances: {
    datetime: string;
    ranked: { symbol: string; score: JsonNumber }[];
    sold: string[];
    bought: string[];
    holdings: string[];
  }[];
  /** Value of all fills / (2 × mean equity): how many times the book was turned over. */
  readonly turnover: JsonNumber;
  readonly max_holdings: number;
}

export function rotationPerformance(run: RotationRun, members: readonly RotationMember[], config: BacktestConfig): Performance {
  let buyHold = 0;
  for (const m of members) buyHold += buyHoldReturn(m.bars.close, config.warmup_bars) / members.length;
  return performanceOf(run, tallyFills(run.fills, run.time, -1, new TradeTally()), {
    initialCash: config.cash,
    annualDays: config.annual_days,
    riskFreeRate: config.risk_free_rate,
    buyHold,
    openTrades: run.books.filter((b) => b.shares !== 0).length,
    rejected: run.refusals.count,
  });
}

/** Trades of every member, in time order; on one bar sells before buys. */
function rotationTrades(run: RotationRun, members: readonly RotationMember[]): RotationTrade[] {
  const reasons: string[][] = members.map(() => []);
  for (let i = 0; i < run.fills.count; i++) reasons[run.fills.leg[i]!]!.push(run.fillReasons[i]!);
  const rows = members.flatMap((m, s) => {
    let next = 0;
    return tradeRows(run.time, run.fills, run.refusals, s).map((t) => ({ symbol: m.key, ...t, ...(t.rejected ? {} : { reason: reasons[s]![next++]! }) }));
  });
  const order = (t: RotationTrade) => (t.direction === "SELL" ? 0 : 1);
  return rows.sort((a, b) => (a.datetime < b.datetime ? -1 : a.datetime > b.datetime ? 1 : order(a) - order(b)));
}

export function rotationResult(run: RotationRun, members: readonly RotationMember[], config: BacktestConfig): RotationResult {
  const key = (s: number) => members[s]!.key;
  let traded = 0;
  for (let i = 0; i < run.fills.count; i++) traded += run.fills.shares[i]! * run.fills.price[i]!;
  let sumEquity = 0;
  for (let k = 0; k < run.length; k++) sumEquity += run.equity[k]!;
  const dates = run.rebalances.map((r) => isoDateTime(run.time[r.step]!));
  return {
    performance: performanceJson(rotationPerformance(run, members, config)),
    equity_curve: equityRows(run),
    trades: rotationTrades(run, members),
    final_holdings: Object.fromEntries(run.books.flatMap((b, s) => (b.shares > 0 ? [[key(s), { shares: b.shares, cost: jsonNumber(b.avgPrice) }]] : []))),
    rebalance_dates: dates,
    n_rebalances: dates.length,
    rebalances: run.rebalances.map((r, i) => ({
      datetime: dates[i]!,
      ranked: r.ranked.map((x) => ({ symbol: key(x.member), score: jsonNumber(x.score) })),
      sold: r.sold.map(key),
      bought: r.bought.map(key),
      holdings: r.holdings.map(key),
    })),
    turnover: jsonNumber(traded / (2 * (sumEquity / run.length))),
    max_holdings: run.holdingCount.reduce((a, x) => Math.max(a, x), 0),
  };
}
