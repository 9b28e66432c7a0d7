/**
 * What a finished task's result is, read from its shape rather than trusted:
 * a single-symbol backtest (performance + equity curve + trades), a portfolio
 * or multi-strategy run (total performance + combined equity + members), a
 * formula screen (rows), or one of the research results (an optimisation with
 * its ranking and best run, the ranking of every strategy, a walk-forward, an
 * evaluation, a multi-seed validation, a rotation). Anything with a
 * performance and an equity curve can be compared with anything else that has
 * them: an optimisation through its best run, a rotation through its account.
 */
import { type PerformanceFigures, rateBacktest } from "../../../../core/research/index.ts";
import type { BacktestResult, EquityPoint, Performance, PortfolioResult, ScreenResult } from "../api/backtest-types.ts";
import type { EvaluationResult, MultiSeedResult, OptimizeAllResult, OptimizeResult, RotationResult, WalkForwardResult } from "../api/research-types.ts";
import type { EquityCurve } from "../charts/equity-option.ts";
import { barKey } from "./time-keys.ts";

export type ResultShape =
  | { readonly kind: "single"; readonly result: BacktestResult }
  | { readonly kind: "portfolio"; readonly result: PortfolioResult }
  | { readonly kind: "screen"; readonly result: ScreenResult }
  | { readonly kind: "optimize"; readonly result: OptimizeResult }
  | { readonly kind: "optimize_all"; readonly result: OptimizeAllResult }
  | { readonly kind: "walkforward"; readonly result: WalkForwardResult }
  | { readonly kind: "evaluation"; readonly result: EvaluationResult }
  | { readonly kind: "multiseed"; readonly result: MultiSeedResult }
  | { readonly kind: "rotation"; readonly result: RotationResult }
  | { readonly kind: "other" };

const obj = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

export function shapeOf(result: unknown): ResultShape {
  if (!obj(result)) return { kind: "other" };
  // A rotation also has a performance, an equity curve and trades: its rebalances tell it apart.
  if (obj(result.performance) && Array.isArray(result.equity_curve) && Array.isArray(result.rebalances)) return { kind: "rotation", result: result as unknown as RotationResult };
  if (obj(result.performance) && Array.isArray(result.equity_curve) && Array.isArray(result.trades)) return { kind: "single", result: result as unknown as BacktestResult };
  if (Array.isArray(result.ranking) && Array.isArray(result.param_names) && obj(result.best_result)) return { kind: "optimize", result: result as unknown as OptimizeResult };
  if (Array.isArray(result.ranking) && obj(result.per_strategy)) return { kind: "optimize_all", result: result as unknown as OptimizeAllResult };
  if (obj(result.score) && obj(result.grade) && obj(result.fitness) && obj(result.walkforward)) return { kind: "evaluation", result: result as unknown as EvaluationResult };
  if (obj(result.walkforward) && Array.isArray(result.walkforward.windows)) return { kind: "walkforward", result: result as unknown as WalkForwardResult };
  if (Array.isArray(result.runs) && Array.isArray(result.gates) && obj(result.per_seed_positive_ratio)) return { kind: "multiseed", result: result as unknown as MultiSeedResult };
  if (obj(result.total_performance) && Array.isArray(result.combined_equity) && obj(result.individual_results)) return { kind: "portfolio", result: result as unknown as PortfolioResult };
  if (Array.isArray(result.rows) && Array.isArray(result.columns)) return { kind: "screen", result: result as unknown as ScreenResult };
  return { kind: "other" };
}

export interface Comparable {
  readonly performance: Performance;
  readonly equity: readonly EquityPoint[];
}

export function comparableOf(result: unknown): Comparable | null {
  const s = shapeOf(result);
  if (s.kind === "single") return { performance: s.result.performance, equity: s.result.equity_curve };
  if (s.kind === "portfolio") return { performance: s.result.total_performance, equity: s.result.combined_equity };
  if (s.kind === "optimize") return { performance: s.result.best_result.performance, equity: s.result.best_result.equity_curve };
  if (s.kind === "rotation") return { performance: s.result.performance, equity: s.result.equity_curve };
  return null;
}

export function curveOf(name: string, points: readonly EquityPoint[]): EquityCurve {
  return { name, times: points.map((p) => barKey(p.datetime)), values: points.map((p) => p.total), drawdown: points.map((p) => p.drawdown_pct) };
}

const GRADES = new Set(["S", "A", "B", "C", "D"]);

/**
 * The S/A/B/C/D grade of a result: the one it carries (`grade`, `rating`, or
 * inside `evaluation`), else the evaluation's rubric on its figures without
 * the walk-forward part (core's `rateBacktest`, the rule easy_tdx's pages
 * apply to every backtest, portfolio and optimisation); null without figures.
 */
export function gradeOf(result: unknown): string | null {
  if (!obj(result)) return null;
  for (const v of [result.grade, result.rating, obj(result.evaluation) ? (result.evaluation.grade ?? result.evaluation.rating) : undefined]) {
    if (typeof v === "string" && GRADES.has(v.toUpperCase())) return v.toUpperCase();
  }
  const figures = obj(result.performance) ? result.performance : obj(result.total_performance) ? result.total_performance : null;
  return figures ? rateBacktest(figures as PerformanceFigures) : null;
}

/** A ranking row (an optimisation's point) with the grade of its figures right after its rank. */
export function withGrade<R extends Readonly<Record<string, unknown>>>(row: R): R & { grade: string | null } {
  const { rank, ...rest } = row;
  return { ...(rank === undefined ? {} : { rank }), grade: rateBacktest(row as PerformanceFigures), ...rest } as R & { grade: string | null };
}
