/**
 * The evaluation's suitability check ("fitness", easy_tdx's name): basic
 * conditions for trusting a backtest at all — enough bars, enough trades, a
 * liquid and tradable security — and the structural checks of a
 * train/valid/test split (60/20/20 of the bars, each segment run on its own)
 * asking whether what earned money in the first part kept earning later.
 * Thresholds are constants here and listed in the OpenAPI description.
 */
import type { BarSeries } from "../bars/index.ts";
import type { Performance } from "../backtest/index.ts";
import type { BarSpan } from "./walk-forward.ts";
import { fillTemplate } from "../text/index.ts";

export const SPLIT = [0.6, 0.2, 0.2] as const;
export const SEGMENT_NAMES = ["train", "valid", "test"] as const;

export const THRESHOLDS = {
  /** About one year of A-share trading days. */
  min_bars: 242,
  min_trades: 10,
  /** Median turnover of the last `liquidity_bars` bars, CNY. */
  min_median_amount: 10_000_000,
  liquidity_bars: 60,
  /** Largest share of suspended bars (volume exactly 0). */
  max_suspended_share: 0.1,
  min_train_trades: 5,
  /** Deepest drawdown allowed in the test segment. */
  max_test_drawdown: 0.5,
  /** Share of checks to pass for `high_fitness` (with every basic check passed). */
  high_fitness_ratio: 0.75,
} as const;

export const BASIC_CHECKS = ["enough_bars", "enough_trades", "liquidity", "tradable"] as const;

/** The three segments of `n` bars. */
export function segmentSpans(n: number): BarSpan[] {
  const a = Math.floor(n * SPLIT[0]);
  const b = a + Math.floor(n * SPLIT[1]);
  return [
    { start: 0, end: a },
    { start: a, end: b },
    { start: b, end: n },
  ];
}

export interface FitnessCheck {
  readonly name: string;
  readonly passed: boolean;
  readonly detail: string;
}

/** Median turnover of the last bars: `amount`, or close × volume where amount is missing or 0. */
export function medianAmount(bars: BarSeries, last: number): number {
  const from = Math.max(0, bars.length - last);
  const xs: number[] = [];
  for (let i = from; i < bars.length; i++) {
    const a = bars.amount[i]!;
    const v = a > 0 ? a : bars.close[i]! * bars.vol[i]!;
    if (Number.isFinite(v)) xs.push(v);
  }
  if (xs.length === 0) return Number.NaN;
  xs.sort((x, y) => x - y);
  const m = xs.length >> 1;
  return xs.length % 2 === 1 ? xs[m]! : (xs[m - 1]! + xs[m]!) / 2;
}

const pct = (x: number) => `${(x * 100).toFixed(2)}%`;

/** Each check's `detail`, as templates (message-template.ts): the web app matches the values back out to say it in its language. */
export const CHECK_DETAILS = {
  enough_bars: "{bars} bars (need ≥ {min})",
  enough_trades: "{trades} trades (need ≥ {min})",
  liquidity: "median turnover of the last {n} bars {amount} CNY (need ≥ {min})",
  tradable: "{share} of the bars suspended (allowed ≤ {max})",
  train_profitable: "train return {ret}",
  valid_profitable: "valid return {ret}",
  test_profitable: "test return {ret}",
  sign_consistent: "segment returns {list}",
  drawdown_bounded: "test max drawdown {dd} (allowed < {max})",
  train_enough_trades: "{trades} train trades (need ≥ {min})",
  test_active: "{trades} test trades, {rate} per 100 bars (train {train})",
  oos_sharpe_positive: "valid + test Sharpe, weighted by bars: {sharpe}",
} as const;
const D = CHECK_DETAILS;

/** Basic checks on the whole history and its full backtest. */
export function basicChecks(bars: BarSeries, full: Performance): FitnessCheck[] {
  const T = THRESHOLDS;
  const amount = medianAmount(bars, T.liquidity_bars);
  let suspended = 0;
  for (let i = 0; i < bars.length; i++) if (bars.vol[i] === 0) suspended++;
  const share = bars.length > 0 ? suspended / bars.length : 1;
  return [
    { name: "enough_bars", passed: bars.length >= T.min_bars, detail: fillTemplate(D.enough_bars, { bars: bars.length, min: T.min_bars }) },
    { name: "enough_trades", passed: full.total_trades >= T.min_trades, detail: fillTemplate(D.enough_trades, { trades: full.total_trades, min: T.min_trades }) },
    {
      name: "liquidity",
      passed: amount >= T.min_median_amount,
      detail: fillTemplate(D.liquidity, {
        n: T.liquidity_bars,
        amount: Number.isFinite(amount) ? Math.round(amount).toLocaleString("en-US") : "unknown",
        min: T.min_median_amount.toLocaleString("en-US"),
      }),
    },
    { name: "tradable", passed: share <= T.max_suspended_share, detail: fillTemplate(D.tradable, { share: pct(share), max: pct(T.max_suspended_share) }) },
  ];
}

/** Checks on the train/valid/test results (segments with their bar counts). */
export function segmentChecks(seg: readonly { readonly bars: number; readonly p: Performance }[]): FitnessCheck[] {
  const [tr, va, te] = seg as [(typeof seg)[0], (typeof seg)[0], (typeof seg)[0]];
  const T = THRESHOLDS;
  const returns = [tr.p.total_return, va.p.total_return, te.p.total_return];
  const positive = returns.map((r) => r > 0);
  const trainRate = tr.p.total_trades / Math.max(tr.bars, 1);
  const testRate = te.p.total_trades / Math.max(te.bars, 1);
  const sharpe = (x: number) => (Number.isFinite(x) ? x : 0);
  const oosSharpe = (sharpe(va.p.sharpe) * va.bars + sharpe(te.p.sharpe) * te.bars) / Math.max(va.bars + te.bars, 1);
  return [
    { name: "train_profitable", passed: positive[0]!, detail: fillTemplate(D.train_profitable, { ret: pct(returns[0]!) }) },
    { name: "valid_profitable", passed: positive[1]!, detail: fillTemplate(D.valid_profitable, { ret: pct(returns[1]!) }) },
    { name: "test_profitable", passed: positive[2]!, detail: fillTemplate(D.test_profitable, { ret: pct(returns[2]!) }) },
    { name: "sign_consistent", passed: positive.every((x) => x) || positive.every((x) => !x), detail: fillTemplate(D.sign_consistent, { list: returns.map(pct).join(", ") }) },
    { name: "drawdown_bounded", passed: te.p.max_drawdown < T.max_test_drawdown, detail: fillTemplate(D.drawdown_bounded, { dd: pct(te.p.max_drawdown), max: pct(T.max_test_drawdown) }) },
    { name: "train_enough_trades", passed: tr.p.total_trades >= T.min_train_trades, detail: fillTemplate(D.train_enough_trades, { trades: tr.p.total_trades, min: T.min_train_trades }) },
    {
      name: "test_active",
      passed: te.p.total_trades >= 1 && testRate >= trainRate / 3,
      detail: fillTemplate(D.test_active, { trades: te.p.total_trades, rate: (testRate * 100).toFixed(2), train: (trainRate * 100).toFixed(2) }),
    },
    { name: "oos_sharpe_positive", passed: oosSharpe > 0, detail: fillTemplate(D.oos_sharpe_positive, { sharpe: oosSharpe.toFixed(2) }) },
  ];
}

export interface FitnessSummary {
  readonly pass_ratio: number;
  readonly passed_count: number;
  readonly total_checks: number;
  /** Every basic check passed. */
  readonly suitable: boolean;
  readonly high_fitness: boolean;
}

export function summariseChecks(checks: readonly FitnessCheck[]): FitnessSummary {
  const passed = checks.filter((c) => c.passed).length;
  const suitable = BASIC_CHECKS.every((name) => checks.find((c) => c.name === name)?.passed === true);
  const ratio = checks.length > 0 ? passed / checks.length : 0;
  return {
    pass_ratio: Math.round(ratio * 10_000) / 10_000,
    passed_count: passed,
    total_checks: checks.length,
    suitable,
    high_fitness: suitable && ratio >= THRESHOLDS.high_fitness_ratio,
  };
}
