/**
 * Bonds are not shares (core/backtest/README.md, "Bonds and T+0"). The design
 * note: stamp duty "Seller only, on stocks. … Not charged on ETFs/bonds."; the
 * transfer fee is for "SH, SZ and BJ A-shares"; "bond, gold, cross-border and
 * money-market ETFs and convertible bonds are T+0". Expected fees are worked out
 * here by hand from those rules, not read back from the engine.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { backtest } from "../../../core/backtest/index.ts";
import { bars, type BarSpec, signals } from "./bars.ts";

const DAILY: BarSpec[] = [
  ["2024-03-04", 100, 100],
  ["2024-03-05", 100, 100],
  ["2024-03-06", 100, 100],
  ["2024-03-07", 100, 100],
  ["2024-03-08", 100, 100],
];

const roundTrip = (code: string, market: "SH" | "SZ") => {
  const r = backtest(bars(DAILY), signals(DAILY.length, [0], [2]), { cash: 1e6 }, { code, market });
  return r.trades.filter((t) => !t.rejected);
};

test("convertible and treasury bonds pay no stamp duty and no transfer fee; a share pays both", () => {
  // 9,900 at 100 = 990,000 per side; commission max(5, 0.0003 × 990,000) = 297
  for (const [code, market] of [
    ["113050", "SH"],
    ["128136", "SZ"],
    ["019547", "SH"],
  ] as const) {
    const [buy, sell] = roundTrip(code, market);
    assert.equal(buy!.size, 9900, code);
    assert.equal(sell!.size, 9900, code);
    for (const t of [buy!, sell!]) {
      assert.equal(t.stamp_tax, 0, `${code} ${t.direction} stamp`);
      assert.equal(t.transfer_fee, 0, `${code} ${t.direction} transfer`);
      assert.ok(Math.abs(t.brokerage! - 297) < 1e-9, `${code} ${t.direction} commission ${t.brokerage}`);
    }
  }
  const [, sell] = roundTrip("600000", "SH");
  assert.ok(Math.abs(sell!.stamp_tax! - 990_000 * 0.0005) < 1e-6, "a share's sell pays 0.05 % stamp duty");
  assert.ok(Math.abs(sell!.transfer_fee! - 990_000 * 0.00001) < 1e-6, "and 0.001 % transfer fee");
});

const MINUTES: BarSpec[] = [
  ["2024-03-04 09:30", 100, 100],
  ["2024-03-04 09:31", 100, 100],
  ["2024-03-04 09:32", 100, 100],
  ["2024-03-05 09:31", 100, 100],
];

const exitFill = (code: string, market: "SH" | "SZ") => {
  const r = backtest(bars(MINUTES), signals(MINUTES.length, [0], [1]), { cash: 1e5 }, { code, market });
  return r.trades.filter((t) => t.direction === "SELL").map((t) => `${t.datetime} ${t.rejected ? t.reason : "filled"}`);
};

test("a convertible bond bought in the morning sells the same day (T+0); a share waits for the next day", () => {
  for (const [code, market] of [
    ["113050", "SH"],
    ["128136", "SZ"],
    ["123001", "SZ"],
    ["110059", "SH"],
  ] as const) {
    assert.deepEqual(exitFill(code, market), ["2024-03-04T09:32:00 filled"], code);
  }
  assert.deepEqual(exitFill("600000", "SH"), ["2024-03-04T09:32:00 t_plus_one", "2024-03-05T09:31:00 filled"]);
});

test("SH bond, money-market, cross-border and gold ETFs (511, 513, 518) sell the same day; equity ETFs and SZ's 159 wait", () => {
  // the design note: "Equity ETFs are also T+1; bond, gold, cross-border and money-market ETFs … are T+0"
  for (const code of ["511010", "511880", "513100", "513500", "518880"]) {
    assert.deepEqual(exitFill(code, "SH"), ["2024-03-04T09:32:00 filled"], code);
  }
  for (const [code, market] of [
    ["510300", "SH"],
    ["512880", "SH"],
    ["588000", "SH"],
    ["159919", "SZ"],
  ] as const) {
    assert.deepEqual(exitFill(code, market), ["2024-03-04T09:32:00 t_plus_one", "2024-03-05T09:31:00 filled"], code);
  }
});
