/**
 * A multi-seed validation per seed: the share of profitable runs the server
 * reports for each seed (the stability column), with the seed's run count and
 * its mean return, Sharpe ratio and trades from its runs (a run without a
 * Sharpe ratio counts 0, as the server's own mean does).
 */
import type { MultiSeedResult } from "../api/research-types.ts";

export interface SeedRow {
  readonly seed: number;
  readonly runs: number;
  readonly positive_ratio: number | null;
  readonly mean_return: number | null;
  readonly mean_sharpe: number | null;
  readonly mean_trades: number | null;
}

const mean = (xs: readonly number[]): number | null => (xs.length ? xs.reduce((a, x) => a + x, 0) / xs.length : null);

export function seedRows(r: Pick<MultiSeedResult, "seeds" | "runs" | "per_seed_positive_ratio">): SeedRow[] {
  return r.seeds.map((seed) => {
    const runs = r.runs.filter((x) => x.seed === seed);
    return {
      seed,
      runs: runs.length,
      positive_ratio: r.per_seed_positive_ratio[String(seed)] ?? null,
      mean_return: mean(runs.flatMap((x) => (x.total_return === null ? [] : [x.total_return]))),
      mean_sharpe: runs.length ? mean(runs.map((x) => x.sharpe ?? 0)) : null,
      mean_trades: mean(runs.map((x) => x.total_trades)),
    };
  });
}
