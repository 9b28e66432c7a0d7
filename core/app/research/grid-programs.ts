/**
 * Grid optimisation tasks. The points of every grid are cut into chunks of
 * index ranges and spread over the job pool (worker threads, or BullMQ
 * workers on any number of machines); each chunk comes back as a metric
 * matrix, and the task merges them, ranks by the objective and runs the best
 * point once more in full. Progress counts combinations done.
 *
 * As easy_tdx (backtest/optimizer.py, web/routers/backtest.py): without an
 * objective the ranking is by total_return descending, `best` is its first
 * row, and `grid_points` / `total_grid_points` count the points that ran
 * (the raw grid size is `grid_size` / `total_grid_size`). Points with fewer
 * closed trades than `min_trades` rank after all others and are marked.
 */
import type { BacktestConfig, MetricName, SecurityInfo } from "../../backtest/index.ts";
import {
  METRIC_COUNT,
  heatmapOf,
  metricAt,
  rankGrid,
  rankingRows,
  SUMMARY_METRICS,
  summaryRow,
  directionOf,
  rankOrder,
  pointNote,
  qualifies,
  chunkRanges,
  gridPoint,
  gridSize,
  type ParamGrid,
} from "../../research/index.ts";
import type { PluginRegistry, StrategyParams } from "../../../ports/plugins.ts";
import type { TaskContext, TaskProgram } from "../../../ports/task-runner.ts";
import { fromWire, type WireSeries } from "../backtest/wire-series.ts";
import { fanOut } from "./fan-out.ts";
import type { GridChunk } from "./grid-job.ts";
import { pluginOf, skipReasons } from "./grid-job.ts";
import { fillTemplate, TASK_MESSAGES } from "../../text/index.ts";

/** Points per chunk at most: chunks stay small enough for even progress and load balance. */
const CHUNK_POINTS = 1000;

export interface Sweep {
  readonly strategy: string;
  readonly grid: ParamGrid;
  readonly base: StrategyParams;
}

export interface SweepData {
  readonly config: BacktestConfig;
  readonly security: SecurityInfo;
  readonly bars: WireSeries;
}

export interface Ranking {
  readonly objective: MetricName;
  readonly minTrades: number;
}

export interface OptimizeTaskInput extends Sweep, SweepData, Ranking {}

export interface OptimizeAllTaskInput extends SweepData, Ranking {
  readonly strategies: readonly string[];
}

/** Metric matrices of every sweep, computed chunk by chunk on the pool. */
export async function sweepGrids(ctx: TaskContext, sweeps: readonly Sweep[], data: SweepData): Promise<Float64Array[]> {
  const bars = fromWire(data.bars);
  const sizes = sweeps.map((s) => gridSize(s.grid));
  const total = sizes.reduce((a, n) => a + n, 0);
  const parts = Math.max(ctx.pool.size * 4, Math.ceil(total / CHUNK_POINTS));
  const chunks = sizes.flatMap((size, k) => chunkRanges(size, Math.max(1, Math.round((parts * size) / total))).map(([from, to]) => ({ sweep: k, from, to })));
  const matrices = sizes.map((n) => new Float64Array(n * METRIC_COUNT));
  let done = 0;
  ctx.progress(0, fillTemplate(TASK_MESSAGES.combinations, { done: 0, total }));
  await fanOut(
    ctx,
    chunks,
    async (c) => {
      const job: GridChunk = { ...sweeps[c.sweep]!, from: c.from, to: c.to, config: data.config, security: data.security, bars };
      const rows = await ctx.pool.run<Float64Array>("research.grid", job, { signal: ctx.signal });
      matrices[c.sweep]!.set(rows, c.from * METRIC_COUNT);
      done += c.to - c.from;
    },
    () => ctx.progress(done / total, fillTemplate(TASK_MESSAGES.combinations, { done, total })),
  );
  return matrices;
}

const NO_POINT = "the strategy rejects every point of the grid (see its parameter bounds and rules in GET /backtest/strategies)";

function optimizeProgram(registry: PluginRegistry): TaskProgram<OptimizeTaskInput> {
  return {
    async run(input, ctx) {
      const [matrix] = await sweepGrids(ctx, [input], input);
      const { order, skipped } = rankGrid(matrix!, input.objective, input.minTrades);
      if (order.length === 0) throw new RangeError(NO_POINT);
      const plugin = pluginOf(registry, input.strategy);
      const best = order[0]!;
      const bestParams = plugin.params.parse(gridPoint(input.grid, input.base, best)) as StrategyParams;
      ctx.progress(0.99, TASK_MESSAGES.best_point);
      const bestResult = await ctx.pool.run(
        "backtest.single",
        { strategy: input.strategy, params: bestParams, config: input.config, security: input.security, bars: fromWire(input.bars) },
        { signal: ctx.signal },
      );
      const notes = { objective: input.objective, minTrades: input.minTrades, bars: input.bars.time.length };
      const ranking = rankingRows(input.grid, matrix!, order, notes);
      return {
        strategy: input.strategy,
        strategy_label: plugin.title,
        param_names: Object.keys(input.grid),
        objective: input.objective,
        direction: directionOf(input.objective),
        min_trades: input.minTrades,
        grid_points: order.length,
        grid_size: gridSize(input.grid),
        evaluated: order.length,
        skipped,
        skip_reasons: skipReasons(plugin, input.grid, input.base, matrix!),
        unqualified: ranking.filter((r) => !r.qualified).length,
        ranking,
        results: Array.from(order, (row) => summaryRow(input.grid, matrix!, row)),
        best: { ...summaryRow(input.grid, matrix!, best), [input.objective]: metricAt(matrix!, best, input.objective), qualified: ranking[0]!.qualified, note: ranking[0]!.note },
        best_params: bestParams,
        best_result: bestResult,
        heatmap: heatmapOf(input.grid, matrix!, order, "total_return"),
      };
    },
  };
}

const ENTRY_METRICS = [...SUMMARY_METRICS, "annual_return", "sortino", "calmar"] as const satisfies readonly MetricName[];

function optimizeAllProgram(registry: PluginRegistry): TaskProgram<OptimizeAllTaskInput> {
  return {
    async run(input, ctx) {
      const sweeps: Sweep[] = input.strategies.map((id) => ({ strategy: id, grid: pluginOf(registry, id).defaultGrid as ParamGrid, base: {} }));
      const matrices = await sweepGrids(ctx, sweeps, input);
      const notes = { objective: input.objective, minTrades: input.minTrades, bars: input.bars.time.length };
      const unranked: { strategy: string; reason: string }[] = [];
      const entries = sweeps.flatMap((s, k) => {
        const m = matrices[k]!;
        const { order, skipped } = rankGrid(m, input.objective, input.minTrades);
        if (order.length === 0) {
          unranked.push({ strategy: s.strategy, reason: NO_POINT });
          return [];
        }
        const row = order[0]!;
        const metrics = Object.fromEntries([...ENTRY_METRICS, input.objective].map((name) => [name, metricAt(m, row, name)]));
        const values = summaryRow(s.grid, m, row).params;
        return [
          {
            strategy: s.strategy,
            strategy_label: pluginOf(registry, s.strategy).title,
            params: values,
            ...metrics,
            grid_points: order.length,
            grid_size: gridSize(s.grid),
            evaluated: order.length,
            skipped,
            qualified: qualifies(m, row, input.minTrades),
            note: pointNote(m, row, values, notes),
          },
        ];
      });
      const values = Float64Array.from(entries, (e) => (e[input.objective as keyof typeof e] as number | null) ?? Number.NaN);
      const ordered = Array.from(rankOrder(values, directionOf(input.objective)), (i) => entries[i]!);
      const ranking = [...ordered.filter((e) => e.qualified), ...ordered.filter((e) => !e.qualified)].map((e, k) => ({ rank: k + 1, ...e }));
      return {
        objective: input.objective,
        direction: directionOf(input.objective),
        min_trades: input.minTrades,
        ranking,
        best: ranking[0] ?? null,
        per_strategy: Object.fromEntries(ranking.map((e) => [e.strategy, e])),
        total_grid_points: entries.reduce((a, e) => a + e.grid_points, 0),
        total_grid_size: sweeps.reduce((a, s) => a + gridSize(s.grid), 0),
        unranked,
      };
    },
  };
}

export function gridPrograms(registry: PluginRegistry): [string, TaskProgram][] {
  return [
    ["optimize", optimizeProgram(registry)],
    ["optimize_all", optimizeAllProgram(registry)],
  ];
}
