/**
 * One order's rules checked case by case against values worked out by hand:
 * which refusal wins (no price, suspension, the limit against the order's side
 * only: a market order cannot buy at the up-limit nor sell at the down-limit),
 * the slipped price, fee quotes across a rate change taken in either direction,
 * and sizing that is exact when fees are proportional (no minimum commission):
 * then the largest fitting lot is floor(budget / (price × (1 + fee rate))), found
 * here by a bisection over lot multiples.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { exactLargest } from "./exact-cost.ts";
import { marketTime } from "../../../core/bars/market-time.ts";
import { DEFAULT_CONFIG, type BacktestConfig } from "../../../core/backtest/config.ts";
import { ExecutionRules, REFUSAL_NAMES } from "../../../core/backtest/execution-rules.ts";
import { lotRule, roundDownToLot } from "../../../core/backtest/lots.ts";
import { securityRules } from "../../../core/market/trading-board.ts";

const t2024 = marketTime(2024, 5, 6);
const rulesFor = (config: Partial<BacktestConfig> = {}, code = "600000", st = false) => new ExecutionRules({ ...DEFAULT_CONFIG, ...config }, securityRules({ code, st }));
const why = (r: ExecutionRules, side: 1 | -1, raw: number, volume: number, prevClose: number, time = t2024) => REFUSAL_NAMES[r.refusal(side, raw, volume, prevClose, time)];

test("refusals: the limit refuses only the order against it; no price and suspension come first", () => {
  const r = rulesFor();
  // Main board ±10 % of 10: up-limit 11.00, down-limit 9.00.
  assert.equal(why(r, 1, 11, 1e6, 10), "limit_up");
  assert.equal(why(r, -1, 11, 1e6, 10), "none", "selling at the up-limit fills");
  assert.equal(why(r, -1, 9, 1e6, 10), "limit_down");
  assert.equal(why(r, 1, 9, 1e6, 10), "none", "buying at the down-limit fills");
  assert.equal(why(r, 1, 10.99, 1e6, 10), "none");
  assert.equal(why(r, -1, 9.01, 1e6, 10), "none");
  // No previous close (first day: NaN; a zero close is no price either): no limit.
  assert.equal(why(r, 1, 11, 1e6, Number.NaN), "none");
  assert.equal(why(r, 1, 11, 1e6, 0), "none", "a previous close of 0 sets no limit");
  assert.equal(why(r, -1, 0.01, 1e6, 0), "none", "a previous close of 0 sets no down-limit");
  for (const raw of [0, -1, Number.NaN]) {
    assert.equal(why(r, 1, raw, 1e6, 10), "no_price", `buy at ${raw}`);
    assert.equal(why(r, -1, raw, 0, 10), "no_price", `sell at ${raw}, before the suspension`);
  }
  assert.equal(why(r, 1, 10, 0, 10), "suspended");
  assert.equal(why(r, 1, 11, 0, 10), "suspended", "a suspension is reported before the limit");
  assert.equal(why(r, 1, 10, Number.NaN, 10), "none", "unknown volume trades");
  assert.equal(why(rulesFor({ suspension: false }), 1, 10, 0, 10), "none", "suspension switched off");
  assert.equal(why(rulesFor({ price_limit: false }), 1, 11, 1e6, 10), "none", "limits switched off");
  assert.equal(why(rulesFor({}, "600001", true), 1, 10.5, 1e6, 10), "limit_up", "ST: ±5 %");
  assert.equal(why(rulesFor({}, "600001", true), 1, 10.49, 1e6, 10), "none", "ST: ±5 %");
});

test("slippage moves the fill price against the trader", () => {
  const r = rulesFor({ slippage: 0.01 });
  assert.ok(Math.abs(r.fillPrice(1, 10) - 10.1) < 1e-12, "a buy pays 1 % more");
  assert.ok(Math.abs(r.fillPrice(-1, 10) - 9.9) < 1e-12, "a sell gets 1 % less");
});

test("fee quotes follow the trade date forwards and backwards on one rules object", () => {
  const r = rulesFor({ commission: 0, min_commission: 0, transfer_fee: 0 });
  // 1,000 shares at 10 = 10,000 CNY; sell stamp duty 0.1 % before 2023-08-28, 0.05 % from that day.
  r.quote(-1, 1000, 10, marketTime(2023, 8, 25));
  assert.ok(Math.abs(r.stamp - 10) < 1e-9, `0.1 % the trading day before (${r.stamp})`);
  r.quote(-1, 1000, 10, marketTime(2023, 8, 28));
  assert.ok(Math.abs(r.stamp - 5) < 1e-9, `0.05 % on the change date itself (${r.stamp})`);
  r.quote(-1, 1000, 10, marketTime(2023, 8, 25));
  assert.ok(Math.abs(r.stamp - 10) < 1e-9, `0.1 % again going back (${r.stamp})`);
  r.quote(1, 1000, 10, marketTime(2008, 5, 5));
  assert.ok(Math.abs(r.stamp - 10) < 1e-9, `buys paid 0.1 % in May 2008 (${r.stamp})`);
  // Flat rates given in the config: stamp duty on sells only, transfer fee on both sides.
  const flat = rulesFor({ commission: 0, min_commission: 0, stamp_tax: 0.002, transfer_fee: 0.0001 });
  const buy = flat.quote(1, 1000, 10, t2024);
  assert.equal(flat.stamp, 0, "a flat stamp duty is not charged on buys");
  assert.ok(Math.abs(flat.transfer - 1) < 1e-9, `a flat transfer fee on buys (${flat.transfer})`);
  assert.ok(Math.abs(buy - 1) < 1e-9, `the buy's total (${buy})`);
  const sell = flat.quote(-1, 1000, 10, t2024);
  assert.ok(Math.abs(flat.stamp - 20) < 1e-9 && Math.abs(sell - 21) < 1e-9, `the sell's stamp duty and total (${flat.stamp}, ${sell})`);
});

test("lot rounding keeps an order of exactly the minimum", () => {
  assert.equal(roundDownToLot(100, lotRule("main", true)), 100);
  assert.equal(roundDownToLot(200, lotRule("star", true)), 200);
  assert.equal(roundDownToLot(100, lotRule("bj", true)), 100);
  assert.equal(roundDownToLot(1, lotRule("main", false)), 1);
});

test("no order without a positive budget and price", () => {
  const r = rulesFor();
  for (const [budget, price] of [
    [0, 10],
    [-5, 10],
    [Number.NaN, 10],
    [10_000, 0],
    [10_000, -1],
    [10_000, Number.NaN],
  ] as const) {
    assert.equal(r.affordable(budget, 1, price, t2024), 0, `budget ${budget} at ${price}`);
  }
});

const when = marketTime(2024, 1, 5);

test("with proportional fees, sizing finds exactly the largest order that fits", () => {
  fc.assert(
    fc.property(
      fc.record({
        code: fc.constantFrom("600000", "300750", "688981", "830799", "510300"),
        lots: fc.boolean(),
        commission: fc.double({ min: 0, max: 0.05, noNaN: true }),
        budget: fc.double({ min: 1, max: 1e9, noNaN: true }),
        price: fc.double({ min: 0.01, max: 2000, noNaN: true }),
      }),
      ({ code, lots, commission, budget, price }) => {
        const rules = rulesFor({ board_lot: lots, commission, min_commission: 0 }, code);
        const q = rules.affordable(budget, 1, price, when);
        // exact oracle (audit f M1): a float one agrees with binary noise, not with the decimals
        const cap = Math.floor(budget / price) + rules.lot.min + rules.lot.step;
        assert.equal(q, exactLargest({ fund: code === "510300", commission, minCommission: 0 }, rules.lot, 1, budget, price, cap), `budget ${budget} at ${price}`);
      },
    ),
    { seed: 23, numRuns: 1000 },
  );
});
