/**
 * `tdx-forge/backtest`: the backtest engine under A-share rules (core/backtest:
 * T+1, board lots, price limits, suspensions, statutory fees) for one security,
 * a portfolio or several strategies, and the built-in strategy plugins.
 */
export * from "../../core/backtest/index.ts";
export { strategies } from "../../plugins/strategies/index.ts";
export { definePlugin, z } from "../../plugins/define-plugin.ts";
export type { StrategyParams, StrategyPlugin, StrategySignals } from "../../ports/plugins.ts";
