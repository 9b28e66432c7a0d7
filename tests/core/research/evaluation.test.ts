import assert from "node:assert/strict";
import { test } from "node:test";
import { METRIC_NAMES, type Performance } from "../../../core/backtest/index.ts";
import { allocSeries } from "../../../core/bars/series.ts";
import { compareToBenchmark } from "../../../core/research/benchmark-comparison.ts";
import { COMPONENTS, gradeOf, interpolate, rate, rateBacktest, RUBRIC_TEXT, type RubricInput } from "../../../core/research/rubric.ts";
import { basicChecks, medianAmount, segmentChecks, segmentSpans, summariseChecks } from "../../../core/research/suitability.ts";

const good: RubricInput = {
  annual_return: 0.4,
  sharpe: 2,
  max_drawdown: 0.1,
  excess_return: 0.5,
  wf_consistency: 0.85,
  total_return: 1.2,
  profit_factor: 2,
  total_trades: 40,
  suitable: true,
};

test("anchors interpolate linearly and clamp; the score bands give the grade", () => {
  const a = [
    [0, 0],
    [1, 50],
    [2, 100],
  ] as const;
  assert.equal(interpolate(a, -5), 0);
  assert.equal(interpolate(a, 0.5), 25);
  assert.equal(interpolate(a, 1.5), 75);
  assert.equal(interpolate(a, 9), 100);
  assert.equal(interpolate(a, Number.NaN), 0);
  assert.deepEqual([90, 85, 84.9, 70, 55, 40, 39.9, 0].map(gradeOf), ["S", "S", "A", "A", "B", "C", "D", "D"]);
});

test("composite score: weighted points of the components; without walk-forward the rest are reweighted", () => {
  const r = rate(good);
  // 0.25×90 + 0.2×90 + 0.15×85 + 0.15×90 + 0.25×90
  assert.equal(r.score.total, 89.3);
  assert.equal(r.grade.grade, "S");
  assert.deepEqual(r.grade.vetoes, []);
  assert.equal(r.score.wf_provided, true);
  const noWf = rate({ ...good, wf_consistency: Number.NaN });
  assert.equal(noWf.score.wf_provided, false);
  assert.equal(noWf.score.total, Math.round(((0.25 * 90 + 0.2 * 90 + 0.15 * 85 + 0.15 * 90) / 0.75) * 10) / 10);
  assert.ok(Math.abs(Object.values(noWf.score.weights_used).reduce((a, w) => a + w, 0) - 1) < 1e-3, "Math.abs(Object.values(noWf.score.weights_used).reduce((a, w) => a + w, 0) - 1) < 1e-3");
  assert.equal(
    COMPONENTS.reduce((a, c) => a + c.weight, 0),
    1,
  );
});

test("vetoes cap the grade", () => {
  const cap = (x: Partial<RubricInput>) => rate({ ...good, ...x }).grade;
  assert.equal(cap({ profit_factor: 0.8 }).grade, "D");
  assert.equal(cap({ profit_factor: 0.8 }).is_losing, true);
  assert.equal(cap({ max_drawdown: 0.55 }).grade, "C");
  assert.equal(cap({ suitable: false }).grade, "C");
  assert.equal(cap({ excess_return: -0.01 }).grade, "B");
  assert.equal(cap({ wf_consistency: 0.4 }).grade, "B");
  const few = cap({ total_trades: 3 });
  assert.equal(few.grade, "B");
  assert.equal(few.insufficient_sample, true);
  assert.deepEqual(
    cap({ total_return: -0.1, excess_return: -0.3 }).vetoes.map((v) => v.key),
    ["negative_return", "below_buy_hold"],
  );
  assert.match(RUBRIC_TEXT, /\| wf_consistency \|/);
  assert.match(RUBRIC_TEXT, /\| losing_system \| profit_factor < 1/);
});

const perf = (o: Partial<Performance>): Performance => ({ ...Object.fromEntries(METRIC_NAMES.map((m) => [m, 0])), ...o }) as Performance;

test("suitability: enough bars, trades, liquidity (amount or close × volume), tradable; segment checks", () => {
  const bars = allocSeries(300);
  for (let i = 0; i < 300; i++) {
    bars.close[i] = 10;
    bars.vol[i] = i % 20 === 0 ? 0 : 2e6;
    bars.amount[i] = i < 150 ? 0 : 2e7;
  }
  assert.equal(medianAmount(bars, 60), 2e7);
  const basic = basicChecks(bars, perf({ total_trades: 12 }));
  assert.deepEqual(
    basic.map((c) => [c.name, c.passed]),
    [
      ["enough_bars", true],
      ["enough_trades", true],
      ["liquidity", true],
      ["tradable", true],
    ],
  );
  bars.amount.fill(0);
  bars.vol.fill(1e5);
  assert.equal(basicChecks(bars, perf({ total_trades: 12 }))[2]!.passed, false, "1e5 × 10 CNY is illiquid");
  assert.deepEqual(segmentSpans(100), [
    { start: 0, end: 60 },
    { start: 60, end: 80 },
    { start: 80, end: 100 },
  ]);
  const seg = segmentChecks([
    { bars: 60, p: perf({ total_return: 0.1, total_trades: 6, sharpe: 1 }) },
    { bars: 20, p: perf({ total_return: 0.05, total_trades: 2, sharpe: 0.5 }) },
    { bars: 20, p: perf({ total_return: -0.02, total_trades: 1, sharpe: -2, max_drawdown: 0.1 }) },
  ]);
  assert.deepEqual(
    seg.map((c) => [c.name, c.passed]),
    [
      ["train_profitable", true],
      ["valid_profitable", true],
      ["test_profitable", false],
      ["sign_consistent", false],
      ["drawdown_bounded", true],
      ["train_enough_trades", true],
      ["test_active", true],
      ["oos_sharpe_positive", false],
    ],
  );
  const s = summariseChecks([...basic, ...seg]);
  assert.equal(s.passed_count, 9);
  assert.equal(s.total_checks, 12);
  assert.equal(s.suitable, true);
  assert.equal(s.high_fitness, true);
});

test("benchmark comparison: a curve against itself has beta 1, alpha 0, no tracking error", () => {
  const curve = Float64Array.from([100, 101, 99, 102, 104, 103]);
  const same = compareToBenchmark(curve, curve, 242);
  assert.ok(Math.abs(same.beta - 1) < 1e-12, "Math.abs(same.beta - 1) < 1e-12");
  assert.ok(Math.abs(same.alpha) < 1e-12, "Math.abs(same.alpha) < 1e-12");
  assert.equal(same.tracking_error, 0);
  assert.ok(Number.isNaN(same.information_ratio), "Number.isNaN(same.information_ratio)");
  const doubled = compareToBenchmark(
    curve.map((v, i) => 100 * (1 + 2 * (v / (i ? curve[i - 1]! : v) - 1))),
    curve,
    242,
  );
  assert.ok(Number.isFinite(doubled.beta), "Number.isFinite(doubled.beta)");
  assert.ok(Number.isNaN(compareToBenchmark([1, 2], [1, 2], 242).beta), "too few bars");
});

test("vetoes apply exactly as the published rubric states them, at their boundaries", () => {
  const keys = (x: Partial<RubricInput>) => rate({ ...good, ...x }).grade.vetoes.map((v) => v.key);
  // total_return ≤ 0
  assert.ok(keys({ total_return: 0 }).includes("negative_return"), "a zero return is vetoed");
  assert.ok(!keys({ total_return: 1e-9 }).includes("negative_return"));
  // max_drawdown > 50 %
  assert.ok(!keys({ max_drawdown: 0.5 }).includes("deep_drawdown"), "exactly 50 % is not");
  assert.ok(keys({ max_drawdown: 0.5000001 }).includes("deep_drawdown"));
  // walk-forward consistency < 0.5
  assert.ok(!keys({ wf_consistency: 0.5 }).includes("unstable_out_of_sample"), "half the windows profitable is not");
  assert.ok(keys({ wf_consistency: 0.4999 }).includes("unstable_out_of_sample"));
  // total_trades < 10
  assert.ok(!keys({ total_trades: 10 }).includes("insufficient_sample"), "ten trades is not");
  assert.ok(keys({ total_trades: 9 }).includes("insufficient_sample"));
  assert.equal(rate({ ...good, total_trades: 10 }).grade.insufficient_sample, false);
  // profit_factor < 1
  assert.ok(!keys({ profit_factor: 1 }).includes("losing_system"));
  // is_losing: losing trades or a return ≤ 0
  assert.equal(rate({ ...good, total_return: 0 }).grade.is_losing, true);
  assert.equal(rate({ ...good, total_return: -0.1 }).grade.is_losing, true);
  assert.equal(rate(good).grade.is_losing, false);
});

test("a veto only lowers the grade: a cap above the score's grade leaves it", () => {
  // a weak strategy (grade D by score) with a B-cap veto stays D
  const weak: RubricInput = { ...good, annual_return: -0.2, sharpe: 0, max_drawdown: 0.45, excess_return: -0.3, wf_consistency: 0.6, total_return: 0.01 };
  const r = rate(weak);
  assert.ok(r.score.total < 40, `score ${r.score.total}`);
  assert.ok(
    r.grade.vetoes.some((v) => v.cap === "B"),
    "a B cap applies",
  );
  assert.equal(r.grade.grade, "D");
});

test("a plain backtest's grade reads excess return as its return minus buy-and-hold's", () => {
  const figures = { total_return: 0.5, annual_return: 0.4, sharpe: 2, max_drawdown: 0.1, profit_factor: 2, total_trades: 40 };
  // the same figures; only buy-and-hold differs: beating it (excess 0.3) is S, trailing it (excess −0.3) is capped at B
  assert.equal(rateBacktest({ ...figures, buy_hold_return: 0.2 }), "S");
  assert.equal(rateBacktest({ ...figures, buy_hold_return: 0.8 }), "B");
});

test("suitability rules as the published text states them, at their boundaries", () => {
  const seg = (t: Partial<Performance>, v: Partial<Performance>, te: Partial<Performance>, bars: [number, number, number] = [60, 20, 20]) =>
    Object.fromEntries(
      segmentChecks([
        { bars: bars[0], p: perf({ total_return: 0.1, total_trades: 6, sharpe: 1, ...t }) },
        { bars: bars[1], p: perf({ total_return: 0.1, total_trades: 2, sharpe: 1, ...v }) },
        { bars: bars[2], p: perf({ total_return: 0.1, total_trades: 2, sharpe: 1, ...te }) },
      ]).map((c) => [c.name, c.passed]),
    );
  // test_active: ≥ 1 test trade at ≥ 1/3 of the train trade rate (train 6 per 60 bars; test 20 bars need ≥ 2/3 trade)
  assert.equal(seg({ total_trades: 6 }, {}, { total_trades: 1 }).test_active, true, "test rate 1/20 ≥ (6/60)/3");
  assert.equal(seg({ total_trades: 9 }, {}, { total_trades: 1 }).test_active, true, "1/20 = (9/60)/3: the bound is inclusive");
  assert.equal(seg({ total_trades: 10 }, {}, { total_trades: 1 }).test_active, false, "1/20 < (10/60)/3");
  assert.equal(seg({ total_trades: 0 }, {}, { total_trades: 0 }).test_active, false, "no test trade");
  // oos_sharpe_positive: valid and test Sharpe weighted by their bars
  assert.equal(seg({}, { sharpe: 1 }, { sharpe: -2 }, [60, 100, 20]).oos_sharpe_positive, true, "(100·1 − 20·2)/120 > 0");
  assert.equal(seg({}, { sharpe: 1 }, { sharpe: -2 }, [60, 20, 100]).oos_sharpe_positive, false, "(20·1 − 100·2)/120 < 0");
  // drawdown_bounded: test max drawdown < 50 %
  assert.equal(seg({}, {}, { max_drawdown: 0.5 }).drawdown_bounded, false);
  assert.equal(seg({}, {}, { max_drawdown: 0.4999 }).drawdown_bounded, true);
  // tradable: ≤ 10 % of the bars suspended
  const bars = allocSeries(300);
  for (let i = 0; i < 300; i++) {
    bars.close[i] = 10;
    bars.amount[i] = 2e7;
    bars.vol[i] = i < 30 ? 0 : 2e6;
  }
  assert.equal(basicChecks(bars, perf({ total_trades: 12 }))[3]!.passed, true, "30 of 300 bars suspended: exactly 10 %");
  bars.vol[30] = 0;
  assert.equal(basicChecks(bars, perf({ total_trades: 12 }))[3]!.passed, false, "31 of 300");
  // high_fitness: suitable and ≥ 75 % of all checks passed; a failed basic check rules it out whatever the share
  const check = (name: string, passed: boolean) => ({ name, passed, detail: "" });
  const eight = ["train_profitable", "valid_profitable", "test_profitable", "sign_consistent", "drawdown_bounded", "train_enough_trades", "test_active", "oos_sharpe_positive"].map((n) =>
    check(n, true),
  );
  const basics = (failed: string | null) => ["enough_bars", "enough_trades", "liquidity", "tradable"].map((n) => check(n, n !== failed));
  assert.equal(summariseChecks([...basics(null), ...eight]).high_fitness, true);
  const unsuitable = summariseChecks([...basics("liquidity"), ...eight]);
  assert.equal(unsuitable.suitable, false);
  assert.ok(unsuitable.pass_ratio >= 0.75, "11 of 12 passed");
  assert.equal(unsuitable.high_fitness, false);
});

test("benchmark comparison, hand-checked: a strategy returning 2 × the benchmark + 0.1 % a bar", () => {
  const rb = [0.02, -0.01, 0.02, -0.01];
  const rs = rb.map((r) => 2 * r + 0.001);
  const curve = (rets: number[]) => {
    const c = [100];
    for (const r of rets) c.push(c[c.length - 1]! * (1 + r));
    return c;
  };
  const c = compareToBenchmark(curve(rs), curve(rb), 242);
  const near = (a: number, b: number, what: string) => assert.ok(Math.abs(a - b) < 1e-9 * Math.max(1, Math.abs(b)), `${what}: ${a} vs ${b}`);
  near(c.beta, 2, "beta = cov/var = 2");
  near(c.alpha, 0.001 * 242, "alpha = (mean r_s − 2 · mean r_b) × 242");
  // r_s − r_b = r_b + 0.001: mean 0.006, deviations ±0.015, sample std √(4 · 0.015² / 3)
  const sd = Math.sqrt((4 * 0.015 ** 2) / 3);
  near(c.tracking_error, sd * Math.sqrt(242), "tracking error");
  near(c.information_ratio, (0.006 / sd) * Math.sqrt(242), "information ratio");
});
