/**
 * Research on top of the backtest engine: parameter grids and searches,
 * walk-forward, multi-seed runs, rotation, suitability and the rubric that
 * rates a result.
 *
 * The module's front door: code outside the module imports only this file
 * (README.md "Layout"; tests may import a file directly).
 */
export { type BenchmarkComparison, compareToBenchmark } from "./benchmark-comparison.ts";
export { choose, combinationsOf } from "./combinations.ts";
export { compileScoreFormula, formulaScore } from "./formula-score.ts";
export { heatmapOf, metricAt, rankGrid, rankingRows, SUMMARY_METRICS, summaryRow } from "./grid-report.ts";
export { METRIC_COUNT, metricValues, sweepMetrics } from "./grid-search.ts";
export { DEFAULT_GATES, type GateKey, sampleRuns, summariseRuns } from "./multi-seed.ts";
export { directionOf, rankOrder } from "./objective.ts";
export { chunkRanges, gridPoint, gridSize, gridValues, type ParamGrid } from "./param-grid.ts";
export { pointNote, qualifies } from "./point-notes.ts";
export { rotationResult, type RotationResult } from "./rotation-result.ts";
export { momentumScore, type RotationOptions, runRotation } from "./rotation.ts";
export { type PerformanceFigures, rate, rateBacktest, RUBRIC_TEXT, VETO_REASONS } from "./rubric.ts";
export { seededRandom, shuffled } from "./seeded-random.ts";
export { MemoTable, type SeriesMemo } from "./series-memo.ts";
export { type Direction, scanSignals } from "./signal-scan.ts";
export { basicChecks, CHECK_DETAILS, type FitnessCheck, SEGMENT_NAMES, segmentChecks, segmentSpans, SPLIT, summariseChecks, THRESHOLDS } from "./suitability.ts";
export { isolatedSpan, MIN_WINDOW_BARS, planWalkForward, summariseWalkForward, type WalkForwardOptions, type WalkForwardWindow } from "./walk-forward.ts";
