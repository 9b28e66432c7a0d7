/**
 * The research use cases behind the routes: each submission does its data
 * work while the request is open (an unknown symbol is a 404, too few bars for
 * the requested windows a 400, an empty strategy library a 400) and hands the
 * rest to the task runner.
 */
import type { MetricName } from "../../backtest/index.ts";
import { gridSize, type ParamGrid, planWalkForward } from "../../research/index.ts";
import type { MarketPanels } from "../../../ports/market-panel.ts";
import type { PluginRegistry, StrategyPlugin } from "../../../ports/plugins.ts";
import { inOrder, ROTATION_MAX_FETCHED, splitRotation } from "./market-rotation.ts";
import type { StrategyLibrary } from "../../../ports/strategy-library.ts";
import type { TaskRunner, TaskSummary } from "../../../ports/task-runner.ts";
import type { BarLoader } from "../backtest/bar-loader.ts";
import { configOf, dateRange, describe, failures, requestData } from "../backtest/backtest-service.ts";
import { toWire } from "../backtest/wire-series.ts";
import type { OptimizeTaskInput, OptimizeAllTaskInput } from "./grid-programs.ts";
import type { MultiSeedTaskInput } from "./multiseed-program.ts";
import type { MultiSeedBody, OptimizeAllBody, OptimizeBody, RotationBody, RunAllBody, SignalScanBody, WalkForwardBody } from "./research-inputs.ts";
import type { RotationTaskInput } from "./rotation-program.ts";
import type { RunAllTaskInput } from "./run-all-program.ts";
import { runAllStrategies } from "./run-all-program.ts";
import { expandTargets } from "./signal-scan-job.ts";
import type { SignalScanTaskInput } from "./signal-scan-program.ts";
import type { WalkForwardTaskInput } from "./walk-forward-programs.ts";
import { fillTemplate, TASK_DESCRIPTIONS } from "../../text/index.ts";
import { InvalidRequestError } from "../app-errors.ts";

/** Walk-forward and evaluation fetch at least this many bars by symbol (as easy_tdx). */
const WALK_FORWARD_BARS = 800;

export class ResearchService {
  constructor(
    readonly registry: PluginRegistry,
    private readonly loader: BarLoader,
    private readonly library: StrategyLibrary,
    private readonly runner: TaskRunner,
    private readonly panels?: MarketPanels,
  ) {}

  #plugin(id: string): StrategyPlugin<any> {
    const plugin = this.registry.strategies.get(id);
    if (!plugin) throw new InvalidRequestError(`Unknown strategy '${id}'; choose one of: ${[...this.registry.strategies.keys()].join(", ")}`);
    return plugin;
  }

  async submitOptimize(body: OptimizeBody): Promise<TaskSummary> {
    const plugin = this.#plugin(body.strategy);
    const grid = (body.param_grid ?? plugin.defaultGrid) as ParamGrid;
    const data = await requestData(this.loader, body);
    const input: OptimizeTaskInput = {
      strategy: body.strategy,
      grid,
      base: body.params,
      objective: body.objective as MetricName,
      minTrades: body.min_trades,
      config: configOf(body),
      security: data.security,
      bars: toWire(data.bars),
    };
    return this.runner.submit({ kind: "optimize", description: fillTemplate(TASK_DESCRIPTIONS.optimize, { strategy: body.strategy, data: data.label, points: gridSize(grid) }), input });
  }

  async submitOptimizeAll(body: OptimizeAllBody): Promise<TaskSummary> {
    const strategies = body.strategies ?? [...this.registry.strategies.values()].filter((p) => Object.keys(p.defaultGrid).length > 0).map((p) => p.id);
    const data = await requestData(this.loader, body);
    const input: OptimizeAllTaskInput = {
      strategies,
      objective: body.objective as MetricName,
      minTrades: body.min_trades,
      config: configOf(body),
      security: data.security,
      bars: toWire(data.bars),
    };
    return this.runner.submit({ kind: "optimize_all", description: fillTemplate(TASK_DESCRIPTIONS.optimize_all, { data: data.label, n: strategies.length }), input });
  }

  /** Every strategy alone and every combination of `combo_sizes` of them, ranked (the request schema bounded the count). */
  async submitRunAll(body: RunAllBody): Promise<TaskSummary> {
    const strategies = runAllStrategies(this.registry, body.strategies);
    const data = await requestData(this.loader, body);
    const input: RunAllTaskInput = {
      strategies,
      sizes: body.combo_sizes,
      mode: body.combo_mode,
      objective: body.objective as MetricName,
      minTrades: body.min_trades,
      config: configOf(body),
      security: data.security,
      bars: toWire(data.bars),
    };
    const combos = body.combo_sizes.length ? ` + ${body.combo_sizes.join("/")}因子组合(${body.combo_mode})` : "";
    return this.runner.submit({ kind: "run_all", description: `全部策略排名 | ${data.label} | ${strategies.length}个策略${combos}`, input });
  }

  /** Walk-forward input: bars by symbol are at least WALK_FORWARD_BARS; a 400 when they are too few for the windows. */
  async #walkForwardInput(body: WalkForwardBody, nWindows: number): Promise<{ input: WalkForwardTaskInput; label: string }> {
    const plugin = this.#plugin(body.strategy);
    const data = await requestData(this.loader, { ...body, count: Math.max(body.count, WALK_FORWARD_BARS) });
    const options = { nWindows, inSampleRatio: body.in_sample_ratio, anchored: body.anchored };
    try {
      planWalkForward(data.bars.length, options);
    } catch (e) {
      throw new InvalidRequestError((e as Error).message);
    }
    const input: WalkForwardTaskInput = {
      strategy: body.strategy,
      base: body.params,
      grid: (body.param_grid ?? plugin.defaultGrid) as ParamGrid,
      objective: body.objective as MetricName,
      options,
      contextBars: body.context_bars,
      config: configOf(body),
      security: data.security,
      bars: toWire(data.bars),
    };
    return { input, label: data.label };
  }

  async submitWalkForward(body: WalkForwardBody, nWindows: number): Promise<TaskSummary> {
    const { input, label } = await this.#walkForwardInput(body, nWindows);
    return this.runner.submit({ kind: "walk_forward", description: fillTemplate(TASK_DESCRIPTIONS.walk_forward, { strategy: body.strategy, data: label, windows: nWindows }), input });
  }

  async submitEvaluate(body: WalkForwardBody, nWindows: number): Promise<TaskSummary> {
    const { input, label } = await this.#walkForwardInput(body, nWindows);
    return this.runner.submit({ kind: "evaluate", description: fillTemplate(TASK_DESCRIPTIONS.evaluate, { strategy: body.strategy, data: label }), input });
  }

  /** Bars of every stock (failures skipped and listed); a 400 when fewer than `least` could be fetched. */
  async #pool(stocks: readonly string[], req: Parameters<typeof dateRange>[0], least: number) {
    const fetched = await Promise.allSettled(stocks.map((s) => this.loader.load(s, dateRange(req))));
    const skipped = failures(stocks, fetched);
    const members = fetched.flatMap((r, i) => (r.status === "fulfilled" ? [{ key: stocks[i]!, security: r.value.security, bars: toWire(r.value.series) }] : []));
    if (members.length < least) throw new InvalidRequestError(`Bars for ${members.length} of the stocks; at least ${least} needed${skipped.length ? `: ${describe(skipped)}` : ""}`);
    return { members, skipped };
  }

  async submitMultiSeed(body: MultiSeedBody): Promise<TaskSummary> {
    this.#plugin(body.strategy);
    const { members, skipped } = await this.#pool(body.stocks, body, 1);
    const seeds = body.seeds ?? Array.from({ length: body.n_seeds }, (_, i) => i + 1);
    const input: MultiSeedTaskInput = {
      strategy: body.strategy,
      params: body.params,
      config: configOf(body),
      pool: members,
      skipped,
      seeds,
      sampleSize: body.sample_size ?? null,
      windowRatio: body.window_ratio,
      gates: body.gates,
    };
    return this.runner.submit({ kind: "multiseed", description: fillTemplate(TASK_DESCRIPTIONS.multiseed, { strategy: body.strategy, n: members.length, seeds: seeds.length }), input });
  }

  async submitRotation(body: RotationBody): Promise<TaskSummary> {
    const split = await splitRotation(this.panels, body, (s) => this.loader.security(s));
    const held = Object.keys(split.stored?.members ?? {}).length;
    if (split.rest.length > ROTATION_MAX_FETCHED)
      throw new InvalidRequestError(`${split.rest.length} of the stocks are not in the market store; at most ${ROTATION_MAX_FETCHED} are read from the quote source (sync the store first)`);
    const { members, skipped } = await this.#pool(split.rest, body, Math.max(0, 2 - held));
    const input: RotationTaskInput = {
      members,
      ...(split.stored ? { stored: split.stored } : {}),
      skipped: inOrder(body.stocks, [...split.skipped, ...skipped]),
      config: configOf(body),
      options: {
        slots: body.slots,
        keepRank: body.keep_rank ?? body.slots,
        refresh: body.refresh,
        takeProfit: body.take_profit ?? null,
        stopLoss: body.stop_loss ?? null,
      },
      score: body.score === "formula" ? { kind: "formula", text: body.formula_text!, column: body.score_col ?? null } : { kind: "momentum", period: body.period },
    };
    return this.runner.submit({ kind: "rotation", description: fillTemplate(TASK_DESCRIPTIONS.rotation, { n: members.length + held, slots: body.slots, refresh: body.refresh }), input });
  }

  async submitSignalScan(body: SignalScanBody): Promise<TaskSummary> {
    const records = await this.library.list();
    if (records.length === 0) throw new InvalidRequestError("The strategy library is empty; save a strategy first (POST /api/v1/strategies)");
    const targets = expandTargets(records);
    const input: SignalScanTaskInput = { window: body.window_bars, targets };
    return this.runner.submit({
      kind: "signal_scan",
      description: fillTemplate(TASK_DESCRIPTIONS.signal_scan, { n: records.length, targets: targets.length, bars: body.window_bars }),
      input,
    });
  }
}
