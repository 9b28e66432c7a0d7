/**
 * Portfolio backtest results: metrics of the whole account and of each symbol's
 * sleeve, and the JSON-ready PortfolioResult. `allocation: "independent"` (the
 * default, easy_tdx's meaning) runs each leg as its own backtest with its share
 * of the cash (multi-strategy.ts); `"shared"` runs the one-account kernel.
 */
import { DEFAULT_PORTFOLIO_CONFIG, type PortfolioConfig } from "./config.ts";
import type { Performance } from "./metric-docs.ts";
import { buyHoldReturn, performanceOf, tallyFills, TradeTally, type EquityTrack } from "./metrics.ts";
import { resolveWeights, runPortfolio, type PortfolioLeg, type PortfolioRun } from "./portfolio-kernel.ts";
import { assemblePortfolioResult, type PortfolioResult } from "./portfolio-result.ts";
import { runMultiStrategy, toMultiStrategyResult } from "./multi-strategy.ts";
import { equityRows, performanceJson, positionRows, tradeRows } from "./result-rows.ts";
import type { BacktestResult } from "./single-run.ts";

function refusalsOf(run: PortfolioRun, leg: number): number {
  let n = 0;
  for (let i = 0; i < run.refusals.count; i++) if (run.refusals.leg[i] === leg) n++;
  return n;
}

/** A leg's sleeve as an equity track on the portfolio timeline. */
function legTrack(run: PortfolioRun, s: number): EquityTrack {
  const leg = run.legs[s]!;
  return { length: run.length, time: run.time, equity: leg.equity, cash: leg.cash, held: leg.held };
}

function legPerformance(run: PortfolioRun, s: number, config: PortfolioConfig): Performance {
  const leg = run.legs[s]!;
  return performanceOf(legTrack(run, s), tallyFills(run.fills, run.time, s, new TradeTally()), {
    initialCash: leg.weight * config.cash,
    annualDays: config.annual_days,
    riskFreeRate: config.risk_free_rate,
    buyHold: buyHoldReturn(leg.bars.close, config.warmup_bars),
    openTrades: run.length > 0 && leg.shares[run.length - 1] !== 0 ? 1 : 0,
    rejected: refusalsOf(run, s),
  });
}

/** Metrics of the whole account; buy-and-hold is the weight-averaged value of the symbols (cash earns 0). */
export function portfolioPerformance(run: PortfolioRun, config: PortfolioConfig): Performance {
  let buyHold = 0;
  let open = 0;
  for (const leg of run.legs) {
    buyHold += leg.weight * buyHoldReturn(leg.bars.close, config.warmup_bars);
    if (run.length > 0 && leg.shares[run.length - 1] !== 0) open++;
  }
  return performanceOf(run, tallyFills(run.fills, run.time, -1, new TradeTally()), {
    initialCash: config.cash,
    annualDays: config.annual_days,
    riskFreeRate: config.risk_free_rate,
    buyHold,
    openTrades: open,
    rejected: run.refusals.count,
  });
}

function legResult(run: PortfolioRun, s: number, config: PortfolioConfig): BacktestResult {
  const leg = run.legs[s]!;
  return {
    performance: performanceJson(legPerformance(run, s, config)),
    equity_curve: equityRows(legTrack(run, s)),
    trades: tradeRows(run.time, run.fills, run.refusals, s),
    positions: positionRows(run.time, leg.shares, leg.value, run.length, run.fills, s),
    config: { ...config, security: leg.rules.security },
  };
}

export function toPortfolioResult(run: PortfolioRun, config: PortfolioConfig): PortfolioResult<PortfolioConfig> {
  return assemblePortfolioResult(
    run,
    portfolioPerformance(run, config),
    run.legs.map((leg, s) => ({ key: leg.key, weight: leg.weight, result: legResult(run, s, config) })),
    config,
  );
}

/** One-call portfolio backtest: defaults fill in any setting not given. */
export function backtestPortfolio(legs: readonly PortfolioLeg[], config: Partial<PortfolioConfig>): PortfolioResult<PortfolioConfig> {
  const full = { ...DEFAULT_PORTFOLIO_CONFIG, ...config };
  if (full.allocation === "independent") return toMultiStrategyResult(runMultiStrategy(legs, full, resolveWeights(legs)), full);
  return toPortfolioResult(runPortfolio(legs, full), full);
}
