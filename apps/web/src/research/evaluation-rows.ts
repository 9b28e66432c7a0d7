/**
 * An evaluation's tables: each scoring dimension with its raw value, score,
 * weight and the points it adds to the total (score × weight); the strategy
 * beside buy-and-hold on the figures the benchmark reports; the train, valid
 * and test segments of the suitability check.
 */
import type { EvaluationResult } from "../api/research-types.ts";

export interface DimensionRow {
  readonly key: string;
  readonly label: string;
  readonly raw: number | null;
  readonly score: number;
  readonly weight: number;
  readonly points: number;
}

export const dimensionRows = (r: Pick<EvaluationResult, "grade">): DimensionRow[] => r.grade.dimensions.map((d) => ({ ...d, points: d.score * d.weight }));

export interface BenchmarkRow {
  readonly metric: string;
  readonly strategy: number | null;
  readonly buy_hold: number | null;
}

/** The figures buy-and-hold reports, in its order, beside the strategy's own. */
export const benchmarkRows = (r: Pick<EvaluationResult, "performance" | "benchmark">): BenchmarkRow[] =>
  Object.entries(r.benchmark.buy_hold).map(([metric, v]) => ({ metric, strategy: r.performance[metric] ?? null, buy_hold: v }));

export const segmentRows = (r: Pick<EvaluationResult, "fitness">, nameOf: (name: string) => string): Record<string, string | number | null>[] =>
  r.fitness.segments.map((s) => ({
    segment: nameOf(s.name),
    span: `${s.start} → ${s.end}`,
    bars: s.bars,
    total_return: s.total_return,
    sharpe: s.sharpe,
    max_drawdown: s.max_drawdown,
    total_trades: s.total_trades,
    win_rate: s.win_rate,
  }));
