/**
 * The optimisation path run once at start-up (issue 22, item 5: the first
 * optimisation cost two to three times a later one). Starting the worker
 * threads loads their modules, but their kernels, the grid job, the ranking
 * and the best point's full run were still compiled on the first user's
 * request, as were the bar fetch and the security lookup behind it. So the
 * warm-up loads one symbol's bars as an optimisation request does, and runs
 * the `optimize` program on them for every strategy with a grid, on the job
 * pool, called directly: no task is stored, listed or published, and a user's
 * task submitted meanwhile just queues behind a chunk or two.
 */
import { DEFAULT_CONFIG } from "../../core/backtest/index.ts";
import type { BarLoader } from "../../core/app/backtest/bar-loader.ts";
import { toWire } from "../../core/app/backtest/wire-series.ts";
import type { OptimizeTaskInput } from "../../core/app/research/grid-programs.ts";
import type { ParamGrid } from "../../core/research/index.ts";
import type { PluginRegistry } from "../../ports/plugins.ts";
import type { JobPool, TaskContext, TaskProgram } from "../../ports/task-runner.ts";

export interface WarmJobParts {
  readonly pool: JobPool;
  readonly optimize: TaskProgram<OptimizeTaskInput>;
  readonly loader: BarLoader;
  readonly registry: PluginRegistry;
}

/** As an optimisation request without options: daily bars, QFQ, its default count, ranked by total_return. */
const REQUEST = { category: "DAY", adjust: "QFQ", count: 250 } as const;

/** Optimises every strategy with a default grid on `symbol`'s bars; a failure is the caller's to log. */
export async function warmOptimisation(parts: WarmJobParts, symbol: string, signal: AbortSignal): Promise<void> {
  const { series, security } = await parts.loader.load(symbol, REQUEST);
  const ctx: TaskContext = { taskId: "warm-up", signal, pool: parts.pool, progress: () => {} };
  const bars = toWire(series);
  for (const p of parts.registry.strategies.values()) {
    if (signal.aborted) return;
    const grid = p.defaultGrid as ParamGrid;
    if (Object.keys(grid).length === 0) continue;
    const input: OptimizeTaskInput = { strategy: p.id, grid, base: {}, objective: "total_return", minTrades: 1, config: DEFAULT_CONFIG, security, bars };
    // a grid the strategy rejects whole is an answer too (a RangeError), not a failed warm-up
    await parts.optimize.run(input, ctx).catch((e: unknown) => {
      if (!(e instanceof RangeError)) throw e;
    });
  }
}
