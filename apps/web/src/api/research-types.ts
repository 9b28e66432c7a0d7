/** Shapes of the research results the pages read (the `result` of a done task; see OptimizeResult and its siblings in GET /openapi.json). */
import type { BacktestResult, EquityPoint, ParamValue, Params, Performance, Trade } from "./backtest-types.ts";

export type Direction = "max" | "min";

/** One evaluated grid point, flat: `rank`, the grid values, the ranking metrics (and the objective). */
export type RankingRow = Readonly<Record<string, ParamValue | null>>;

export interface OptimizeResult {
  readonly strategy: string;
  readonly strategy_label: string;
  readonly param_names: readonly string[];
  readonly objective: string;
  readonly direction: Direction;
  readonly min_trades: number;
  /** Points that ran (easy_tdx's count). */
  readonly grid_points: number;
  /** Points of the grid. */
  readonly grid_size: number;
  readonly evaluated: number;
  readonly skipped: number;
  readonly skip_reasons: readonly { reason: string; count: number; examples: readonly Params[] }[];
  /** Ranked points below min_trades (last in the ranking). */
  readonly unqualified: number;
  /** Every evaluated point, best first (each with `qualified` and `note`). */
  readonly ranking: readonly RankingRow[];
  readonly best_params: Params;
  readonly best_result: BacktestResult;
}

export interface OptimizeAllEntry {
  readonly rank: number;
  readonly strategy: string;
  readonly strategy_label: string;
  readonly params: Params;
  readonly grid_points: number;
  readonly grid_size: number;
  readonly evaluated: number;
  readonly qualified: boolean;
  readonly note: string | null;
  readonly [metric: string]: unknown;
}

export interface OptimizeAllResult {
  readonly objective: string;
  readonly direction: Direction;
  readonly ranking: readonly OptimizeAllEntry[];
  readonly best: OptimizeAllEntry | null;
  readonly per_strategy: Readonly<Record<string, OptimizeAllEntry>>;
  readonly min_trades: number;
  readonly total_grid_points: number;
  readonly total_grid_size: number;
  readonly unranked: readonly { strategy: string; reason: string }[];
}

export interface WalkForwardWindow {
  readonly index: number;
  readonly start: string;
  readonly end: string;
  readonly bars: number;
  readonly in_sample_start: string;
  readonly in_sample_end: string;
  readonly in_sample_bars: number;
  readonly params: Params;
  readonly in_sample_value: number | null;
  readonly total_return: number | null;
  readonly sharpe: number | null;
  readonly max_drawdown: number | null;
  readonly total_trades: number;
  readonly win_rate: number | null;
  readonly performance: Performance;
}

export interface WalkForward {
  readonly n_windows: number;
  readonly warmup_ratio: number;
  readonly anchored: boolean;
  readonly context_bars: number;
  readonly objective: string;
  readonly param_names: readonly string[];
  readonly windows: readonly WalkForwardWindow[];
  readonly window_returns: readonly (number | null)[];
  readonly consistency: number | null;
  readonly compounded_return: number | null;
  readonly mean_window_return: number | null;
  readonly median_window_return: number | null;
  readonly worst_window: number | null;
  readonly best_window: number | null;
  readonly mean_sharpe: number | null;
  readonly worst_drawdown: number | null;
  readonly total_trades: number | null;
}

export interface WalkForwardResult {
  readonly walkforward: WalkForward;
}

export interface SuitabilityCheck {
  readonly name: string;
  readonly passed: boolean;
  readonly detail: string;
}

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

export interface EvaluationResult {
  readonly performance: Performance;
  readonly score: {
    readonly total: number;
    readonly components: Readonly<Record<string, number>>;
    readonly weights_used: Readonly<Record<string, number>>;
    readonly wf_provided: boolean;
  };
  readonly grade: {
    readonly grade: string;
    readonly score: number;
    readonly dimensions: readonly { key: string; label: string; raw: number | null; score: number; weight: number }[];
    readonly vetoes: readonly { key: string; reason: string; cap: string }[];
    readonly insufficient_sample: boolean;
    readonly is_losing: boolean;
    readonly scenario: string;
  };
  readonly walkforward: WalkForward;
  readonly fitness: {
    readonly segments: readonly EvaluationSegment[];
    readonly checks: readonly SuitabilityCheck[];
    readonly pass_ratio: number;
    readonly passed_count: number;
    readonly total_checks: number;
    readonly suitable: boolean;
    readonly high_fitness: boolean;
  };
  readonly benchmark: {
    readonly buy_hold: Readonly<Record<string, number | null>>;
    readonly excess_return: number | null;
    readonly alpha?: number | null;
    readonly beta?: number | null;
    readonly information_ratio?: number | null;
    readonly tracking_error?: number | null;
  };
  readonly config: Readonly<Record<string, unknown>>;
}

export interface SeedRun {
  readonly seed: number;
  readonly symbol: string;
  readonly start: string;
  readonly end: string;
  readonly bars: number;
  readonly total_return: number | null;
  readonly sharpe: number | null;
  readonly max_drawdown: number | null;
  readonly total_trades: number;
}

export interface Gate {
  readonly key: string;
  readonly threshold: number;
  readonly actual: number | null;
  readonly passed: boolean;
  readonly detail: string;
}

export interface MultiSeedResult {
  readonly strategy: string;
  readonly params: Params;
  readonly seeds: readonly number[];
  readonly sample_size: number;
  readonly window_ratio: number;
  readonly runs: readonly SeedRun[];
  readonly n_runs: number;
  readonly positive_ratio: number | null;
  readonly mean_return: number | null;
  readonly median_return: number | null;
  readonly mean_sharpe: number | null;
  readonly mean_trades: number | null;
  /** Share of profitable runs within each seed, by seed. */
  readonly per_seed_positive_ratio: Readonly<Record<string, number | null>>;
  readonly gates: readonly Gate[];
  readonly promoted: boolean;
  readonly skipped: readonly { symbol: string; error: string }[];
}

export type RotationTrade = Trade & { readonly symbol: string };

export interface Rebalance {
  readonly datetime: string;
  readonly ranked: readonly { symbol: string; score: number | null }[];
  readonly sold: readonly string[];
  readonly bought: readonly string[];
  readonly holdings: readonly string[];
}

export interface RotationResult {
  readonly performance: Performance;
  readonly equity_curve: readonly EquityPoint[];
  readonly trades: readonly RotationTrade[];
  readonly final_holdings: Readonly<Record<string, { shares: number; cost: number | null }>>;
  readonly n_rebalances: number;
  readonly rebalances: readonly Rebalance[];
  readonly turnover: number | null;
  readonly max_holdings: number;
  readonly config: Readonly<Record<string, unknown>>;
  readonly skipped: readonly { symbol: string; error: string }[];
}
