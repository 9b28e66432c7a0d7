/**
 * Multi-seed validation by repeated random sub-sampling: for every seed, a
 * sample of the symbols (all of them unless `sampleSize` is set) and, on each,
 * a random contiguous stretch of its history (`windowRatio` of its bars) is
 * backtested. One seed always draws the same sample, so a result can be
 * reproduced and compared. A strategy that only works on a few names or in one
 * period shows it here: its share of profitable runs falls.
 *
 * Promotion gates (easy_tdx's four, with its defaults): the share of runs with
 * a return > 0 at least `positive_ratio`, the mean Sharpe ratio above
 * `mean_sharpe`, the mean trade count at least `mean_trades`, and the mean
 * return above `mean_return`. A strategy is promoted when every gate passes.
 */
import type { Performance } from "../backtest/index.ts";
import { seededRandom, shuffled } from "./seeded-random.ts";

export interface SampledRun {
  readonly seed: number;
  /** Position of the symbol in the pool. */
  readonly symbol: number;
  readonly start: number;
  readonly end: number;
}

export interface SamplingOptions {
  readonly seeds: readonly number[];
  /** Symbols per seed (all when undefined or larger than the pool). */
  readonly sampleSize: number | undefined;
  /** Share of each symbol's bars in one run, 0 < r ≤ 1. */
  readonly windowRatio: number;
  /** Fewest bars in a run (a shorter history is used whole). */
  readonly minBars: number;
}

/** The runs of every seed, seed by seed, in the order each seed drew them. */
export function sampleRuns(lengths: readonly number[], o: SamplingOptions): SampledRun[] {
  const pool = lengths.map((_, i) => i);
  return o.seeds.flatMap((seed) => {
    const random = seededRandom(seed);
    const picked = shuffled(pool, random).slice(0, o.sampleSize ?? pool.length);
    return picked.map((symbol) => {
      const n = lengths[symbol]!;
      const len = Math.min(n, Math.max(o.minBars, Math.round(n * o.windowRatio)));
      const start = Math.floor(random() * (n - len + 1));
      return { seed, symbol, start, end: start + len };
    });
  });
}

export const GATE_KEYS = ["positive_ratio", "mean_sharpe", "mean_trades", "mean_return"] as const;
export type GateKey = (typeof GATE_KEYS)[number];

export const DEFAULT_GATES: Readonly<Record<GateKey, number>> = { positive_ratio: 0.5, mean_sharpe: 0, mean_trades: 5, mean_return: 0 };

/** Gates passed at or above the threshold (≥); the others need strictly more (>). */
const INCLUSIVE: ReadonlySet<GateKey> = new Set(["positive_ratio", "mean_trades"]);

export interface SeedRunResult {
  readonly seed: number;
  readonly performance: Performance;
}

export interface Gate {
  readonly key: GateKey;
  readonly threshold: number;
  readonly actual: number;
  readonly passed: boolean;
  readonly detail: string;
}

export interface MultiSeedSummary {
  readonly n_runs: number;
  readonly positive_ratio: number;
  readonly mean_return: number;
  readonly median_return: number;
  readonly mean_sharpe: number;
  readonly mean_trades: number;
  /** Share of profitable runs within each seed, by seed. */
  readonly per_seed_positive_ratio: Record<string, number>;
  readonly gates: Gate[];
  readonly promoted: boolean;
}

const mean = (xs: readonly number[]) => (xs.length > 0 ? xs.reduce((a, x) => a + x, 0) / xs.length : Number.NaN);

export function summariseRuns(runs: readonly SeedRunResult[], seeds: readonly number[], gates: Readonly<Record<GateKey, number>>): MultiSeedSummary {
  const returns = runs.map((r) => r.performance.total_return);
  const sorted = [...returns].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  const positive = (xs: readonly number[]) => (xs.length > 0 ? xs.filter((r) => r > 0).length / xs.length : Number.NaN);
  const actual: Record<GateKey, number> = {
    positive_ratio: positive(returns),
    // a run that never traded has no Sharpe ratio: it counts as 0
    mean_sharpe: mean(runs.map((r) => (Number.isFinite(r.performance.sharpe) ? r.performance.sharpe : 0))),
    mean_trades: mean(runs.map((r) => r.performance.total_trades)),
    mean_return: mean(returns),
  };
  const checked = GATE_KEYS.map((key) => {
    const threshold = gates[key];
    const value = actual[key];
    const passed = INCLUSIVE.has(key) ? value >= threshold : value > threshold;
    return {
      key,
      threshold,
      actual: value,
      passed,
      detail: `${key} ${Number.isFinite(value) ? value.toFixed(4) : "undefined"} ${INCLUSIVE.has(key) ? "≥" : ">"} ${threshold}: ${passed ? "pass" : "fail"}`,
    };
  });
  return {
    n_runs: runs.length,
    positive_ratio: actual.positive_ratio,
    mean_return: actual.mean_return,
    median_return: sorted.length === 0 ? Number.NaN : sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2,
    mean_sharpe: actual.mean_sharpe,
    mean_trades: actual.mean_trades,
    per_seed_positive_ratio: Object.fromEntries(seeds.map((seed) => [String(seed), positive(runs.filter((r) => r.seed === seed).map((r) => r.performance.total_return))])),
    gates: checked,
    promoted: runs.length > 0 && checked.every((g) => g.passed),
  };
}
