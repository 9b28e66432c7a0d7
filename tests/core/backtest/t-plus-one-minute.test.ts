/**
 * T+1 on 5-minute bars outside the single-symbol engine: shares bought on a
 * trading day may not be sold until the next one (SSE/SZSE trading rules,
 * 当日买入的股票当日不得卖出), in the portfolio kernel, the multi-strategy
 * combination, rotation and a walk-forward window. Every case is laid out so that
 * a sell is attempted on the buying day and expected by hand to wait for the next
 * morning; switching the rule off must change the trades.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { backtest, backtestMultiStrategy, DEFAULT_CONFIG, DEFAULT_PORTFOLIO_CONFIG, REFUSAL_NAMES, runPortfolio, type PortfolioConfig } from "../../../core/backtest/index.ts";
import { PositionBook } from "../../../core/backtest/position-book.ts";
import { runRotation } from "../../../core/research/rotation.ts";
import { isolatedSpan } from "../../../core/research/walk-forward.ts";
import { bars, signals, type BarSpec } from "./bars.ts";

const NO_FEES = { commission: 0, min_commission: 0, stamp_tax: 0, transfer_fee: 0 } as const;
const portfolioConfig = (extra: Partial<PortfolioConfig> = {}): PortfolioConfig => ({ ...DEFAULT_PORTFOLIO_CONFIG, ...NO_FEES, cash: 100_000, ...extra });

/** Fills of a kernel log as `[step, leg, side, shares]`. */
function fillRows(log: { count: number; bar: ArrayLike<number>; leg: ArrayLike<number>; side: ArrayLike<number>; shares: ArrayLike<number> }) {
  return Array.from({ length: log.count }, (_, i) => [log.bar[i], log.leg[i], log.side[i], log.shares[i]]);
}
/** Refusals of a kernel log as `[step, leg, side, reason name]`. */
function refusalRows(log: { count: number; bar: ArrayLike<number>; leg: ArrayLike<number>; side: ArrayLike<number>; reason: ArrayLike<number> }) {
  return Array.from({ length: log.count }, (_, i) => [log.bar[i], log.leg[i], log.side[i], REFUSAL_NAMES[log.reason[i]!]]);
}

test("position book: every buy of the day stays locked, not only the last one", () => {
  const book = new PositionBook();
  book.apply(1, 300, 10, 0, 0, 7);
  book.apply(1, 200, 10, 0, 1, 7);
  assert.equal(book.sellable(7, true), 0, "both buys of day 7 are locked on day 7");
  assert.equal(book.sellable(7, false), 500, "without T+1 everything is sellable");
  assert.equal(book.sellable(8, true), 500, "the next day everything is sellable");
  book.apply(1, 100, 10, 0, 2, 8);
  assert.equal(book.sellable(8, true), 500, "a buy of day 8 locks only its own 100 shares");
});

test("portfolio on 5-minute bars: an exit on the buying day waits for the next morning", () => {
  const a: BarSpec[] = [
    ["2024-01-02 09:35", 10, 10],
    ["2024-01-02 09:40", 10, 10],
    ["2024-01-02 09:45", 10.1, 10.1],
    ["2024-01-03 09:35", 10.3, 10.3],
    ["2024-01-03 09:40", 10.3, 10.3],
  ];
  const leg = { key: "A", bars: bars(a), signals: signals(a.length, [0], [1]), security: { code: "600000" } };
  const run = runPortfolio([leg], portfolioConfig());
  assert.deepEqual(fillRows(run.fills), [
    [1, 0, 1, 10_000],
    [3, 0, -1, 10_000],
  ]);
  assert.deepEqual(refusalRows(run.refusals), [[2, 0, -1, "t_plus_one"]]);
  assert.equal(run.equity[4], 103_000, "sold at the next morning's 10.3");

  const free = runPortfolio([leg], portfolioConfig({ t_plus_one: false }));
  assert.deepEqual(fillRows(free.fills), [
    [1, 0, 1, 10_000],
    [2, 0, -1, 10_000],
  ]);
  assert.equal(free.equity[4], 101_000, "without T+1 the exit fills the same day at 10.1");
});

test("portfolio on 5-minute bars: a rebalancing top-up joins the morning's buy in the lock", () => {
  // A and B are bought at 09:40 (4,000 shares each, 20,000 left). B closes at 9, so the
  // rebalance after step 1 tops B up at 09:45 by 0.4 × 96,000 − 4,000 × 9 = 2,400 → 200 shares.
  // B's exit signal at 09:45 orders a sell at 09:50: all 4,200 shares were bought today.
  const a: BarSpec[] = [
    ["2024-01-02 09:35", 10, 10],
    ["2024-01-02 09:40", 10, 10],
    ["2024-01-02 09:45", 10, 10],
    ["2024-01-02 09:50", 10, 10],
    ["2024-01-03 09:35", 10, 10],
  ];
  const b: BarSpec[] = [
    ["2024-01-02 09:35", 10, 10],
    ["2024-01-02 09:40", 10, 9],
    ["2024-01-02 09:45", 9, 9],
    ["2024-01-02 09:50", 9, 9],
    ["2024-01-03 09:35", 9, 9],
  ];
  const legs = [
    { key: "A", bars: bars(a), signals: signals(a.length, [0]), security: { code: "600000" }, weight: 0.4 },
    { key: "B", bars: bars(b), signals: signals(b.length, [0], [2]), security: { code: "000001" }, weight: 0.4 },
  ];
  const run = runPortfolio(legs, portfolioConfig({ rebalance: "periodic", rebalance_every: 2 }));
  assert.deepEqual(fillRows(run.fills), [
    [1, 0, 1, 4000],
    [1, 1, 1, 4000],
    [2, 1, 1, 200],
    [4, 0, -1, 100], // A's own rebalancing excess the next morning: 4,000 − 0.4 × 96,000 / 10 = 160 → one lot
    [4, 1, -1, 4200],
  ]);
  assert.deepEqual(
    refusalRows(run.refusals).filter((r) => r[1] === 1),
    [[3, 1, -1, "t_plus_one"]],
  );
  assert.deepEqual([...run.legs[1]!.shares], [0, 4000, 4200, 4200, 0]);
});

test("multi-strategy on 5-minute bars: each slot keeps T+1", () => {
  const x: BarSpec[] = [
    ["2024-01-02 09:35", 10, 10],
    ["2024-01-02 09:40", 10, 10],
    ["2024-01-02 09:45", 10.2, 10.2],
    ["2024-01-03 09:35", 10.4, 10.4],
  ];
  const slots = [{ key: "均线@SH:600000", bars: bars(x), signals: signals(x.length, [0], [1]), security: { code: "600000" } }];
  const r = backtestMultiStrategy(slots, { ...NO_FEES, cash: 100_000 });
  const trades = r.individual_results["均线@SH:600000"]!.trades.map((t) => [t.datetime, t.direction, t.rejected, t.reason]);
  assert.deepEqual(trades, [
    ["2024-01-02T09:40:00", "BUY", false, null],
    ["2024-01-02T09:45:00", "SELL", true, "t_plus_one"],
    ["2024-01-03T09:35:00", "SELL", false, null],
  ]);
  // 100,000 buys 10,000 shares at 10 and sells them at 10.4 the next morning.
  assert.equal(r.total_performance.end_value, 104_000);
});

test("rotation on 5-minute bars: a stop-loss hit on the buying day sells the next morning", () => {
  // Bought at 09:40's open (10); 09:40 closes at 9.4 ≤ 10 × 0.95, so a sell is queued for 09:45.
  const rows: BarSpec[] = [
    ["2024-01-02 09:35", 10, 10],
    ["2024-01-02 09:40", 10, 9.4],
    ["2024-01-02 09:45", 9.4, 9.4],
    ["2024-01-03 09:35", 9.6, 9.6],
    ["2024-01-03 09:40", 9.6, 9.6],
  ];
  const member = { key: "A", bars: bars(rows), security: { code: "600000", market: "SH" as const }, score: new Float64Array(rows.length).fill(1) };
  const options = { slots: 1, keepRank: 1, refresh: "weekly" as const, takeProfit: null, stopLoss: 0.05 };
  const run = runRotation([member], { ...DEFAULT_CONFIG, ...NO_FEES, cash: 100_000 }, options);
  assert.deepEqual(fillRows(run.fills), [
    [1, 0, 1, 10_000],
    [3, 0, -1, 10_000],
  ]);
  assert.deepEqual(run.fillReasons, ["rotation", "stop_loss"]);
  assert.deepEqual(refusalRows(run.refusals), [[2, 0, -1, "t_plus_one"]]);

  const free = runRotation([member], { ...DEFAULT_CONFIG, ...NO_FEES, cash: 100_000, t_plus_one: false }, options);
  assert.deepEqual(fillRows(free.fills), [
    [1, 0, 1, 10_000],
    [2, 0, -1, 10_000],
  ]);
});

test("walk-forward window on 5-minute bars: the close-out of a position bought that day waits", () => {
  // The window is bars 3..5 (one day); an entry on its first bar buys at 09:45, and the
  // close-out ordered after the second-to-last bar cannot sell on the same day.
  const rows: BarSpec[] = [
    ["2024-01-02 09:35", 10, 10],
    ["2024-01-02 09:40", 10, 10],
    ["2024-01-02 09:45", 10, 10],
    ["2024-01-03 09:35", 10, 10],
    ["2024-01-03 09:40", 10.1, 10.1],
    ["2024-01-03 09:45", 10.2, 10.2],
  ];
  const span = isolatedSpan(bars(rows), { start: 3, end: 6 }, 3, { ...DEFAULT_CONFIG, ...NO_FEES, cash: 10_000 });
  const sig = signals(rows.length, [3]);
  const r = backtest(span.bars, sig, span.config, { code: "600000" });
  assert.deepEqual(
    r.trades.map((t) => [t.datetime, t.direction, t.rejected, t.reason]),
    [
      ["2024-01-03T09:40:00", "BUY", false, null],
      ["2024-01-03T09:45:00", "SELL", true, "t_plus_one"],
    ],
  );
  const free = backtest(span.bars, sig, { ...span.config, t_plus_one: false }, { code: "600000" });
  assert.deepEqual(
    free.trades.map((t) => [t.datetime, t.direction, t.rejected]),
    [
      ["2024-01-03T09:40:00", "BUY", false],
      ["2024-01-03T09:45:00", "SELL", false],
    ],
  );
});

test("portfolio on 5-minute bars: an exit on a top-up day sells the earlier shares and the top-up the next morning", () => {
  // Weight 0.5 of 100,000, no fees: 5,000 shares at 10 on 01-02 09:40. Step 2 closes at 9.5, equity
  // 97,500; the rebalance after it tops up at step 3 (01-03 09:40, open 9.5) by 48,750 − 47,500 = 1,250
  // → 131 shares → one lot of 100, locked for 01-03. The exit signal at step 3 sells at step 4 (01-03):
  // 5,000 of the 5,100 held may go that day; the 100 bought that morning go on 01-04.
  const rows: BarSpec[] = [
    ["2024-01-02 09:35", 10, 10],
    ["2024-01-02 09:40", 10, 10],
    ["2024-01-03 09:35", 10, 9.5],
    ["2024-01-03 09:40", 9.5, 9.5],
    ["2024-01-03 09:45", 9.5, 9.5],
    ["2024-01-04 09:35", 9.5, 9.5],
  ];
  const leg = { key: "A", bars: bars(rows), signals: signals(rows.length, [0], [3]), security: { code: "600000" }, weight: 0.5 };
  const run = runPortfolio([leg], portfolioConfig({ rebalance: "periodic", rebalance_every: 3 }));
  assert.deepEqual(fillRows(run.fills), [
    [1, 0, 1, 5000],
    [3, 0, 1, 100],
    [4, 0, -1, 5000],
    [5, 0, -1, 100],
  ]);
  assert.deepEqual([...run.legs[0]!.shares], [0, 5000, 5000, 5100, 100, 0]);

  const free = runPortfolio([leg], portfolioConfig({ rebalance: "periodic", rebalance_every: 3, t_plus_one: false }));
  assert.deepEqual(fillRows(free.fills).at(-1), [4, 0, -1, 5100], "without T+1 the whole position goes on 01-03");
});
