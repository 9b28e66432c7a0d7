/**
 * Sizing is exact (core/backtest/README.md, "Sizing is exact"): cash that pays
 * for an order and its fees to the last decimal buys that order, and one cent
 * less does not. Checked against the BigInt oracle of exact-cost.ts at lot
 * boundaries, where binary noise used to decide (100 × 10.05 =
 * 1005.0000000000001 made 1010.01005 CNY buy nothing at 10.05), and through a
 * whole run: the fill leaves cash at or above zero.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { marketTime } from "../../../core/bars/market-time.ts";
import { backtest, DEFAULT_CONFIG } from "../../../core/backtest/index.ts";
import { ExecutionRules, MAX_ORDER_SHARES } from "../../../core/backtest/execution-rules.ts";
import { securityRules } from "../../../core/market/trading-board.ts";
import { bars, signals } from "./bars.ts";
import { type CostSetting, exactCost, exactLargest, frac } from "./exact-cost.ts";

const when = marketTime(2024, 3, 5);
const FUNDS = new Set(["510300"]);

/** A fraction as the decimal string it is (its denominator a power of ten). */
function decimal([num, den]: readonly [bigint, bigint]): string {
  const places = den.toString().length - 1;
  const s = num.toString().padStart(places + 1, "0");
  return places === 0 ? s : `${s.slice(0, -places)}.${s.slice(-places)}`;
}

test("the auditor's case: 1010.01005 CNY buys 100 shares at 10.05 (1005 + 5 commission + 0.01005 transfer), 1010.01004 none", () => {
  const rules = new ExecutionRules(DEFAULT_CONFIG, securityRules({ code: "600000" }));
  assert.equal(rules.affordable(1010.01005, 1, 10.05, when), 100);
  assert.equal(rules.affordable(1010.01004, 1, 10.05, when), 0);
  const rows = [
    ["2024-03-04", 10.05, 10.05],
    ["2024-03-05", 10.05, 10.05],
    ["2024-03-06", 10.05, 10.05],
  ] as const;
  const r = backtest(bars(rows), signals(3, [0]), { cash: 1010.01005 }, { code: "600000" });
  const buy = r.trades[0]!;
  assert.equal(buy.rejected, false);
  assert.equal(buy.size, 100);
  for (const e of r.equity_curve) assert.ok(e.cash! >= 0, `cash ${e.cash}`);
});

const boundary = fc.record({
  code: fc.constantFrom("600000", "000001", "300750", "688981", "830799", "510300"),
  thousandths: fc.integer({ min: 1, max: 300_000 }),
  steps: fc.integer({ min: 0, max: 60 }),
  commissionPerMillion: fc.integer({ min: 0, max: 3000 }),
  minCommissionCents: fc.constantFrom(0, 10, 500, 12_345),
  side: fc.constantFrom(1 as const, -1 as const),
});

test("cash exactly at a lot boundary buys that lot, a cent less buys less, both as the exact oracle says", () => {
  let exactFits = 0;
  fc.assert(
    fc.property(boundary, ({ code, thousandths, steps, commissionPerMillion, minCommissionCents, side }) => {
      const price = Number(decimal([BigInt(thousandths), 1000n]));
      const commission = Number(decimal([BigInt(commissionPerMillion), 1_000_000n]));
      const minCommission = minCommissionCents / 100;
      const rules = new ExecutionRules({ ...DEFAULT_CONFIG, commission, min_commission: minCommission }, securityRules({ code }));
      const setting: CostSetting = { fund: FUNDS.has(code), commission, minCommission };
      const shares = rules.lot.min + steps * rules.lot.step;
      const cost = exactCost(setting, side, shares, price);
      // the cost is a decimal; the cash is the double that prints as it when one does
      const cash = Number(decimal(cost));
      const same = frac(cash)[0] * cost[1] === cost[0] * frac(cash)[1];
      const cap = shares + 10 * rules.lot.step;
      assert.equal(rules.affordable(cash, side, price, when), exactLargest(setting, rules.lot, side, cash, price, cap), `cash ${cash} at ${price}`);
      if (same) {
        exactFits++;
        assert.equal(rules.affordable(cash, side, price, when), shares, `exactly ${shares} at ${price} for ${cash}`);
      }
      const less = Number(decimal(cost)) - 0.01;
      if (less > 0) {
        const q = rules.affordable(less, side, price, when);
        assert.ok(q < shares, `a cent less (${less}) buys less than ${shares} (${q})`);
        assert.equal(q, exactLargest(setting, rules.lot, side, less, price, cap));
      }
    }),
    { seed: 41, numRuns: 3000 },
  );
  assert.ok(exactFits > 2000, `most boundaries are doubles that print exactly (${exactFits})`);
});

test("a run with cash exactly at the boundary buys the whole order and its cash never goes below zero", () => {
  fc.assert(
    fc.property(boundary, ({ code, thousandths, steps, commissionPerMillion, minCommissionCents }) => {
      const price = Number(decimal([BigInt(Math.max(thousandths, 10) * 10), 10_000n]));
      const commission = Number(decimal([BigInt(commissionPerMillion), 1_000_000n]));
      const minCommission = minCommissionCents / 100;
      const rules = new ExecutionRules({ ...DEFAULT_CONFIG, commission, min_commission: minCommission }, securityRules({ code }));
      const shares = rules.lot.min + steps * rules.lot.step;
      const cost = exactCost({ fund: FUNDS.has(code), commission, minCommission }, 1, shares, price);
      const cash = Number(decimal(cost));
      if (frac(cash)[0] * cost[1] !== cost[0] * frac(cash)[1]) return;
      const rows = [
        ["2024-03-04", price, price],
        ["2024-03-05", price, price],
        ["2024-03-06", price, price],
      ] as const;
      const r = backtest(bars(rows), signals(3, [0]), { cash, commission, min_commission: minCommission, price_limit: false }, { code });
      const buy = r.trades[0]!;
      assert.equal(buy.rejected, false, `bought at ${price} with ${cash}`);
      assert.equal(buy.size, shares);
      for (const e of r.equity_curve) assert.ok(e.cash! >= 0, `cash ${e.cash}`);
      assert.ok(r.equity_curve.at(-1)!.cash! < 1e-6, "all of it spent");
    }),
    { seed: 42, numRuns: 300 },
  );
});

test("no order is ever sized past the cap, and the oracle agrees on huge budgets", () => {
  const rules = new ExecutionRules(DEFAULT_CONFIG, securityRules({ code: "000001" }));
  const q = rules.affordable(2118445910321431800, 1, 1.0001, when);
  assert.equal(q, exactLargest({ fund: false, commission: 0.0003, minCommission: 5 }, rules.lot, 1, 2118445910321431800, 1.0001, MAX_ORDER_SHARES));
});
