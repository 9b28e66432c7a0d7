/**
 * Walk-forward validation and the one-stop evaluation. Each walk-forward
 * window is one job (optimise in-sample, test out-of-sample), so windows run in
 * parallel; the evaluation adds one job for the full backtest, the
 * buy-and-hold benchmark and the suitability segments, then scores and rates
 * the whole (core/research/rubric.ts).
 */
import { type BacktestConfig, type MetricName, type SecurityInfo, jsonNumber, performanceJson } from "../../backtest/index.ts";
import { type ParamGrid, rate, SPLIT, summariseChecks, planWalkForward, summariseWalkForward, type WalkForwardOptions } from "../../research/index.ts";
import type { BarSeries } from "../../bars/index.ts";
import type { PluginRegistry, StrategyParams } from "../../../ports/plugins.ts";
import type { TaskContext, TaskProgram } from "../../../ports/task-runner.ts";
import { fromWire, type WireSeries } from "../backtest/wire-series.ts";
import { barLabel } from "./bar-label.ts";
import type { EvaluateOutcome } from "./evaluate-job.ts";
import { fanOut } from "./fan-out.ts";
import { pluginOf } from "./grid-job.ts";
import type { WindowJob, WindowOutcome } from "./walk-forward-job.ts";
import { fillTemplate, TASK_MESSAGES } from "../../text/index.ts";

export interface WalkForwardTaskInput {
  readonly strategy: string;
  readonly base: StrategyParams;
  readonly grid: ParamGrid;
  readonly objective: MetricName;
  readonly options: WalkForwardOptions;
  readonly contextBars: number;
  readonly config: BacktestConfig;
  readonly security: SecurityInfo;
  readonly bars: WireSeries;
}

const cleanMap = (o: Record<string, number>) => Object.fromEntries(Object.entries(o).map(([k, v]) => [k, jsonNumber(v)]));

/** easy_tdx's WalkForwardResult (`windows`, `consistency`, `chained_return`, …) with the chosen parameters per window. */
function walkForwardReport(input: WalkForwardTaskInput, bars: BarSeries, outcomes: readonly WindowOutcome[]) {
  const windows = planWalkForward(bars.length, input.options);
  const summary = summariseWalkForward(outcomes.map((o) => o.performance));
  const { window_returns, ...aggregates } = summary;
  return {
    n_windows: input.options.nWindows,
    warmup_ratio: input.options.inSampleRatio,
    anchored: input.options.anchored,
    context_bars: input.contextBars,
    objective: input.objective,
    param_names: Object.keys(input.grid),
    windows: windows.map((w, k) => {
      const o = outcomes[k]!;
      return {
        index: w.index,
        start: barLabel(bars.time[w.start]!),
        end: barLabel(bars.time[w.end - 1]!),
        bars: w.end - w.start,
        in_sample_start: barLabel(bars.time[w.inSampleStart]!),
        in_sample_end: barLabel(bars.time[w.inSampleEnd - 1]!),
        in_sample_bars: w.inSampleEnd - w.inSampleStart,
        params: o.params,
        in_sample_value: o.in_sample_value,
        total_return: jsonNumber(o.performance.total_return),
        sharpe: jsonNumber(o.performance.sharpe),
        max_drawdown: jsonNumber(o.performance.max_drawdown),
        total_trades: o.performance.total_trades,
        win_rate: jsonNumber(o.performance.win_rate),
        performance: performanceJson(o.performance),
      };
    }),
    window_returns: window_returns.map(jsonNumber),
    ...cleanMap(aggregates),
    compounded_return: jsonNumber(summary.chained_return),
  };
}

async function runWindows(ctx: TaskContext, input: WalkForwardTaskInput, bars: BarSeries, onDone: () => void): Promise<WindowOutcome[]> {
  const windows = planWalkForward(bars.length, input.options);
  const job = (window: (typeof windows)[number]): WindowJob => ({
    strategy: input.strategy,
    grid: input.grid,
    base: input.base,
    objective: input.objective,
    window,
    contextBars: input.contextBars,
    config: input.config,
    security: input.security,
    bars,
  });
  return fanOut(ctx, windows, (w) => ctx.pool.run<WindowOutcome>("research.window", job(w), { signal: ctx.signal }), onDone);
}

const walkForward: TaskProgram<WalkForwardTaskInput> = {
  async run(input, ctx) {
    const bars = fromWire(input.bars);
    let done = 0;
    const outcomes = await runWindows(ctx, input, bars, () => ctx.progress(++done / input.options.nWindows, fillTemplate(TASK_MESSAGES.windows, { done, total: input.options.nWindows })));
    return { walkforward: walkForwardReport(input, bars, outcomes) };
  },
};

const BUY_HOLD_KEYS = ["total_return", "annual_return", "max_drawdown", "sharpe", "calmar", "volatility"] as const;

function evaluateProgram(registry: PluginRegistry): TaskProgram<WalkForwardTaskInput> {
  return {
    async run(input, ctx) {
      const bars = fromWire(input.bars);
      const steps = input.options.nWindows + 1;
      let done = 0;
      const step = () => ctx.progress(++done / steps, fillTemplate(TASK_MESSAGES.runs, { done, total: steps }));
      const params = pluginOf(registry, input.strategy).params.parse(input.base) as StrategyParams;
      const single = ctx.pool
        .run<EvaluateOutcome>("research.evaluate", { strategy: input.strategy, params, contextBars: input.contextBars, config: input.config, security: input.security, bars }, { signal: ctx.signal })
        .then((r) => (step(), r));
      single.catch(() => {}); // awaited below; a failure must not also surface as unhandled
      const outcomes = await runWindows(ctx, input, bars, step);
      const e = await single;
      const walkforward = walkForwardReport(input, bars, outcomes);
      const fitness = summariseChecks(e.checks);
      const excess = e.performance.total_return - e.buy_hold.total_return;
      const rated = rate({
        annual_return: e.performance.annual_return,
        sharpe: e.performance.sharpe,
        max_drawdown: e.performance.max_drawdown,
        excess_return: excess,
        wf_consistency: summariseWalkForward(outcomes.map((o) => o.performance)).consistency,
        total_return: e.performance.total_return,
        profit_factor: e.performance.profit_factor,
        total_trades: e.performance.total_trades,
        suitable: fitness.suitable,
      });
      return {
        performance: performanceJson(e.performance),
        score: rated.score,
        grade: { ...rated.grade, dimensions: rated.grade.dimensions.map((d) => ({ ...d, raw: jsonNumber(d.raw) })) },
        walkforward,
        fitness: {
          segments: e.segments.map((s) => ({
            name: s.name,
            start: s.start,
            end: s.end,
            bars: s.bars,
            total_return: jsonNumber(s.performance.total_return),
            sharpe: jsonNumber(s.performance.sharpe),
            max_drawdown: jsonNumber(s.performance.max_drawdown),
            total_trades: s.performance.total_trades,
            win_rate: jsonNumber(s.performance.win_rate),
            performance: performanceJson(s.performance),
          })),
          checks: e.checks,
          ...fitness,
          split: [...SPLIT],
        },
        benchmark: {
          buy_hold: Object.fromEntries(BUY_HOLD_KEYS.map((k) => [k, jsonNumber(e.buy_hold[k])])),
          excess_return: jsonNumber(excess),
          ...cleanMap({ ...e.comparison }),
        },
        config: {
          ...input.config,
          security: input.security,
          strategy: input.strategy,
          params,
          n_windows: input.options.nWindows,
          warmup_ratio: input.options.inSampleRatio,
          split: [...SPLIT],
        },
      };
    },
  };
}

export function walkForwardPrograms(registry: PluginRegistry): [string, TaskProgram][] {
  return [
    ["walk_forward", walkForward],
    ["evaluate", evaluateProgram(registry)],
  ];
}
