/**
 * Grid points of one strategy on one bar series, as the worker jobs evaluate
 * them: every point is parsed by the strategy's own schema (a point it rejects,
 * such as fast ≥ slow, is skipped: its row stays NaN) and gets its signals from
 * the plugin with one indicator memo for the whole chunk, so indicators that
 * several points share are computed once.
 */
import type { BarSeries } from "../../bars/index.ts";
import { planBacktest, type BacktestConfig, type MetricName, type SecurityInfo } from "../../backtest/index.ts";
import { metricValues, sweepMetrics, metricAt, rankGrid, gridPoint, gridSize, gridValues, type ParamGrid, MemoTable } from "../../research/index.ts";
import type { PluginRegistry, StrategyParams, StrategyPlugin } from "../../../ports/plugins.ts";

export interface GridChunk {
  readonly strategy: string;
  readonly grid: ParamGrid;
  /** Values of the parameters the grid leaves out. */
  readonly base: StrategyParams;
  /** Points `[from, to)` of the grid. */
  readonly from: number;
  readonly to: number;
  readonly config: BacktestConfig;
  readonly security: SecurityInfo;
  readonly bars: BarSeries;
}

export function pluginOf(registry: PluginRegistry, id: string): StrategyPlugin<any> {
  const plugin = registry.strategies.get(id);
  if (!plugin) throw new RangeError(`unknown strategy ${id}`);
  return plugin;
}

/** Metrics of the chunk's points, row-major (see core/research/grid-search.ts). */
export function evaluateChunk(registry: PluginRegistry, c: GridChunk): Float64Array {
  const plugin = pluginOf(registry, c.strategy);
  const memo = new MemoTable();
  return sweepMetrics(c.bars, planBacktest(c.config, c.security), c.to - c.from, (i) => {
    const parsed = plugin.params.safeParse(gridPoint(c.grid, c.base, c.from + i));
    return parsed.success ? plugin.signals(c.bars, parsed.data, memo) : undefined;
  });
}

export interface SkipReason {
  readonly reason: string;
  readonly count: number;
  /** The first few points skipped for it (grid values). */
  readonly examples: Record<string, unknown>[];
}

const EXAMPLES = 5;

/** Why the strategy rejected the points whose rows are NaN, grouped by its message (the schema is cheap to re-run). */
export function skipReasons(plugin: StrategyPlugin<any>, grid: ParamGrid, base: StrategyParams, matrix: Float64Array): SkipReason[] {
  const trades = metricValues(matrix, "total_trades");
  const byReason = new Map<string, { count: number; examples: Record<string, unknown>[] }>();
  trades.forEach((t, i) => {
    if (t === t) return;
    const parsed = plugin.params.safeParse(gridPoint(grid, base, i));
    const reason = parsed.success ? "the strategy gave no signals" : parsed.error.issues.map((e) => e.message).join("; ");
    const entry = byReason.get(reason) ?? { count: 0, examples: [] };
    entry.count++;
    if (entry.examples.length < EXAMPLES) entry.examples.push(gridValues(grid, i));
    byReason.set(reason, entry);
  });
  return [...byReason].map(([reason, e]) => ({ reason, ...e }));
}

/** The best point of the whole grid on `bars` by `objective`, parsed; undefined when the strategy rejects every point. */
export function bestPoint(registry: PluginRegistry, c: Omit<GridChunk, "from" | "to">, objective: MetricName): { params: StrategyParams; value: number | null } | undefined {
  const matrix = evaluateChunk(registry, { ...c, from: 0, to: gridSize(c.grid) });
  // walk-forward keeps its own choice rule: the best in-sample value, whatever the trade count
  const { order } = rankGrid(matrix, objective, 0);
  if (order.length === 0) return undefined;
  const params = pluginOf(registry, c.strategy).params.parse(gridPoint(c.grid, c.base, order[0]!)) as StrategyParams;
  return { params, value: metricAt(matrix, order[0]!, objective) };
}
