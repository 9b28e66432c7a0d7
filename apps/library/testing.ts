/**
 * `tdx-forge/testing`: a harness for plugin authors: fast-check arbitraries of
 * bar series under A-share rules (harness/bar-arbitraries.ts) and a recorded
 * TDX session replayed into a strategy run (harness/session-replay.ts).
 * fast-check is the caller's own dev dependency.
 */
export { barSeries, LOT_SHARES, listedSecurity, SHARE_BOARDS, type BarSeriesOptions, type MarketBars, type ShareBoard } from "./harness/bar-arbitraries.ts";
export { replayStrategyRun, type ReplayRun, type ReplayRunOptions } from "./harness/session-replay.ts";
export { sliceSeries, type BarSeries } from "../../core/bars/index.ts";
export type { SecurityRules } from "../../core/market/index.ts";
export type { StrategyPlugin, StrategySignals } from "../../ports/plugins.ts";
