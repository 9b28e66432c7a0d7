/**
 * Order sizing ends for every budget and price, however large or small: the
 * share count found is a valid lot, fits the budget with its fees and is no
 * larger than the largest fitting order, found by a bisection over lot
 * multiples written here (issue 15: a cash of
 * 2.1e18 at a price of 1.0001 made the sizing loop spin forever past 2^53).
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { marketTime } from "../../../core/bars/market-time.ts";
import { DEFAULT_CONFIG } from "../../../core/backtest/config.ts";
import { ExecutionRules, MAX_ORDER_SHARES } from "../../../core/backtest/execution-rules.ts";
import { securityRules } from "../../../core/market/trading-board.ts";

const CODES = ["600000", "300750", "688981", "830799", "510300"];
const when = marketTime(2024, 1, 5);

/** Largest lot-valid share count ≤ cap whose cost fits, by bisection over lot multiples. */
function bisect(rules: ExecutionRules, budget: number, price: number, cap: number): number {
  const { min, step } = rules.lot;
  const cost = (q: number) => q * price + rules.quote(1, q, price, when);
  const fits = (k: number) => cost(k * step) <= budget;
  let lo = Math.ceil(min / step);
  let hi = Math.floor(cap / step);
  if (hi < lo || !fits(lo)) return 0;
  while (lo < hi) {
    const mid = lo + Math.ceil((hi - lo) / 2);
    if (fits(mid)) lo = mid;
    else hi = mid - 1;
  }
  return lo * step;
}

test("the budget and price of issue 15 size an order instead of hanging", () => {
  const rules = new ExecutionRules(DEFAULT_CONFIG, securityRules({ code: "000001" }));
  const q = rules.affordable(2118445910321431800, 1, 1.0001, when);
  assert.ok(q > 0 && q <= MAX_ORDER_SHARES, `a bounded order (${q})`);
  assert.ok(q * 1.0001 + rules.quote(1, q, 1.0001, when) <= 2118445910321431800, "it fits the budget");
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
        assert.ok(q * price + rules.quote(1, q, price, when) <= budget, "the order and its fees fit the budget");
        const best = bisect(rules, budget, price, MAX_ORDER_SHARES);
        assert.ok(q <= best, `no more than the largest fitting order (${q} > ${best})`);
      },
    ),
    { seed: 15, numRuns: 1000 },
  );
});
