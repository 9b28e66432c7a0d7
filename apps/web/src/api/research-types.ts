/**
 * Shapes of the research results the pages read (the `result` of a done task):
 * the generated OpenAPI types (apps/client/openapi-types.ts: OptimizeResult and
 * its siblings) under the names the pages use. The evaluation's segment rows
 * are left open by the contract and stated here.
 */
import type { Performance } from "./backtest-types.ts";
import type { Schemas } from "./http.ts";

/** A result whose metrics the pages look up by name. */
type WithPerformance<T> = Omit<T, "performance"> & { readonly performance: Performance };

export type OptimizeResult = Schemas["OptimizeResult"];
export type Direction = OptimizeResult["direction"];
/** One evaluated grid point, flat: `rank`, the grid values, the ranking metrics (and the objective). */
export type RankingRow = OptimizeResult["ranking"][number];

export type OptimizeAllEntry = Pick<Schemas["OptimizeAllRankEntry"], "rank" | "strategy" | "strategy_label" | "params" | "grid_points" | "grid_size" | "evaluated" | "qualified" | "note"> & {
  readonly [metric: string]: unknown;
};
export type OptimizeAllResult = Omit<Schemas["OptimizeAllResult"], "ranking" | "best" | "per_strategy"> & {
  readonly ranking: readonly OptimizeAllEntry[];
  readonly best: OptimizeAllEntry | null;
  readonly per_strategy: Readonly<Record<string, OptimizeAllEntry>>;
};

export type WalkForwardWindow = WithPerformance<Schemas["WalkForwardWindow"]>;
export type WalkForward = Omit<Schemas["WalkForwardResult"], "windows"> & { readonly windows: readonly WalkForwardWindow[] };
export type WalkForwardResult = { readonly walkforward: WalkForward };

export interface EvaluationSegment {
  readonly name: string;
  readonly start: string;
  readonly end: string;
  readonly bars: number;
  readonly total_return: number | null;
  readonly sharpe: number | null;
  readonly max_drawdown: number | null;
  readonly total_trades: number;
  readonly win_rate: number | null;
}
type Evaluation = Schemas["EvaluationResult"];
export type EvaluationResult = Omit<WithPerformance<Evaluation>, "fitness" | "walkforward"> & {
  readonly walkforward: WalkForward;
  readonly fitness: Omit<Evaluation["fitness"], "segments"> & { readonly segments: readonly EvaluationSegment[] };
};
export type SuitabilityCheck = EvaluationResult["fitness"]["checks"][number];

export type MultiSeedResult = Schemas["MultiSeedResult"];
export type SeedRun = MultiSeedResult["runs"][number];
export type Gate = MultiSeedResult["gates"][number];

export type RotationResult = WithPerformance<Schemas["RotationResult"]>;
export type RotationTrade = RotationResult["trades"][number];
export type Rebalance = RotationResult["rebalances"][number];
