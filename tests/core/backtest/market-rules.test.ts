/** Boards from codes, lot rounding, price limits and statutory fees by date. */
import { test } from "node:test";
import assert from "node:assert/strict";
import { marketTime } from "../../../core/bars/market-time.ts";
import { DEFAULT_CONFIG } from "../../../core/backtest/config.ts";
import { ExecutionRules } from "../../../core/backtest/execution-rules.ts";
import { statutoryFees } from "../../../core/backtest/fees.ts";
import { lotRule, roundDownToLot } from "../../../core/backtest/lots.ts";
import { atLimitDown, atLimitUp, limitFraction, roundToTick } from "../../../core/market/price-limit.ts";
import { boardOf, exchangeOf, securityRules } from "../../../core/market/trading-board.ts";

test("board and exchange from the code", () => {
  const cases: [string, string, string][] = [
    ["600519", "main", "SH"],
    ["601318", "main", "SH"],
    ["000001", "main", "SZ"],
    ["002594", "main", "SZ"],
    ["300750", "chinext", "SZ"],
    ["301236", "chinext", "SZ"],
    ["688981", "star", "SH"],
    ["689009", "star", "SH"],
    ["830799", "bj", "BJ"],
    ["430047", "bj", "BJ"],
    ["920002", "bj", "BJ"],
    ["510300", "fund", "SH"],
    ["159915", "fund", "SZ"],
  ];
  for (const [code, board, exchange] of cases) {
    assert.equal(boardOf(code), board, code);
    assert.equal(exchangeOf(code), exchange, code);
  }
  assert.equal(exchangeOf("000001", "SH"), "SH");
  assert.equal(boardOf("880001", "SH"), "main");
  assert.deepEqual(securityRules({ code: "600000", st: true }), { code: "600000", exchange: "SH", board: "main", st: true });
});

test("lot rounding", () => {
  assert.equal(roundDownToLot(1999, lotRule("main", true)), 1900);
  assert.equal(roundDownToLot(99, lotRule("main", true)), 0);
  assert.equal(roundDownToLot(199, lotRule("star", true)), 0);
  assert.equal(roundDownToLot(201.7, lotRule("star", true)), 201);
  assert.equal(roundDownToLot(150, lotRule("bj", true)), 150);
  assert.equal(roundDownToLot(99.999999999999, lotRule("main", false)), 100);
  assert.equal(roundDownToLot(0.5, lotRule("main", false)), 0);
});

test("limit fractions by board, ST flag and date", () => {
  const t = marketTime(2024, 1, 2);
  assert.equal(limitFraction("main", false, t), 0.1);
  assert.equal(limitFraction("main", true, t), 0.05);
  assert.equal(limitFraction("main", true, marketTime(2025, 7, 7)), 0.1);
  assert.equal(limitFraction("chinext", false, marketTime(2020, 8, 21)), 0.1);
  assert.equal(limitFraction("chinext", true, marketTime(2020, 8, 21)), 0.05);
  assert.equal(limitFraction("chinext", true, marketTime(2020, 8, 24)), 0.2);
  assert.equal(limitFraction("star", true, t), 0.2);
  assert.equal(limitFraction("bj", false, t), 0.3);
  assert.equal(limitFraction("fund", false, t), 0.1);
});

test("limit prices round half up to the tick and match within half a tick", () => {
  assert.equal(roundToTick(10.05 * 1.1, 0.01).toFixed(2), "11.06"); // 11.055 → 11.06
  assert.ok(atLimitUp(11.06, 10.05, 0.1, 0.01), "atLimitUp(11.06, 10.05, 0.1, 0.01)");
  assert.ok(!atLimitUp(11.05, 10.05, 0.1, 0.01), "!atLimitUp(11.05, 10.05, 0.1, 0.01)");
  assert.ok(atLimitDown(9.05, 10.05, 0.1, 0.01), "atLimitDown(9.05, 10.05, 0.1, 0.01)"); // 9.045 → 9.05
  assert.ok(!atLimitDown(9.06, 10.05, 0.1, 0.01), "!atLimitDown(9.06, 10.05, 0.1, 0.01)");
  assert.ok(atLimitUp(1.1, 1, 0.1, 0.001), "atLimitUp(1.1, 1, 0.1, 0.001)");
  assert.ok(!atLimitUp(1.099, 1, 0.1, 0.001), "!atLimitUp(1.099, 1, 0.1, 0.001)");
});

test("statutory fees by date, board and exchange", () => {
  const at = (y: number, m: number, d: number, exchange: "SH" | "SZ" | "BJ" = "SH", board = "main" as const) => statutoryFees(board, exchange, marketTime(y, m, d));
  assert.equal(at(2023, 8, 28).stampSell, 0.0005);
  assert.equal(at(2023, 8, 28).stampBuy, 0);
  assert.equal(at(2023, 8, 25).stampSell, 0.001);
  assert.equal(at(2008, 9, 19).stampBuy, 0);
  assert.equal(at(2008, 9, 18).stampBuy, 0.001);
  assert.equal(at(2008, 1, 2).stampBuy, 0.003);
  assert.equal(at(2006, 1, 4).stampSell, 0.001);
  assert.equal(at(2004, 1, 5).stampSell, 0.002);
  assert.equal(at(2022, 4, 29).transferRate, 0.00001);
  assert.equal(at(2022, 4, 28, "SZ").transferRate, 0.00002);
  assert.equal(at(2022, 4, 28, "BJ").transferRate, 0.000025);
  assert.equal(at(2015, 7, 31, "SZ").transferRate, 0);
  assert.equal(at(2015, 7, 31, "SH").transferPerShare, 0.0006);
  const fund = statutoryFees("fund", "SH", marketTime(2024, 1, 2));
  assert.equal(fund.stampSell + fund.transferRate, 0);
  // The period returned holds its rates: both ends are change dates.
  const mid = at(2016, 1, 4);
  assert.equal(mid.from, marketTime(2015, 8, 1));
  assert.equal(mid.until, marketTime(2022, 4, 29));
});

test("statutory fees: every instant gets the rates of its period, and the period runs from the last change to the next", () => {
  // The change dates and rates of fees.ts's header written again as plain lists: stamp duty per side,
  // the transfer fee by exchange. A period starts at the latest change (of either fee) at or before
  // the instant and ends at the next one; a fund pays nothing over all time.
  const stamp: [from: number, buy: number, sell: number][] = [
    [marketTime(2005, 1, 24), 0.001, 0.001],
    [marketTime(2007, 5, 30), 0.003, 0.003],
    [marketTime(2008, 4, 24), 0.001, 0.001],
    [marketTime(2008, 9, 19), 0, 0.001],
    [marketTime(2023, 8, 28), 0, 0.0005],
  ];
  const byTurnover = marketTime(2015, 8, 1);
  const unified = marketTime(2022, 4, 29);
  const changes = [...stamp.map(([from]) => from), byTurnover, unified];
  const expected = (exchange: "SH" | "SZ" | "BJ", t: number) => {
    const [, buy, sell] = stamp.filter(([from]) => from <= t).at(-1) ?? [0, 0.002, 0.002];
    const sh = exchange === "SH";
    return {
      from: Math.max(-Infinity, ...changes.filter((c) => c <= t)),
      until: Math.min(Infinity, ...changes.filter((c) => c > t)),
      stampBuy: buy,
      stampSell: sell,
      transferRate: t >= unified ? 0.00001 : t >= byTurnover ? (exchange === "BJ" ? 0.000025 : 0.00002) : 0,
      transferPerShare: t < byTurnover && sh ? 0.0006 : 0,
      transferMin: t < byTurnover && sh ? 1 : 0,
    };
  };
  const instants = [marketTime(1999, 7, 1), marketTime(2011, 3, 9, 10, 30), marketTime(2024, 6, 3), ...changes.flatMap((c) => [c - 1, c, c + 1])];
  for (const exchange of ["SH", "SZ", "BJ"] as const) {
    for (const t of instants) assert.deepEqual(statutoryFees("main", exchange, t), expected(exchange, t), `${exchange} ${new Date(t).toISOString()}`);
  }
  for (const t of instants) {
    const none = { from: -Infinity, until: Infinity, stampBuy: 0, stampSell: 0, transferRate: 0, transferPerShare: 0, transferMin: 0 };
    assert.deepEqual(statutoryFees("fund", "SH", t), none, `fund ${new Date(t).toISOString()}`);
  }
});

test("fee quotes: commission minimum, per-share transfer fee with its minimum", () => {
  const rules = new ExecutionRules(DEFAULT_CONFIG, securityRules({ code: "600000" }));
  const total = rules.quote(-1, 1000, 10, marketTime(2024, 1, 2));
  assert.equal(rules.commission, 5);
  assert.ok(Math.abs(rules.stamp - 5) < 1e-12, "Math.abs(rules.stamp - 5) < 1e-12");
  assert.ok(Math.abs(rules.transfer - 0.1) < 1e-12, "Math.abs(rules.transfer - 0.1) < 1e-12");
  assert.ok(Math.abs(total - 10.1) < 1e-12, "Math.abs(total - 10.1) < 1e-12");
  rules.quote(1, 1000, 10, marketTime(2014, 6, 3));
  assert.equal(rules.transfer, 1); // 0.6 CNY per 1,000 shares → minimum 1
  rules.quote(1, 10_000, 10, marketTime(2014, 6, 3));
  assert.ok(Math.abs(rules.transfer - 6) < 1e-12, "Math.abs(rules.transfer - 6) < 1e-12");
  const sz = new ExecutionRules(DEFAULT_CONFIG, securityRules({ code: "000001" }));
  sz.quote(1, 10_000, 10, marketTime(2014, 6, 3));
  assert.equal(sz.transfer, 0);
});
