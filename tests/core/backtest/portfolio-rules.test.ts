/**
 * The shared-account portfolio kernel on cases worked out by hand, one rule each
 * (the rules are those of the module note in core/backtest/portfolio-kernel.ts):
 * weights, marks when a leg has no bar or no close, rebalancing that finds less
 * than a lot to trade, a rebalance on an up-limit open, no top-up without a
 * rebalance, warm-up and the end-of-run close-out.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { DEFAULT_PORTFOLIO_CONFIG, REFUSAL_NAMES, runPortfolio, type PortfolioConfig, type PortfolioLeg, type PortfolioRun } from "../../../core/backtest/index.ts";
import { resolveWeights } from "../../../core/backtest/portfolio-kernel.ts";
import { bars, days, signals, type BarSpec } from "./bars.ts";

const d = days("2024-01-02", 8);
const config = (extra: Partial<PortfolioConfig> = {}): PortfolioConfig => ({
  ...DEFAULT_PORTFOLIO_CONFIG,
  allocation: "shared",
  commission: 0,
  min_commission: 0,
  stamp_tax: 0,
  transfer_fee: 0,
  cash: 100_000,
  ...extra,
});

function leg(key: string, code: string, rows: readonly BarSpec[], entries: number[], exits: number[] = [], weight?: number): PortfolioLeg {
  return { key, bars: bars(rows), signals: signals(rows.length, entries, exits), security: { code }, ...(weight === undefined ? {} : { weight }) };
}

const flat = (price: number, n = 5): BarSpec[] => d.slice(0, n).map((day) => [day, price, price] as const);
/** Fills as `[step, leg, side, shares]`. */
const fillRows = (r: PortfolioRun) => Array.from({ length: r.fills.count }, (_, i) => [r.fills.bar[i], r.fills.leg[i], r.fills.side[i], r.fills.shares[i]]);
/** Refusals as `[step, leg, side, reason]`. */
const refusalRows = (r: PortfolioRun) => Array.from({ length: r.refusals.count }, (_, i) => [r.refusals.bar[i], r.refusals.leg[i], r.refusals.side[i], REFUSAL_NAMES[r.refusals.reason[i]!]]);

test("weights: equal by default, any given weights from 0 up to a sum of exactly 1", () => {
  const two = (w?: [number, number]) => [leg("a", "600000", flat(10), [0], [], w?.[0]), leg("b", "000001", flat(20), [0], [], w?.[1])];
  assert.deepEqual(Array.from(resolveWeights(two())), [0.5, 0.5]);
  assert.deepEqual(Array.from(resolveWeights(two([0.6, 0.4]))), [0.6, 0.4]);
  assert.deepEqual(Array.from(resolveWeights(two([0, 1]))), [0, 1]);
  assert.throws(() => resolveWeights(two([-0.1, 0.5])), /weight -0.1 is not ≥ 0/);
  assert.throws(() => resolveWeights(two([Number.NaN, 0.5])), /weight NaN is not ≥ 0/);
  assert.throws(() => resolveWeights(two([0.6, 0.41])), /weights sum to 1.01 > 1/);
  // The rounding allowance is 1e-9 above 1, inclusive: a sum of exactly 1 + 1e-9 passes, the next double does not.
  const limit = 1 + 1e-9;
  assert.deepEqual(Array.from(resolveWeights(two([limit - 0.5, 0.5]))), [limit - 0.5, 0.5], "a sum of 1 + 1e-9 is accepted");
  assert.equal(limit - 0.5 + 0.5, limit, "(the test's sum is exactly 1 + 1e-9)");
  const above = limit + Number.EPSILON;
  assert.throws(() => resolveWeights(two([above - 0.5, 0.5])), /weights sum to 1.000000001\d* > 1/);
  assert.throws(() => resolveWeights([leg("a", "600000", flat(10), [0], [], 0.5), leg("b", "000001", flat(20), [0])]), /give a weight for every leg or for none/);
  assert.throws(() => runPortfolio([], config()), /at least one leg/);
  // A zero weight never buys: all of the cash goes to the other leg.
  const run = runPortfolio(two([0, 1]), config());
  assert.deepEqual([run.legs[0]!.shares[4], run.legs[1]!.shares[4]], [0, 5000]);
  assert.deepEqual(refusalRows(run), [[1, 0, 1, "cash"]], "the zero-weight leg's entry is refused for cash, once");
});

test("a leg without a bar (not started yet, or a gap) or without a close keeps its last mark", () => {
  // A: 50,000 at 10 → 5,000 shares, closes missing on steps 1 and 3. B: 40,000 at 20 → 2,000 shares,
  // closes at 21, no bar on step 2, 22 after. C starts on step 2 and never trades. Cash left 10,000.
  const a: BarSpec[] = [
    [d[0]!, 10, 10],
    [d[1]!, 10, Number.NaN],
    [d[2]!, 10, 10],
    [d[3]!, 10, Number.NaN],
    [d[4]!, 10, 10],
  ];
  const b: BarSpec[] = [
    [d[0]!, 20, 20],
    [d[1]!, 20, 21],
    [d[3]!, 22, 22],
    [d[4]!, 22, 22],
  ];
  const c: BarSpec[] = [
    [d[2]!, 5, 5],
    [d[3]!, 5, 5],
    [d[4]!, 5, 5],
  ];
  const run = runPortfolio([leg("A", "600000", a, [0], [], 0.5), leg("B", "000001", b, [0], [], 0.4), leg("C", "600004", c, [], [], 0.1)], config());
  assert.deepEqual(fillRows(run), [
    [1, 0, 1, 5000],
    [1, 1, 1, 2000],
  ]);
  // The log's opening fills carry no basis and no entry step (core/backtest/trade-log.ts).
  assert.deepEqual(
    [Array.from(run.fills.basis.subarray(0, 2)), Array.from(run.fills.entryBar.subarray(0, 2))],
    [
      [Number.NaN, Number.NaN],
      [-1, -1],
    ],
  );
  assert.deepEqual(Array.from(run.equity), [100_000, 102_000, 102_000, 104_000, 104_000]);
  assert.deepEqual(Array.from(run.legs[1]!.value), [0, 42_000, 42_000, 44_000, 44_000]);
  assert.deepEqual(Array.from(run.legs[2]!.value), [0, 0, 0, 0, 0]);
  // B's sleeve: 0.4 × 100,000, all of it in shares from step 1; C's 10,000 stays cash.
  assert.deepEqual(Array.from(run.legs[1]!.equity), [40_000, 42_000, 42_000, 44_000, 44_000]);
  assert.deepEqual(Array.from(run.legs[1]!.cash), [40_000, 0, 0, 0, 0]);
  assert.deepEqual(Array.from(run.legs[2]!.cash), [10_000, 10_000, 10_000, 10_000, 10_000]);
});

/** A at 10, then `a2` on step 2's close and `a3` on step 3's open and close; B flat at 20; both bought on step 1. */
function rebalanced(a2: number, a3: number, extra: Partial<PortfolioConfig> = {}) {
  const a: BarSpec[] = [
    [d[0]!, 10, 10],
    [d[1]!, 10, 10],
    [d[2]!, 10, a2],
    [d[3]!, a3, a3],
    [d[4]!, a3, a3],
  ];
  return runPortfolio([leg("A", "600000", a, [0]), leg("B", "000001", flat(20), [0])], config({ rebalance: "periodic", rebalance_every: 3, ...extra }));
}

test("a rebalance that finds less than a lot to trade trades nothing and refuses nothing", () => {
  // Equity after step 2: 5,000 × 10.1 + 2,500 × 20 = 100,500, half of it 50,250. A holds 50,500:
  // 24.75 shares too many, under a lot. B lacks 250 CNY with no cash left: no order, no refusal.
  const run = rebalanced(10.1, 10.1);
  assert.deepEqual(fillRows(run), [
    [1, 0, 1, 5000],
    [1, 1, 1, 2500],
  ]);
  assert.deepEqual(refusalRows(run), []);
  assert.deepEqual([run.legs[0]!.shares[4], run.legs[1]!.shares[4]], [5000, 2500]);
});

test("a rebalance on an up-limit open sells the excess and asks no buy of that leg", () => {
  // Equity after step 2 is 100,000; A opens step 3 at its up-limit 11, where 50,000 is 4,545.45
  // shares: 454.55 too many, 400 in lots, sold (selling at the up-limit is allowed); B holds 50,000.
  const run = rebalanced(10, 11);
  assert.deepEqual(fillRows(run), [
    [1, 0, 1, 5000],
    [1, 1, 1, 2500],
    [3, 0, -1, 400],
  ]);
  assert.deepEqual(refusalRows(run), []);
});

test("without a rebalance a held leg that fell is not topped up from idle cash", () => {
  // Weights 0.4 each leave 20,000 idle; B falls from 20 to 16, and stays at 2,000 shares.
  const b: BarSpec[] = [
    [d[0]!, 20, 20],
    [d[1]!, 20, 20],
    [d[2]!, 20, 18],
    [d[3]!, 17, 16],
    [d[4]!, 16, 16],
  ];
  // A rebalance period given without `periodic` changes nothing either (every 2 steps would sell
  // 100 of A's shares and top B up on step 3).
  for (const extra of [{}, { rebalance: "none" as const, rebalance_every: 2 }]) {
    const run = runPortfolio([leg("A", "600000", flat(10), [0], [], 0.4), leg("B", "000001", b, [0], [], 0.4)], config(extra));
    assert.deepEqual(fillRows(run), [
      [1, 0, 1, 4000],
      [1, 1, 1, 2000],
    ]);
    assert.equal(run.cash[4], 20_000);
  }
});

test("warm-up ignores a leg's early signals; close_at_end sells everything on the last step", () => {
  const rows: BarSpec[] = d.slice(0, 6).map((day, i) => [day, 10 + i / 10, 10 + i / 10] as const);
  const early = runPortfolio([leg("A", "600000", rows, [1])], config({ warmup_bars: 2 }));
  assert.deepEqual(fillRows(early), []);
  const late = runPortfolio([leg("A", "600000", rows, [2])], config({ warmup_bars: 2, close_at_end: true }));
  // Bought at step 3's open 10.3: 100,000 / 10.3 = 9,708 → 9,700; sold at step 5's open 10.5.
  assert.deepEqual(fillRows(late), [
    [3, 0, 1, 9700],
    [5, 0, -1, 9700],
  ]);
  assert.ok(Math.abs(late.equity[5]! - (100_000 + 9700 * 0.2)) < 1e-6, `the round trip's gain (${late.equity[5]})`);
  // Held: from the entry's step while shares are held, and on the exit step (the position was held
  // that day); the portfolio holds when a leg does.
  assert.deepEqual(Array.from(late.legs[0]!.held), [0, 0, 0, 1, 1, 1], "the leg: held on steps 3 and 4, and on its exit step 5");
  assert.deepEqual(Array.from(late.held), [0, 0, 0, 1, 1, 1], "the portfolio holds when its leg does");
});

test("a refused rebalancing top-up is not retried and leaves the position held", () => {
  // After step 2 A is at 9 and B at 22: equity 45,000 + 55,000 = 100,000, 50,000 each. B sells
  // 227.27 → 200 shares at 22; A opens step 3 at 9.9, its up-limit over 9: the 500 CNY top-up is refused.
  const a: BarSpec[] = [
    [d[0]!, 10, 10],
    [d[1]!, 10, 10],
    [d[2]!, 10, 9],
    [d[3]!, 9.9, 9.9],
    [d[4]!, 9.9, 9.9],
  ];
  const b: BarSpec[] = [
    [d[0]!, 20, 20],
    [d[1]!, 20, 20],
    [d[2]!, 20, 22],
    [d[3]!, 22, 22],
    [d[4]!, 22, 22],
  ];
  const run = runPortfolio([leg("A", "600000", a, [0]), leg("B", "000001", b, [0])], config({ rebalance: "periodic", rebalance_every: 3 }));
  assert.deepEqual(fillRows(run), [
    [1, 0, 1, 5000],
    [1, 1, 1, 2500],
    [3, 1, -1, 200],
  ]);
  assert.deepEqual(refusalRows(run), [[3, 0, 1, "limit_up"]]);
  assert.equal(run.legs[0]!.shares[4], 5000);
});

test("an exit refused on a rebalance step asks no top-up of the leg leaving", () => {
  // A closes step 2 at 9 with an exit signal and opens step 3 at its down-limit 8.10: the sell is
  // refused. Equity after step 2 is 45,000 + 50,000, half of it 47,500: B sells 125 → 100 shares;
  // A, though under its weight, is leaving and buys nothing.
  const a: BarSpec[] = [
    [d[0]!, 10, 10],
    [d[1]!, 10, 10],
    [d[2]!, 10, 9],
    [d[3]!, 8.1, 8.1],
    [d[4]!, 8.1, 8.1],
  ];
  const run = runPortfolio([leg("A", "600000", a, [0], [2]), leg("B", "000001", flat(20), [0])], config({ rebalance: "periodic", rebalance_every: 3 }));
  assert.deepEqual(fillRows(run), [
    [1, 0, 1, 5000],
    [1, 1, 1, 2500],
    [3, 1, -1, 100],
    [4, 0, -1, 5000],
  ]);
  assert.deepEqual(refusalRows(run), [[3, 0, -1, "limit_down"]]);
});

test("execution next_close fills a portfolio's orders at the next bar's close", () => {
  const rows: BarSpec[] = d.slice(0, 4).map((day, i) => [day, 10 + i / 10, 10.05 + i / 10] as const);
  const run = runPortfolio([leg("A", "600000", rows, [0], [2])], config({ execution: "next_close" }));
  // Bought at step 1's close 10.15: 100,000 / 10.15 = 9,852 → 9,800; sold at step 3's close 10.35.
  assert.deepEqual(fillRows(run), [
    [1, 0, 1, 9800],
    [3, 0, -1, 9800],
  ]);
  assert.deepEqual(Array.from(run.fills.price.subarray(0, 2)), [rows[1]![2], rows[3]![2]]);
});

test("an exit over a gap waits for the leg's next bar, without a refusal on the step it has none", () => {
  const b: BarSpec[] = [
    [d[0]!, 20, 20],
    [d[1]!, 20, 20],
    [d[3]!, 21, 21],
  ];
  const run = runPortfolio([leg("A", "600000", flat(10, 4), []), leg("B", "000001", b, [0], [1])], config());
  assert.deepEqual(fillRows(run), [
    [1, 1, 1, 2500],
    [3, 1, -1, 2500],
  ]);
  assert.deepEqual(refusalRows(run), []);
});

test("an exit on the buying day at the down-limit is refused for the limit, checked before T+1", () => {
  // Previous day's close 10: the down-limit is 9. The buy of 09:35 cannot be sold that day anyway,
  // but the market refusal is the one reported (as in the single-symbol engine).
  const rows: BarSpec[] = [
    ["2024-01-02 14:55", 10, 10],
    ["2024-01-03 09:35", 10, 10],
    ["2024-01-03 09:40", 9, 9],
    ["2024-01-04 09:35", 9.5, 9.5],
  ];
  const run = runPortfolio([leg("A", "600000", rows, [0], [1])], config());
  assert.deepEqual(refusalRows(run), [[2, 0, -1, "limit_down"]]);
  assert.deepEqual(fillRows(run), [
    [1, 0, 1, 10_000],
    [3, 0, -1, 10_000],
  ]);
});

test("an exit asked on the last step has no next bar to fill on: the leg stays held and nothing is refused", () => {
  // 100,000 at 10 → 10,000 shares on step 1; the exit signal of step 4 would fill on step 5, which does not exist.
  const run = runPortfolio([leg("A", "600000", flat(10), [0], [4])], config());
  assert.deepEqual(fillRows(run), [[1, 0, 1, 10000]], "the entry only");
  assert.deepEqual(refusalRows(run), [], "no refusal past the last step");
  assert.equal(run.legs[0]!.shares[4], 10000, "still held at the end");
});

test("a rebalance that finds a leg exactly at its weight asks nothing of it, even on an up-limit open", () => {
  // After step 2 A (5,000 at 10) and B (2,500 at 24) make 110,000; A opens step 3 at its up-limit 11:
  // half of 110,000 is exactly 5,000 × 11, so A wants 0 CNY and no buy is tried (nor refused). B sells
  // 2,500 − 55,000 / 24 = 208.3 → 200 shares.
  const a: BarSpec[] = [
    [d[0]!, 10, 10],
    [d[1]!, 10, 10],
    [d[2]!, 10, 10],
    [d[3]!, 11, 11],
    [d[4]!, 11, 11],
  ];
  const b: BarSpec[] = [
    [d[0]!, 20, 20],
    [d[1]!, 20, 20],
    [d[2]!, 20, 24],
    [d[3]!, 24, 24],
    [d[4]!, 24, 24],
  ];
  const run = runPortfolio([leg("A", "600000", a, [0]), leg("B", "000001", b, [0])], config({ rebalance: "periodic", rebalance_every: 3 }));
  assert.deepEqual(fillRows(run), [
    [1, 0, 1, 5000],
    [1, 1, 1, 2500],
    [3, 1, -1, 200],
  ]);
  assert.deepEqual(refusalRows(run), [], "no top-up tried, so none refused");
});
