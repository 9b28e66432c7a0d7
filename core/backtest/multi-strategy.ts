/**
 * Independent runs combined into one account: N single-symbol backtests (each
 * its own strategy and symbol), each with its share of the capital, weight × cash
 * (1/N unless weights are given; cash no weight claims stays idle). This is
 * easy_tdx's multi-strategy engine and also its portfolio engine
 * (backtest/portfolio_engine.py: each stock run alone with cash/N, the total the
 * allocation-weighted result). The combined equity at a step is the idle cash
 * plus the sum of every run's latest equity at or before it (a run that has not
 * started yet counts at its initial capital), so runs over different date ranges
 * combine without jumps. The result has the same structure as a portfolio result.
 */
import type { BarSeries } from "../bars/index.ts";
import { DEFAULT_CONFIG, type BacktestConfig } from "./config.ts";
import { KernelWorkspace, runKernel, type KernelRun, type SignalArrays } from "./kernel.ts";
import type { Performance } from "./metric-docs.ts";
import { buyHoldReturn, performanceOf, tallyFills, TradeTally, type EquityTrack } from "./metrics.ts";
import { planBacktest, type KernelPlan } from "./plan.ts";
import { assemblePortfolioResult, type PortfolioResult } from "./portfolio-result.ts";
import type { SecurityInfo } from "../market/index.ts";
import { toResult } from "./single-run.ts";
import { carryForward, unionTimeline } from "./timeline.ts";

export interface StrategySlot {
  /** Name in the result; easy_tdx uses `"{label}@{symbol}"` (multi-strategy) and `"SZ000001"` (portfolio). */
  readonly key: string;
  readonly bars: BarSeries;
  readonly signals: SignalArrays;
  readonly security: SecurityInfo;
}

export interface SlotRun {
  readonly key: string;
  /** Share of the capital. */
  readonly weight: number;
  readonly bars: BarSeries;
  readonly plan: KernelPlan;
  readonly run: KernelRun;
}

export interface MultiStrategyRun extends EquityTrack {
  readonly slots: readonly SlotRun[];
}

/** `weights`: one per slot (≥ 0, sum ≤ 1); default 1/N each. */
export function runMultiStrategy(slots: readonly StrategySlot[], config: BacktestConfig, weights?: ArrayLike<number>): MultiStrategyRun {
  if (slots.length === 0) throw new RangeError("a multi-strategy run needs at least one slot");
  const runs = slots.map((slot, i) => {
    const weight = weights ? weights[i]! : 1 / slots.length;
    const plan = planBacktest({ ...config, cash: config.cash * weight }, slot.security);
    const run = runKernel(slot.bars, slot.signals, plan, new KernelWorkspace(slot.bars.length));
    return { key: slot.key, weight, bars: slot.bars, plan, run };
  });
  // weights that sum to 1 up to rounding leave nothing idle (no float residue in the total)
  const claimed = runs.reduce((a, r) => a + r.weight, 0);
  const idle = claimed > 1 - 1e-9 ? 0 : config.cash * (1 - claimed);
  const { time, index } = unionTimeline(runs.map((r) => r.bars.time));
  const T = time.length;
  const equity = new Float64Array(T).fill(idle);
  const cash = new Float64Array(T).fill(idle);
  const held = new Uint8Array(T);
  runs.forEach(({ run, plan }, i) => {
    const map = index[i]!;
    const share = plan.config.cash;
    const e = carryForward(map, run.equity, share);
    const c = carryForward(map, run.cash, share);
    const sh = carryForward(map, run.shares, 0);
    for (let k = 0; k < T; k++) {
      equity[k]! += e[k]!;
      cash[k]! += c[k]!;
      const j = map[k]!;
      // on its own bar the run's flag (it covers an exit's bar), else whether it still holds shares
      if ((j === -1 ? (sh[k]! !== 0 ? 1 : 0) : run.held[j]!) === 1) held[k] = 1;
    }
  });
  return { length: T, time, equity, cash, held, slots: runs };
}

/** Metrics of the combined account; buy-and-hold is the weight-averaged return of the slots' symbols (idle cash earns 0). */
export function multiStrategyPerformance(multi: MultiStrategyRun, config: BacktestConfig): Performance {
  const tally = new TradeTally();
  let buyHold = 0;
  let open = 0;
  let rejected = 0;
  for (const { bars, run, weight } of multi.slots) {
    tallyFills(run.fills, bars.time, -1, tally);
    buyHold += weight * buyHoldReturn(bars.close, config.warmup_bars);
    if (run.length > 0 && run.shares[run.length - 1] !== 0) open++;
    rejected += run.refusals.count;
  }
  return performanceOf(multi, tally, {
    initialCash: config.cash,
    annualDays: config.annual_days,
    riskFreeRate: config.risk_free_rate,
    buyHold,
    openTrades: open,
    rejected,
  });
}

export function toMultiStrategyResult<C extends BacktestConfig>(multi: MultiStrategyRun, config: C): PortfolioResult<C> {
  return assemblePortfolioResult(
    multi,
    multiStrategyPerformance(multi, config),
    multi.slots.map((s) => ({ key: s.key, weight: s.weight, result: toResult(s.bars, s.run, s.plan) })),
    config,
  );
}

/** One-call multi-strategy backtest: defaults fill in any setting not given. */
export function backtestMultiStrategy(slots: readonly StrategySlot[], config: Partial<BacktestConfig>): PortfolioResult<BacktestConfig> {
  const full = { ...DEFAULT_CONFIG, ...config };
  return toMultiStrategyResult(runMultiStrategy(slots, full), full);
}
