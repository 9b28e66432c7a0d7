/**
 * The run-all task (easy_tdx's `run-all --combo 2 --combo 3 --combo-mode M`):
 * every strategy alone at its default parameters, and every k-member
 * combination of them (k in `combo_sizes`, members in itertools.combinations
 * order) as the combination strategy with `mode`, all on one symbol's bars and
 * ranked together by the objective (default total_return, as easy_tdx sorts).
 * easy_tdx drops combinations without a trade; here runs with fewer closed
 * trades than `min_trades` (default 1) rank after all others, marked
 * `qualified: false` with a note, so every run stays visible and counted.
 * The runs go through the same grid jobs as optimisation (one sweep per single
 * strategy, one per combination size with `members` as its only grid column),
 * so they spread over worker threads or BullMQ workers, and a chunk computes
 * each member's signals once for all its combinations.
 */
import { type CombinationMode, COMBINATION_ID, memberIds } from "../../backtest/index.ts";
import { combinationsOf, rankGrid, rankingRows, METRIC_COUNT, directionOf } from "../../research/index.ts";
import type { PluginRegistry } from "../../../ports/plugins.ts";
import type { TaskProgram } from "../../../ports/task-runner.ts";
import { pluginOf } from "./grid-job.ts";
import { type Ranking, type Sweep, type SweepData, sweepGrids } from "./grid-programs.ts";

export interface RunAllTaskInput extends SweepData, Ranking {
  readonly strategies: readonly string[];
  readonly sizes: readonly number[];
  readonly mode: CombinationMode;
}

/** The strategies run-all ranks by default: every registered one but the combination itself. */
export const runAllStrategies = (registry: PluginRegistry, only?: readonly string[] | null): string[] => (only ? [...only] : [...registry.strategies.keys()].filter((id) => id !== COMBINATION_ID));

export function runAllProgram(registry: PluginRegistry): TaskProgram<RunAllTaskInput> {
  return {
    async run(input, ctx) {
      const ids = input.strategies;
      const groups = input.sizes.map((size) => combinationsOf(ids, size).map((members) => members.join(",")));
      const sweeps: Sweep[] = [
        ...ids.map((id) => ({ strategy: id, grid: {}, base: {} })),
        ...groups.filter((g) => g.length > 0).map((members) => ({ strategy: COMBINATION_ID, grid: { members }, base: { mode: input.mode } })),
      ];
      const matrices = await sweepGrids(ctx, sweeps, input);
      // one table of every run: its members ("ma_cross,macd") label its row
      const runs = [...ids, ...groups.flat()];
      const matrix = new Float64Array(runs.length * METRIC_COUNT);
      let at = 0;
      for (const m of matrices) {
        matrix.set(m, at);
        at += m.length;
      }
      const { order } = rankGrid(matrix, input.objective, input.minTrades);
      const notes = { objective: input.objective, minTrades: input.minTrades, bars: input.bars.time.length };
      const ranking = rankingRows({ members: runs }, matrix, order, notes).map((row) => {
        const members = memberIds(row.members as string);
        const { rank, members: _, ...rest } = row as { rank: number; members: string; qualified: boolean } & Record<string, unknown>;
        return { rank, name: members.join(" + "), size: members.length, members, labels: members.map((id) => pluginOf(registry, id).title), ...rest };
      });
      const counts = Object.fromEntries([["1", ids.length], ...input.sizes.map((k, i) => [String(k), groups[i]!.length])]);
      return {
        objective: input.objective,
        direction: directionOf(input.objective),
        min_trades: input.minTrades,
        combo_mode: input.mode,
        combo_sizes: input.sizes,
        strategies: ids,
        counts,
        total_runs: runs.length,
        unqualified: ranking.filter((r) => !r.qualified).length,
        ranking,
        best: ranking[0] ?? null,
      };
    },
  };
}
