/**
 * Order sizing ends for every budget and price, however large or small: the
 * share count found is a valid lot, fits the budget with its fees and is no
 * larger than the largest fitting order, found by an exact (BigInt) bisection
 * over lot multiples in exact-cost.ts (issue 15: a cash of 2.1e18 at a price of
 * 1.0001 made the sizing loop spin forever past 2^53; audit f M1: the fit is
 * decided on the decimals, not on binary rounding noise).
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { marketTime } from "../../../core/bars/market-time.ts";
import { DEFAULT_CONFIG } from "../../../core/backtest/config.ts";
import { ExecutionRules, MAX_ORDER_SHARES } from "../../../core/backtest/execution-rules.ts";
import { securityRules } from "../../../core/market/trading-board.ts";
import { exactLargest, fits } from "./exact-cost.ts";

const CODES = ["600000", "300750", "688981", "830799", "510300"];
const when = marketTime(2024, 1, 5);

test("the budget and price of issue 15 size an order instead of hanging", () => {
  const rules = new ExecutionRules(DEFAULT_CONFIG, securityRules({ code: "000001" }));
  const q = rules.affordable(2118445910321431800, 1, 1.0001, when);
  assert.ok(q > 0 && q <= MAX_ORDER_SHARES, `a bounded order (${q})`);
  assert.ok(fits({ fund: false, commission: 0.0003, minCommission: 5 }, 1, q, 1.0001, 2118445910321431800), "it fits the budget");
});

const rulesFor = (code: string, lots: boolean, commission: number, minCommission: number) =>
  new ExecutionRules({ ...DEFAULT_CONFIG, board_lot: lots, commission, min_commission: minCommission }, securityRules({ code }));

const setting = {
  code: fc.constantFrom(...CODES),
  lots: fc.boolean(),
  commission: fc.double({ min: 0, max: 0.01, noNaN: true }),
  minCommission: fc.double({ min: 0, max: 1e4, noNaN: true }),
};

test("for any budget and price, sizing ends with a valid lot that fits, no larger than the largest that fits", () => {
  fc.assert(
    fc.property(
      fc.record({ ...setting, budget: fc.double({ min: 1e-3, max: 1e22, noNaN: true }), price: fc.double({ min: 1e-8, max: 1e8, noNaN: true }) }),
      ({ code, lots, commission, minCommission, budget, price }) => {
        const rules = rulesFor(code, lots, commission, minCommission);
        const q = rules.affordable(budget, 1, price, when);
        assert.ok(Number.isInteger(q) && q >= 0 && q <= MAX_ORDER_SHARES, `a whole share count within the cap (${q})`);
        if (q === 0) return;
        assert.ok(q >= rules.lot.min && (q - rules.lot.min) % rules.lot.step === 0, `a valid lot (${q})`);
        const setting = { fund: code === "510300", commission, minCommission };
        assert.ok(fits(setting, 1, q, price, budget), "the order and its fees fit the budget");
        assert.equal(q, exactLargest(setting, rules.lot, 1, budget, price, MAX_ORDER_SHARES), "the largest fitting order");
      },
    ),
    { seed: 15, numRuns: 1000 },
  );
});
