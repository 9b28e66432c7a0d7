/** Portfolio kernel (weights, shared cash, rebalancing) and the multi-strategy combination. */
import { test } from "node:test";
import assert from "node:assert/strict";
import { backtest, backtestMultiStrategy, backtestPortfolio, DEFAULT_PORTFOLIO_CONFIG, runPortfolio, type PortfolioConfig, type PortfolioLeg } from "../../../core/backtest/index.ts";
import { bars, days, signals, type BarSpec } from "./bars.ts";

// these cases exercise the shared-account kernel; independent legs are the multi-strategy engine (tested below and over HTTP)
const NO_FEES: Partial<PortfolioConfig> = { allocation: "shared", commission: 0, min_commission: 0, stamp_tax: 0, transfer_fee: 0, cash: 100_000 };
const d = days("2024-01-02", 8);

function leg(key: string, code: string, rows: readonly BarSpec[], entries: number[], exits: number[] = [], weight?: number): PortfolioLeg {
  return { key, bars: bars(rows), signals: signals(rows.length, entries, exits), security: { code }, ...(weight === undefined ? {} : { weight }) };
}

const flat = (price: number, n = 5): BarSpec[] => d.slice(0, n).map((day) => [day, price, price] as const);

const config = (extra: Partial<PortfolioConfig> = {}): PortfolioConfig => ({ ...DEFAULT_PORTFOLIO_CONFIG, ...NO_FEES, ...extra });

test("equal weights by default, given weights when set", () => {
  const equal = runPortfolio([leg("SH:600000", "600000", flat(10), [0]), leg("SZ:000001", "000001", flat(20), [0])], config());
  assert.deepEqual([equal.legs[0]!.shares[1], equal.legs[1]!.shares[1]], [5000, 2500]);
  assert.equal(equal.cash[1], 0);

  const weighted = runPortfolio([leg("SH:600000", "600000", flat(10), [0], [], 0.3), leg("SZ:000001", "000001", flat(20), [0], [], 0.5)], config());
  assert.deepEqual([weighted.legs[0]!.shares[1], weighted.legs[1]!.shares[1]], [3000, 2500]);
  assert.equal(weighted.cash[4], 20_000);
  assert.throws(() => runPortfolio([leg("a", "600000", flat(10), [0], [], 0.7), leg("b", "000001", flat(20), [0], [], 0.7)], config()), RangeError);
  assert.throws(() => runPortfolio([leg("a", "600000", flat(10), [0], [], 0.5), leg("b", "000001", flat(20), [0])], config()), RangeError);
});

test("cash is shared: a later entry gets weight × equity, capped by the cash left", () => {
  const a: BarSpec[] = [
    [d[0]!, 10, 10],
    [d[1]!, 10, 10.5],
    [d[2]!, 10.5, 11],
    [d[3]!, 11, 11],
    [d[4]!, 11, 11],
  ];
  const run = runPortfolio([leg("A", "600000", a, [0], [], 0.6), leg("B", "000001", flat(20), [2], [], 0.4)], config());
  assert.equal(run.legs[0]!.shares[1], 6000); // 60,000 / 10
  // Equity at bar 2's close: 40,000 + 6,000 × 11 = 106,000; 0.4 of it is 42,400 but only 40,000 is left.
  assert.equal(run.legs[1]!.shares[3], 2000);
  assert.equal(run.cash[3], 0);
});

test("on one step sells are worked before buys, whatever the leg order", () => {
  const a: BarSpec[] = [
    [d[0]!, 10, 10],
    [d[1]!, 10, 10],
    [d[2]!, 10, 11],
    [d[3]!, 11, 11],
    [d[4]!, 11, 11],
  ];
  const run = runPortfolio([leg("B", "000001", flat(20), [2], [], 0.5), leg("A", "600000", a, [0], [2], 0.5)], config());
  const onStep3 = Array.from({ length: run.fills.count }, (_, i) => i).filter((i) => run.fills.bar[i] === 3);
  assert.deepEqual(
    onStep3.map((i) => [run.fills.leg[i], run.fills.side[i]]),
    [
      [1, -1],
      [0, 1],
    ],
  );
  // B buys 0.5 × 105,000 = 52,500 → 2,600 shares at 20 (lots of 100).
  assert.equal(run.legs[0]!.shares[3], 2600);
  assert.equal(run.cash[3], 105_000 - 52_000);
});

test("periodic rebalancing brings held positions back to their weights", () => {
  const a: BarSpec[] = [
    [d[0]!, 10, 10],
    [d[1]!, 10, 15],
    [d[2]!, 15, 20],
    [d[3]!, 20, 20],
    [d[4]!, 20, 20],
  ];
  const legs = [leg("A", "600000", a, [0]), leg("B", "000001", flat(20), [0])];
  const none = runPortfolio(legs, config());
  assert.deepEqual([none.legs[0]!.shares[4], none.legs[1]!.shares[4]], [5000, 2500]);
  // After step 2 (equity 150,000): A holds 100,000 (target 75,000) → sell 1,250 → 1,200 in lots;
  // B holds 50,000 → buy 25,000 worth, capped by the 24,000 just freed → 1,200 shares.
  const re = runPortfolio(legs, config({ rebalance: "periodic", rebalance_every: 3 }));
  assert.deepEqual([re.legs[0]!.shares[2], re.legs[1]!.shares[2]], [5000, 2500]);
  assert.deepEqual([re.legs[0]!.shares[3], re.legs[1]!.shares[3]], [3800, 3700]);
  assert.equal(re.cash[3], 0);
  assert.equal(re.equity[4], 150_000);
});

test("portfolio fills obey the same refusals: entry at the up-limit dropped, exit at the down-limit retried", () => {
  const up: BarSpec[] = [
    [d[0]!, 10, 10],
    [d[1]!, 11, 11],
    [d[2]!, 11, 11],
    [d[3]!, 11, 11],
  ];
  const down: BarSpec[] = [
    [d[0]!, 20, 20],
    [d[1]!, 20, 20],
    [d[2]!, 18, 18],
    [d[3]!, 17.5, 17.5],
  ];
  const r = backtestPortfolio([leg("A", "600000", up, [0]), leg("B", "000001", down, [0], [1])], NO_FEES);
  const a = r.individual_results.A!.trades;
  assert.deepEqual(
    a.map((t) => [t.rejected, t.reason]),
    [[true, "limit_up"]],
  );
  const b = r.individual_results.B!.trades;
  assert.deepEqual(
    b.map((t) => [t.datetime.slice(0, 10), t.direction, t.reason]),
    [
      [d[1], "BUY", null],
      [d[2], "SELL", "limit_down"],
      [d[3], "SELL", null],
    ],
  );
  assert.equal(r.total_performance.rejected_trades, 2);
});

test("a symbol's signal fills on its own next bar when it has no bar on the next step", () => {
  const gappy: BarSpec[] = [
    [d[0]!, 20, 20],
    [d[1]!, 20, 20],
    [d[3]!, 21, 21],
    [d[4]!, 21, 21],
  ];
  const r = backtestPortfolio([leg("A", "600000", flat(10), []), leg("B", "000001", gappy, [1])], NO_FEES);
  const buy = r.individual_results.B!.trades[0]!;
  assert.equal(buy.datetime, `${d[3]}T00:00:00`);
  assert.equal(buy.price, 21);
  assert.equal(r.combined_equity.length, 5);
});

test("sleeves add up to the account and the result has easy_tdx's portfolio shape", () => {
  const a: BarSpec[] = [
    [d[0]!, 10, 10],
    [d[1]!, 10, 10.4],
    [d[2]!, 10.4, 10.9],
    [d[3]!, 10.9, 10.2],
    [d[4]!, 10.2, 10.6],
  ];
  const b: BarSpec[] = [
    [d[0]!, 20, 20],
    [d[1]!, 20, 19],
    [d[2]!, 19, 19.5],
    [d[3]!, 19.5, 20.5],
    [d[4]!, 20.5, 21],
  ];
  const legs = [leg("SH:600000", "600000", a, [0], [2], 0.4), leg("SZ:000001", "000001", b, [1], [], 0.4)];
  const cfg = config({ commission: 0.0003, min_commission: 5, stamp_tax: "auto", transfer_fee: "auto" });
  const run = runPortfolio(legs, cfg);
  for (let k = 0; k < run.length; k++) {
    const sleeves = run.legs.reduce((s, l) => s + l.equity[k]!, 0) + 0.2 * cfg.cash;
    assert.ok(Math.abs(sleeves - run.equity[k]!) < 1e-6, `step ${k}: ${sleeves} vs ${run.equity[k]}`);
  }
  const r = backtestPortfolio(legs, cfg);
  assert.deepEqual(Object.keys(r).sort(), ["combined_equity", "config", "equity_allocation", "individual_results", "total_performance"]);
  assert.deepEqual(r.equity_allocation, { "SH:600000": 0.4, "SZ:000001": 0.4 });
  assert.equal(r.total_performance.total_stocks, 2);
  assert.equal(r.total_performance.total_cash, 100_000);
  assert.equal(r.total_performance.total_trades, 1);
  assert.equal(r.total_performance.open_trades, 1);
  const sleeve = r.individual_results["SH:600000"]!;
  assert.deepEqual(Object.keys(sleeve).sort(), ["config", "equity_curve", "performance", "positions", "trades"]);
  assert.equal(sleeve.performance.start_cash, 40_000);
  assert.ok(Math.abs(sleeve.performance.end_value! - 40_000 - sleeve.trades[1]!.pnl!) < 1e-9, "Math.abs(sleeve.performance.end_value! - 40_000 - sleeve.trades[1]!.pnl!) < 1e-9");
  assert.equal(r.combined_equity[4]!.total, run.equity[4]);
});

test("multi-strategy: 1/N of the cash each, combined over the union of dates", () => {
  const x: BarSpec[] = d.slice(0, 5).map((day, i) => [day, 10 + i * 0.2, 10 + i * 0.2] as const);
  const y: BarSpec[] = d.slice(2, 8).map((day, i) => [day, 20 - i * 0.5, 20 - i * 0.5] as const);
  const slots = [
    { key: "均线@SH:600000", bars: bars(x), signals: signals(x.length, [0], [3]), security: { code: "600000" } },
    { key: "反转@SZ:000001", bars: bars(y), signals: signals(y.length, [0]), security: { code: "000001" } },
  ];
  const r = backtestMultiStrategy(slots, NO_FEES);
  const alone = slots.map((s) => backtest(s.bars, s.signals, { ...NO_FEES, cash: 50_000 }, s.security));
  assert.deepEqual(Object.keys(r).sort(), ["combined_equity", "config", "equity_allocation", "individual_results", "total_performance"]);
  assert.deepEqual(r.equity_allocation, { "均线@SH:600000": 0.5, "反转@SZ:000001": 0.5 });
  assert.deepEqual(r.individual_results["均线@SH:600000"], alone[0]);
  assert.equal(r.combined_equity.length, 8);
  // Before Y starts it counts at its 50,000; after X ends, X's last equity carries on.
  assert.equal(r.combined_equity[0]!.total, alone[0]!.equity_curve[0]!.total! + 50_000);
  assert.equal(r.combined_equity[7]!.total, alone[0]!.performance.end_value! + alone[1]!.performance.end_value!);
  assert.equal(r.total_performance.end_value, alone[0]!.performance.end_value! + alone[1]!.performance.end_value!);
  assert.equal(r.total_performance.total_trades, 1);
  assert.equal(r.total_performance.open_trades, 1);
  assert.equal(r.total_performance.total_stocks, 2);
  const bh = (alone[0]!.performance.buy_hold_return! + alone[1]!.performance.buy_hold_return!) / 2;
  assert.ok(Math.abs(r.total_performance.buy_hold_return! - bh) < 1e-12, "Math.abs(r.total_performance.buy_hold_return! - bh) < 1e-12");
});

test("independent allocation (easy_tdx's portfolio engine): each leg alone with its share of the cash, idle cash kept", () => {
  const a: BarSpec[] = [
    [d[0]!, 10, 10],
    [d[1]!, 10, 10.4],
    [d[2]!, 10.4, 10.9],
    [d[3]!, 10.9, 10.2],
    [d[4]!, 10.2, 10.6],
  ];
  const b: BarSpec[] = [
    [d[0]!, 20, 20],
    [d[1]!, 20, 19],
    [d[2]!, 19, 19.5],
    [d[3]!, 19.5, 20.5],
    [d[4]!, 20.5, 21],
  ];
  const legs = [leg("SH600000", "600000", a, [0], [2], 0.5), leg("SZ000001", "000001", b, [1], [], 0.3)];
  const cfg = { ...NO_FEES, allocation: "independent" as const };
  const r = backtestPortfolio(legs, cfg);
  const alone = legs.map((l, i) => backtest(l.bars, l.signals, { ...cfg, cash: [50_000, 30_000][i]! }, l.security));
  // the leg's config also lists the portfolio's settings; everything else is the single run's
  const tables = (x: object) => ({ ...x, config: undefined });
  assert.deepEqual(tables(r.individual_results.SH600000!), tables(alone[0]!));
  assert.deepEqual(tables(r.individual_results.SZ000001!), tables(alone[1]!));
  assert.equal(r.individual_results.SZ000001!.config.cash, 30_000);
  assert.deepEqual(r.equity_allocation, { SH600000: 0.5, SZ000001: 0.3 });
  assert.equal(r.total_performance.end_value, alone[0]!.performance.end_value! + alone[1]!.performance.end_value! + 20_000);
});

test("shared account, worked by hand: each sleeve's own refusals, trades, open position, capital and buy-and-hold; the total's weighted buy-and-hold", () => {
  // A (weight 0.25): its entry fills on bar 1 at the up-limit open 11 (+10 %): refused, dropped.
  const a: BarSpec[] = [[d[0]!, 10, 10], ...d.slice(1, 5).map((day) => [day, 11, 11] as const)];
  // B (0.5): bought on bar 1 at 20 (2,500 shares for 50,000); the exit is refused at the down-limit opens
  // 18 (−10 % of 20) and 16.2 (−10 % of 18), then fills at 16: one trade, −10,000.
  const b: BarSpec[] = [
    [d[0]!, 20, 20],
    [d[1]!, 20, 20],
    [d[2]!, 18, 18],
    [d[3]!, 16.2, 16.2],
    [d[4]!, 16, 16],
  ];
  // C (0.25, ChiNext): bought on bar 1 at 10 (2,500 shares for 25,000), held to the end.
  const legs = [leg("A", "600000", a, [0], [], 0.25), leg("B", "000001", b, [0], [1], 0.5), leg("C", "300750", flat(10), [0], [], 0.25)];
  const r = backtestPortfolio(legs, NO_FEES);
  const sleeve = (k: string) => r.individual_results[k]!;
  const perf = (k: string) => {
    const p = sleeve(k).performance;
    return [p.rejected_trades, p.total_trades, p.open_trades, p.start_cash];
  };
  assert.deepEqual(perf("A"), [1, 0, 0, 25_000], "A: one refusal, no trade, nothing held, a quarter of the cash");
  assert.deepEqual(perf("B"), [2, 1, 0, 50_000], "B: two refusals, one trade, flat at the end, half of the cash");
  assert.deepEqual(perf("C"), [0, 0, 1, 25_000], "C: held at the end");
  assert.deepEqual([r.total_performance.rejected_trades, r.total_performance.total_trades, r.total_performance.open_trades], [3, 1, 1], "the account: every refusal, trade and open position");
  // buy-and-hold of each symbol: last close over first − 1; the account's is the weighted sum
  const bh = (k: string) => sleeve(k).performance.buy_hold_return!;
  assert.ok(Math.abs(bh("A") - 0.1) < 1e-12 && Math.abs(bh("B") + 0.2) < 1e-12 && bh("C") === 0, `sleeves' buy-and-hold ${bh("A")}, ${bh("B")}, ${bh("C")}`);
  assert.ok(Math.abs(r.total_performance.buy_hold_return! - (0.25 * 0.1 + 0.5 * -0.2)) < 1e-12, `account's buy-and-hold ${r.total_performance.buy_hold_return}`);
  assert.ok(Math.abs(sleeve("B").trades[3]!.pnl! + 10_000) < 1e-9 && Math.abs(sleeve("B").performance.end_value! - 40_000) < 1e-9, "B lost 2,500 × 4");
  assert.deepEqual(
    (["A", "B", "C"] as const).map((k) => sleeve(k).trades.map((t) => [t.datetime.slice(0, 10), t.direction, t.reason])),
    [
      [[d[1], "BUY", "limit_up"]],
      [
        [d[1], "BUY", null],
        [d[2], "SELL", "limit_down"],
        [d[3], "SELL", "limit_down"],
        [d[4], "SELL", null],
      ],
      [[d[1], "BUY", null]],
    ],
    "each sleeve's own rows",
  );
  assert.deepEqual(
    sleeve("C").positions.map((p) => [p.size, p.avg_price, p.market_value]),
    [[0, 0, 0], ...Array.from({ length: 4 }, () => [2500, 10, 25_000])],
    "C's positions",
  );
  assert.deepEqual(
    sleeve("B").positions.map((p) => p.size),
    [0, 2500, 2500, 2500, 0],
    "B's positions",
  );
  assert.deepEqual(sleeve("C").config.security, { code: "300750", exchange: "SZ", board: "chinext", st: false }, "C's config carries its own security rules");
  assert.equal(sleeve("C").config.cash, 100_000, "and the portfolio's settings");
});

test("a shared account whose symbols have no bars: no step, nothing open, in total or in a sleeve", () => {
  const r = backtestPortfolio([leg("A", "600000", [], []), leg("B", "000001", [], [])], NO_FEES);
  assert.equal(r.combined_equity.length, 0, "no step");
  assert.equal(r.total_performance.open_trades, 0, "nothing open in the account");
  assert.deepEqual(
    ["A", "B"].map((k) => r.individual_results[k]!.performance.open_trades),
    [0, 0],
    "nor in a sleeve",
  );
});
