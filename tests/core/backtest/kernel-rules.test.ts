/**
 * The single-symbol engine against trades computed by hand, one A-share rule per
 * case: fill timing, T+1, lots, minimum commission, stamp duty by date, price
 * limits, suspension, slippage, sizing, and the run-level switches.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { backtest, DEFAULT_CONFIG, KernelWorkspace, planBacktest, runKernel, type BacktestConfig, type BacktestResult } from "../../../core/backtest/index.ts";
import { bars, days, signals, type BarSpec } from "./bars.ts";

const NO_FEES: Partial<BacktestConfig> = { commission: 0, min_commission: 0, stamp_tax: 0, transfer_fee: 0 };

function run(rows: readonly BarSpec[], entries: readonly number[], exits: readonly number[], config: Partial<BacktestConfig>, code = "600000", st = false): BacktestResult {
  return backtest(bars(rows), signals(rows.length, entries, exits), { cash: 10_000, ...config }, { code, st });
}

const fills = (r: BacktestResult) => r.trades.filter((t) => !t.rejected);
const refused = (r: BacktestResult) => r.trades.filter((t) => t.rejected);
const close = (a: number | null, b: number, eps = 1e-9) => assert.ok(a !== null && Math.abs(a - b) <= eps, `${a} ≉ ${b}`);

const d = days("2024-01-02", 8);

test("a signal on bar t fills at bar t+1's open", () => {
  const r = run(
    [
      [d[0]!, 10, 10],
      [d[1]!, 10, 10],
      [d[2]!, 10.5, 11],
      [d[3]!, 11, 11],
      [d[4]!, 12, 12],
    ],
    [1],
    [3],
    NO_FEES,
  );
  const [buy, sell] = fills(r);
  assert.equal(buy!.datetime, `${d[2]}T00:00:00`);
  assert.equal(buy!.direction, "BUY");
  assert.equal(buy!.price, 10.5);
  assert.equal(buy!.size, 900); // 10,000 / 10.5 = 952 → 900 in lots of 100
  assert.equal(sell!.datetime, `${d[4]}T00:00:00`);
  assert.equal(sell!.price, 12);
  close(sell!.pnl, 900 * 1.5);
  assert.equal(sell!.entry_datetime, `${d[2]}T00:00:00`);
  assert.equal(sell!.entry_price, 10.5);
  assert.equal(sell!.holding_days, 2);
  assert.equal(sell!.holding_bars, 2);
  assert.deepEqual(
    r.equity_curve.map((e) => e.total),
    [10_000, 10_000, 550 + 900 * 11, 550 + 900 * 11, 11_350],
  );
  assert.deepEqual(
    r.positions.map((p) => p.size),
    [0, 0, 900, 900, 0],
  );
  assert.equal(r.positions[2]!.avg_price, 10.5);
  close(r.positions[2]!.unrealized_pnl, 900 * 0.5);
  assert.equal(r.performance.total_trades, 1);
  assert.equal(r.performance.end_value, 11_350);
});

test("execution next_close fills at bar t+1's close", () => {
  const r = run(
    [
      [d[0]!, 10, 10],
      [d[1]!, 10, 10],
      [d[2]!, 10.5, 10.8],
      [d[3]!, 11, 11.5],
      [d[4]!, 12, 12.5],
    ],
    [1],
    [3],
    { ...NO_FEES, execution: "next_close" },
  );
  const [buy, sell] = fills(r);
  assert.equal(buy!.price, 10.8);
  assert.equal(buy!.size, 900);
  assert.equal(sell!.price, 12.5);
  assert.equal(r.performance.end_value, 10_000 - 900 * 10.8 + 900 * 12.5);
});

test("T+1: shares bought today are sold on the next trading day", () => {
  const rows: BarSpec[] = [
    ["2024-01-02 09:35", 10, 10],
    ["2024-01-02 09:40", 10, 10],
    ["2024-01-02 09:45", 10.2, 10.2],
    ["2024-01-03 09:35", 10.4, 10.4],
    ["2024-01-03 09:40", 10.4, 10.4],
  ];
  const r = run(rows, [0], [1], NO_FEES);
  const [block] = refused(r);
  assert.equal(block!.datetime, "2024-01-02T09:45:00");
  assert.equal(block!.reason, "t_plus_one");
  assert.equal(block!.direction, "SELL");
  assert.equal(block!.size, 1000);
  const [, sell] = fills(r);
  assert.equal(sell!.datetime, "2024-01-03T09:35:00");
  assert.equal(sell!.price, 10.4);
  assert.equal(r.performance.rejected_trades, 1);
  assert.equal(r.performance.end_value, 10_400);

  const free = run(rows, [0], [1], { ...NO_FEES, t_plus_one: false });
  assert.equal(fills(free)[1]!.datetime, "2024-01-02T09:45:00");
  assert.equal(free.performance.end_value, 10_200);
});

test("board lots: 100 on the main board, STAR 200 then 1, Beijing 100 then 1, off = whole shares", () => {
  const rows: BarSpec[] = [
    [d[0]!, 33, 33],
    [d[1]!, 33, 33],
    [d[2]!, 33, 33],
  ];
  const size = (code: string, config: Partial<BacktestConfig> = {}) => fills(run(rows, [0], [], { ...NO_FEES, ...config }, code))[0]?.size;
  assert.equal(size("600000"), 300);
  assert.equal(size("300750"), 300);
  assert.equal(size("688001"), 303);
  assert.equal(size("830799"), 303);
  assert.equal(size("600000", { board_lot: false }), 303);
  const small = run(rows, [0], [], { ...NO_FEES, cash: 6_000 }, "688001"); // 181 shares < 200
  assert.equal(fills(small).length, 0);
  assert.equal(refused(small)[0]!.reason, "cash");
});

test("commission has a 5 CNY minimum, and sizing leaves room for it", () => {
  const rows: BarSpec[] = [
    [d[0]!, 10, 10],
    [d[1]!, 10, 10],
    [d[2]!, 10, 10],
  ];
  const costs = { commission: 0.0003, min_commission: 5, stamp_tax: 0, transfer_fee: 0 } as const;
  const small = fills(run(rows, [0], [], costs))[0]!;
  assert.equal(small.size, 900);
  assert.equal(small.commission, 5); // 9,000 × 0.03 % = 2.7 → 5
  const big = fills(run(rows, [0], [], { ...costs, cash: 1_000_000 }))[0]!;
  assert.equal(big.size, 99_900);
  close(big.commission, 299.7);
  // Whole shares: 10,005 buys 1,000 shares + 5 commission exactly; 10,004 only 999.
  assert.equal(fills(run(rows, [0], [], { ...costs, board_lot: false, cash: 10_005 }))[0]!.size, 1000);
  assert.equal(fills(run(rows, [0], [], { ...costs, board_lot: false, cash: 10_004 }))[0]!.size, 999);
});

test("stamp duty on sells follows the trade date: 0.1 % before 2023-08-28, 0.05 % from then", () => {
  const rows: BarSpec[] = [
    ["2023-08-22", 10, 10],
    ["2023-08-23", 10, 10],
    ["2023-08-24", 10, 10],
    ["2023-08-25", 10, 10],
    ["2023-08-28", 10, 10],
  ];
  const costs = { commission: 0, min_commission: 0, transfer_fee: 0, cash: 100_000 } as const;
  const before = fills(run(rows, [0], [2], costs));
  assert.equal(before[0]!.stamp_tax, 0);
  assert.equal(before[1]!.datetime, "2023-08-25T00:00:00");
  close(before[1]!.stamp_tax, 100);
  const after = fills(run(rows, [0], [3], costs));
  assert.equal(after[1]!.datetime, "2023-08-28T00:00:00");
  close(after[1]!.stamp_tax, 50);
  close(after[1]!.pnl, -50);
  // A flat rate overrides the schedule, on sells only.
  const flat = fills(run(rows, [0], [3], { ...costs, stamp_tax: 0.002 }));
  assert.equal(flat[0]!.stamp_tax, 0);
  close(flat[1]!.stamp_tax, 200);
});

test("before 2008-09-19 stamp duty was charged on buys too", () => {
  const rows: BarSpec[] = [
    ["2008-05-05", 10, 10],
    ["2008-05-06", 10, 10],
    ["2008-05-07", 10, 10],
  ];
  const buy = fills(run(rows, [0], [], { commission: 0, min_commission: 0, transfer_fee: 0, cash: 100_000 }))[0]!;
  assert.equal(buy.size, 9900); // 100,000 / 10.01 = 9,990 → 9,900
  close(buy.stamp_tax, 99);
});

test("a round trip with default A-share costs", () => {
  const rows: BarSpec[] = [
    ["2024-03-01", 10, 10],
    ["2024-03-04", 10, 10],
    ["2024-03-05", 10.5, 10.5],
    ["2024-03-06", 11, 11],
  ];
  const r = run(rows, [0], [2], { cash: 100_000, sizing: "fixed_amount", sizing_amount: 10_010 });
  const [buy, sell] = fills(r);
  assert.equal(buy!.size, 1000);
  close(buy!.brokerage, 5); // 3 CNY → minimum 5
  close(buy!.transfer_fee, 0.1); // 0.001 %
  close(buy!.commission, 5.1);
  close(sell!.brokerage, 5);
  close(sell!.stamp_tax, 5.5);
  close(sell!.transfer_fee, 0.11);
  close(sell!.commission, 10.61);
  close(sell!.pnl, 1000 - 5.1 - 10.61);
  close(sell!.cost_basis, 10_000);
  close(r.performance.end_value, 100_000 + 1000 - 5.1 - 10.61, 1e-6);
  close(r.performance.total_fees, 15.71, 1e-9);
});

test("no buy fill when the open is at the up-limit; the entry is dropped", () => {
  const rows = (open: number): BarSpec[] => [
    [d[0]!, 10, 10],
    [d[1]!, 10, 10],
    [d[2]!, open, open],
    [d[3]!, open, open],
  ];
  const r = run(rows(11), [1], [], NO_FEES);
  assert.equal(fills(r).length, 0);
  const [block] = refused(r);
  assert.equal(block!.reason, "limit_up");
  assert.equal(block!.direction, "BUY");
  assert.equal(block!.action, "open_long");
  assert.equal(r.performance.rejected_trades, 1);
  assert.equal(fills(run(rows(10.99), [1], [], NO_FEES)).length, 1);
});

test("limits by board and date: ST ±5 % (main board, before 2025-07-07), ChiNext ±20 % from 2020-08-24", () => {
  const at = (dates: readonly string[], open: number, code: string, st = false) =>
    fills(
      run(
        [
          [dates[0]!, 10, 10],
          [dates[1]!, 10, 10],
          [dates[2]!, open, open],
        ],
        [1],
        [],
        NO_FEES,
        code,
        st,
      ),
    ).length;
  const y2024 = ["2024-05-06", "2024-05-07", "2024-05-08"];
  assert.equal(at(y2024, 10.5, "600001", true), 0);
  assert.equal(at(y2024, 10.49, "600001", true), 1);
  assert.equal(at(["2025-07-03", "2025-07-04", "2025-07-07"], 10.5, "600001", true), 1);
  assert.equal(at(["2020-08-19", "2020-08-20", "2020-08-21"], 11, "300001"), 0);
  assert.equal(at(["2020-08-20", "2020-08-21", "2020-08-24"], 11, "300001"), 1);
  assert.equal(at(y2024, 11.99, "688001"), 1);
  assert.equal(at(y2024, 12, "688001"), 0);
  assert.equal(at(y2024, 13, "830799"), 0);
  assert.equal(at(y2024, 11, "600000"), 0);
  assert.equal(
    fills(
      run(
        [
          [d[0]!, 10, 10],
          [d[1]!, 10, 10],
          [d[2]!, 11, 11],
        ],
        [1],
        [],
        { ...NO_FEES, price_limit: false },
      ),
    ).length,
    1,
  );
});

test("no sell fill when the open is at the down-limit; the exit is retried", () => {
  const r = run(
    [
      [d[0]!, 10, 10],
      [d[1]!, 10, 10],
      [d[2]!, 9, 9],
      [d[3]!, 8.5, 8.5],
      [d[4]!, 8.5, 8.5],
    ],
    [0],
    [1],
    NO_FEES,
  );
  const [block] = refused(r);
  assert.equal(block!.datetime, `${d[2]}T00:00:00`);
  assert.equal(block!.reason, "limit_down");
  assert.equal(block!.action, "close_long");
  const [, sell] = fills(r);
  assert.equal(sell!.datetime, `${d[3]}T00:00:00`);
  assert.equal(sell!.price, 8.5);
  assert.equal(r.performance.end_value, 8_500);
});

test("suspended bars (volume 0): the entry is dropped, the exit is retried, the close still marks", () => {
  const entry = run(
    [
      [d[0]!, 10, 10],
      [d[1]!, 10, 10, 0],
      [d[2]!, 10, 10],
    ],
    [0],
    [],
    NO_FEES,
  );
  assert.equal(fills(entry).length, 0);
  assert.equal(refused(entry)[0]!.reason, "suspended");

  const exit = run(
    [
      [d[0]!, 10, 10],
      [d[1]!, 10, 10],
      [d[2]!, 10, 10.5, 0],
      [d[3]!, 11, 11],
      [d[4]!, 11, 11],
    ],
    [0],
    [1],
    NO_FEES,
  );
  assert.equal(refused(exit)[0]!.reason, "suspended");
  assert.equal(exit.equity_curve[2]!.total, 10_500);
  assert.equal(fills(exit)[1]!.datetime, `${d[3]}T00:00:00`);
  assert.equal(exit.performance.end_value, 11_000);
  // Unknown volume (NaN) is not a suspension.
  assert.equal(
    fills(
      run(
        [
          [d[0]!, 10, 10],
          [d[1]!, 10, 10, Number.NaN],
        ],
        [0],
        [],
        NO_FEES,
      ),
    ).length,
    1,
  );
});

test("slippage moves buys up and sells down by the rate", () => {
  const r = run(
    [
      [d[0]!, 10, 10],
      [d[1]!, 10, 10],
      [d[2]!, 12, 12],
    ],
    [0],
    [1],
    { ...NO_FEES, slippage: 0.01 },
  );
  const [buy, sell] = fills(r);
  close(buy!.price, 10.1);
  assert.equal(buy!.size, 900); // 10,000 / 10.1 = 990 → 900
  close(buy!.slippage, 90);
  close(sell!.price, 11.88);
  close(sell!.slippage, 108);
  close(sell!.pnl, 900 * (11.88 - 10.1), 1e-6);
});

test("sizing: all in, a fraction of equity, or a fixed amount capped by cash", () => {
  const rows: BarSpec[] = [
    [d[0]!, 10, 10],
    [d[1]!, 10, 10],
    [d[2]!, 10, 10],
  ];
  const size = (config: Partial<BacktestConfig>) => fills(run(rows, [0], [], { ...NO_FEES, cash: 100_000, ...config }))[0]!.size;
  assert.equal(size({}), 10_000);
  assert.equal(size({ sizing: "fixed_fraction", sizing_fraction: 0.5 }), 5_000);
  assert.equal(size({ sizing: "fixed_fraction", sizing_fraction: 0.123 }), 1_200);
  assert.equal(size({ sizing: "fixed_amount", sizing_amount: 30_000 }), 3_000);
  assert.equal(size({ sizing: "fixed_amount", sizing_amount: 200_000 }), 10_000);
});

test("close_at_end closes on the last bar; warm-up and conflicting signals are ignored", () => {
  const rows: BarSpec[] = d.slice(0, 5).map((day, i) => [day, 10 + i / 10, 10 + i / 10] as const);
  const open = run(rows, [0], [], NO_FEES);
  assert.equal(open.performance.total_trades, 0);
  assert.equal(open.performance.open_trades, 1);
  const closed = run(rows, [0], [], { ...NO_FEES, close_at_end: true });
  assert.equal(closed.performance.total_trades, 1);
  assert.equal(closed.performance.open_trades, 0);
  assert.equal(fills(closed)[1]!.datetime, `${d[4]}T00:00:00`);
  assert.equal(fills(closed)[1]!.price, 10.4);

  assert.equal(fills(run(rows, [1], [], { ...NO_FEES, warmup_bars: 2 })).length, 0);
  assert.equal(fills(run(rows, [2], [], { ...NO_FEES, warmup_bars: 2 })).length, 1);
  assert.equal(fills(run(rows, [1], [1], NO_FEES)).length, 0);
});

test("allow_short: an exit opens a short, an entry covers it and goes long", () => {
  const r = run(
    [
      [d[0]!, 10, 10],
      [d[1]!, 10, 9],
      [d[2]!, 9, 9],
      [d[3]!, 8, 8],
      [d[4]!, 8, 8],
    ],
    [2],
    [0],
    { ...NO_FEES, allow_short: true, board_lot: false },
  );
  const [short, cover, long] = fills(r);
  assert.equal(short!.action, "open_short");
  assert.equal(short!.direction, "SELL");
  assert.equal(short!.size, 1000);
  assert.equal(r.equity_curve[1]!.total, 20_000 - 9_000);
  assert.equal(cover!.action, "close_short");
  assert.equal(cover!.price, 8);
  close(cover!.pnl, 2000);
  assert.equal(long!.action, "open_long");
  assert.equal(long!.size, 1500); // 12,000 / 8
  assert.equal(r.performance.end_value, 12_000);
});

test("a bar without a close marks the position at the last known close, and an empty account at its cash", () => {
  const r = run(
    [
      [d[0]!, 10, Number.NaN],
      [d[1]!, 10, 10],
      [d[2]!, 10, Number.NaN],
      [d[3]!, 12, 12],
    ],
    [1],
    [],
    NO_FEES,
  );
  assert.equal(fills(r)[0]!.size, 1000);
  assert.deepEqual(
    r.equity_curve.map((e) => e.total),
    [10_000, 10_000, 1000 * 10, 1000 * 12],
  );
});

test("an exit on the buying day at the down-limit is refused for the limit, checked before T+1", () => {
  // Previous day's close 10: the down-limit is 9 (main board ±10 %). The buy of 09:35 cannot be
  // sold that day anyway, but the market refusal is the one reported; the sell waits for the next day.
  const rows: BarSpec[] = [
    ["2024-01-02 14:55", 10, 10],
    ["2024-01-03 09:35", 10, 10],
    ["2024-01-03 09:40", 9, 9],
    ["2024-01-04 09:35", 9.5, 9.5],
  ];
  const r = run(rows, [0], [1], NO_FEES);
  assert.deepEqual(
    refused(r).map((t) => [t.datetime, t.direction, t.reason]),
    [["2024-01-03T09:40:00", "SELL", "limit_down"]],
  );
  assert.deepEqual(
    fills(r).map((t) => [t.datetime, t.direction, t.price, t.size]),
    [
      ["2024-01-03T09:35:00", "BUY", 10, 1000],
      ["2024-01-04T09:35:00", "SELL", 9.5, 1000],
    ],
  );
});

test("a workspace smaller than the series is refused, naming both sizes", () => {
  const rows: BarSpec[] = d.slice(0, 3).map((day) => [day, 10, 10] as const);
  const plan = planBacktest({ ...DEFAULT_CONFIG, ...NO_FEES, cash: 10_000 }, { code: "600000" });
  assert.throws(() => runKernel(bars(rows), signals(3, [0]), plan, new KernelWorkspace(2)), {
    name: "RangeError",
    message: "workspace holds 2 bars, series has 3",
  });
});
