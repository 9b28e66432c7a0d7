/**
 * What a finished task's result is, read from its shape rather than trusted:
 * a single-symbol backtest (performance + equity curve + trades), a portfolio
 * or multi-strategy run (total performance + combined equity + members), or a
 * formula screen (rows). Anything with a performance and an equity curve can
 * be compared with anything else that has them.
 */
import type { BacktestResult, EquityPoint, Performance, PortfolioResult, ScreenResult } from "../api/backtest-types.ts";
import type { EquityCurve } from "../charts/equity-option.ts";
import { barKey } from "./time-keys.ts";

export type ResultShape =
  | { readonly kind: "single"; readonly result: BacktestResult }
  | { readonly kind: "portfolio"; readonly result: PortfolioResult }
  | { readonly kind: "screen"; readonly result: ScreenResult }
  | { readonly kind: "other" };

const obj = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

export function shapeOf(result: unknown): ResultShape {
  if (!obj(result)) return { kind: "other" };
  if (obj(result.performance) && Array.isArray(result.equity_curve) && Array.isArray(result.trades)) return { kind: "single", result: result as unknown as BacktestResult };
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
  return null;
}

export function curveOf(name: string, points: readonly EquityPoint[]): EquityCurve {
  return { name, times: points.map((p) => barKey(p.datetime)), values: points.map((p) => p.total), drawdown: points.map((p) => p.drawdown_pct) };
}

const GRADES = new Set(["S", "A", "B", "C", "D"]);

/**
 * The S/A/B/C/D grade a result carries (`grade`, `rating`, or inside
 * `evaluation`), or null: the page never derives one itself.
 */
export function gradeOf(result: unknown): string | null {
  if (!obj(result)) return null;
  for (const v of [result.grade, result.rating, obj(result.evaluation) ? result.evaluation.grade ?? result.evaluation.rating : undefined]) {
    if (typeof v === "string" && GRADES.has(v.toUpperCase())) return v.toUpperCase();
  }
  return null;
}
