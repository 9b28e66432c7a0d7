/**
 * Multi-seed validation: the sample of every seed is drawn here (so it is the
 * same wherever the runs execute), each seed's runs are one job, and the
 * results are aggregated against the promotion gates.
 */
import { type BacktestConfig, type Performance, type SecurityInfo, jsonNumber } from "../../backtest/index.ts";
import { sampleRuns, summariseRuns, type GateKey } from "../../research/index.ts";
import type { StrategyParams } from "../../../ports/plugins.ts";
import type { TaskProgram } from "../../../ports/task-runner.ts";
import type { Skipped } from "../backtest/backtest-tasks.ts";
import { fromWire, type WireSeries } from "../backtest/wire-series.ts";
import { barLabel } from "./bar-label.ts";
import { fanOut } from "./fan-out.ts";
import type { SeedJob } from "./multiseed-job.ts";
import { fillTemplate, TASK_MESSAGES } from "../../text/index.ts";

/** Fewest bars in one sampled run. */
const MIN_RUN_BARS = 30;

export interface MultiSeedTaskInput {
  readonly strategy: string;
  readonly params: StrategyParams;
  readonly config: BacktestConfig;
  readonly pool: readonly { readonly key: string; readonly security: SecurityInfo; readonly bars: WireSeries }[];
  readonly skipped: readonly Skipped[];
  readonly seeds: readonly number[];
  readonly sampleSize: number | null;
  readonly windowRatio: number;
  readonly gates: Readonly<Record<GateKey, number>>;
}

export const multiSeed: TaskProgram<MultiSeedTaskInput> = {
  async run(input, ctx) {
    const members = input.pool.map((m) => ({ ...m, bars: fromWire(m.bars) }));
    const runs = sampleRuns(
      members.map((m) => m.bars.length),
      { seeds: input.seeds, sampleSize: input.sampleSize ?? undefined, windowRatio: input.windowRatio, minBars: MIN_RUN_BARS },
    );
    const jobs = input.seeds.map((seed) => {
      const mine = runs.filter((r) => r.seed === seed);
      const used = [...new Set(mine.map((r) => r.symbol))];
      const job: SeedJob = {
        strategy: input.strategy,
        params: input.params,
        config: input.config,
        members: used.map((s) => ({ security: members[s]!.security, bars: members[s]!.bars })),
        runs: mine.map((r) => ({ member: used.indexOf(r.symbol), start: r.start, end: r.end })),
      };
      return job;
    });
    let done = 0;
    const results = (
      await fanOut(
        ctx,
        jobs,
        (job) => ctx.pool.run<Performance[]>("research.seed", job, { signal: ctx.signal }),
        () => ctx.progress(++done / jobs.length, fillTemplate(TASK_MESSAGES.seeds, { done, total: jobs.length })),
      )
    ).flat();
    const summary = summariseRuns(
      runs.map((r, k) => ({ seed: r.seed, performance: results[k]! })),
      input.seeds,
      input.gates,
    );
    return {
      strategy: input.strategy,
      params: input.params,
      seeds: input.seeds,
      sample_size: input.sampleSize ?? members.length,
      window_ratio: input.windowRatio,
      runs: runs.map((r, k) => {
        const m = members[r.symbol]!;
        const p = results[k]!;
        return {
          seed: r.seed,
          symbol: m.key,
          start: barLabel(m.bars.time[r.start]!),
          end: barLabel(m.bars.time[r.end - 1]!),
          bars: r.end - r.start,
          total_return: jsonNumber(p.total_return),
          sharpe: jsonNumber(p.sharpe),
          max_drawdown: jsonNumber(p.max_drawdown),
          total_trades: p.total_trades,
        };
      }),
      n_runs: summary.n_runs,
      positive_ratio: jsonNumber(summary.positive_ratio),
      mean_return: jsonNumber(summary.mean_return),
      median_return: jsonNumber(summary.median_return),
      mean_sharpe: jsonNumber(summary.mean_sharpe),
      mean_trades: jsonNumber(summary.mean_trades),
      per_seed_positive_ratio: Object.fromEntries(Object.entries(summary.per_seed_positive_ratio).map(([k, v]) => [k, jsonNumber(v)])),
      gates: summary.gates.map((g) => ({ ...g, actual: jsonNumber(g.actual) })),
      promoted: summary.promoted,
      skipped: input.skipped,
    };
  },
};
