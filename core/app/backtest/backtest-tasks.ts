/**
 * The task programs of the backtest area, by kind, and the inputs they are
 * stored with. Single, portfolio and multi-strategy runs carry their bars in
 * the input (fetched while the request was open), so a run re-queued after a
 * restart sees the same data; the computation is one job on the worker pool.
 * A formula screen fetches as it goes: batches of securities are fetched
 * concurrently through the quote connection pool while earlier batches are
 * evaluated on the worker threads.
 */
import type { AdjustMode, BarCategory } from "../../bars/index.ts";
import type { BacktestConfig, PortfolioConfig, SecurityInfo } from "../../backtest/index.ts";
import type { MarketPanels } from "../../../ports/market-panel.ts";
import type { StrategyParams } from "../../../ports/plugins.ts";
import { screenStored } from "./market-screen.ts";
import type { TaskContext, TaskProgram } from "../../../ports/task-runner.ts";
import type { BarLoader } from "./bar-loader.ts";
import type { ScreenOutcome } from "./formula-screen.ts";
import { fromWire, type WireSeries } from "./wire-series.ts";
import { fillTemplate, TASK_MESSAGES } from "../../text/index.ts";

/** The worker-side module with the jobs these programs run (for the worker pool). */
export const BACKTEST_JOBS = new URL("./backtest-jobs.ts", import.meta.url);

const TASK_KINDS = ["backtest", "portfolio", "multi_strategy", "formula_backtest", "formula_screen"] as const;

export interface Skipped {
  readonly symbol: string;
  readonly error: string;
}

export interface SingleTaskInput {
  readonly strategy: string;
  readonly params: StrategyParams;
  readonly config: BacktestConfig;
  readonly security: SecurityInfo;
  readonly bars: WireSeries;
  /** Notes added to the result (e.g. future functions in a formula). */
  readonly warnings?: readonly string[];
}

export interface PortfolioTaskInput {
  readonly strategy: string;
  readonly params: StrategyParams;
  readonly config: PortfolioConfig;
  readonly legs: readonly { readonly key: string; readonly security: SecurityInfo; readonly weight?: number; readonly bars: WireSeries }[];
  readonly skipped: readonly Skipped[];
}

export interface MultiTaskInput {
  readonly config: BacktestConfig;
  readonly slots: readonly {
    readonly key: string;
    readonly strategy: string;
    readonly params: StrategyParams;
    readonly security: SecurityInfo;
    readonly bars: WireSeries;
  }[];
  readonly skipped: readonly Skipped[];
}

export interface ScreenTaskInput {
  readonly text: string;
  readonly params: Record<string, number>;
  readonly signal: string;
  readonly items: readonly { readonly symbol: string; readonly name: string }[];
  readonly category: BarCategory;
  readonly count: number;
  readonly adjust: AdjustMode;
  readonly sort_by: string | null;
  readonly descending: boolean;
  readonly future_functions: readonly string[];
}

const SCREEN_BATCH = 40;

const single: TaskProgram<SingleTaskInput> = {
  async run(input, ctx) {
    ctx.progress(0.05, fillTemplate(TASK_MESSAGES.backtest_bars, { n: input.bars.time.length }));
    const result = await ctx.pool.run<object>("backtest.single", { ...input, bars: fromWire(input.bars) }, { signal: ctx.signal });
    return input.warnings?.length ? { ...result, warnings: input.warnings } : result;
  },
};

const portfolio: TaskProgram<PortfolioTaskInput> = {
  async run(input, ctx) {
    ctx.progress(0.05, fillTemplate(TASK_MESSAGES.backtest_symbols, { n: input.legs.length }));
    const legs = input.legs.map((l) => ({ ...l, bars: fromWire(l.bars) }));
    const result = await ctx.pool.run<object>("backtest.portfolio", { ...input, legs }, { signal: ctx.signal });
    return { ...result, skipped: input.skipped };
  },
};

const multiStrategy: TaskProgram<MultiTaskInput> = {
  async run(input, ctx) {
    ctx.progress(0.05, fillTemplate(TASK_MESSAGES.backtest_strategies, { n: input.slots.length }));
    const slots = input.slots.map((s) => ({ ...s, bars: fromWire(s.bars) }));
    const result = await ctx.pool.run<object>("backtest.multi", { config: input.config, slots }, { signal: ctx.signal });
    return { ...result, skipped: input.skipped };
  },
};

function sortRows(rows: Record<string, unknown>[], by: string | null, descending: boolean): void {
  if (by === null) return;
  const key = (r: Record<string, unknown>) => (typeof r[by] === "number" ? (r[by] as number) : null);
  rows.sort((a, b) => {
    const x = key(a);
    const y = key(b);
    if (x === null || y === null) return x === null ? (y === null ? 0 : 1) : -1;
    return descending ? y - x : x - y;
  });
}

function screenProgram(loader: BarLoader, panels?: MarketPanels): TaskProgram<ScreenTaskInput> {
  return {
    async run(input, ctx: TaskContext) {
      const total = input.items.length;
      const outcomes = new Map<string, ScreenOutcome>();
      let finished = 0;
      const report = (n: number) => ctx.progress((finished += n) / total, fillTemplate(TASK_MESSAGES.screened, { done: finished, total }));
      const rest = await screenStored(panels, input, ctx, outcomes, report);
      const evaluating: Promise<void>[] = [];
      for (let at = 0; at < rest.length; at += SCREEN_BATCH) {
        ctx.signal.throwIfAborted();
        const batch = rest.slice(at, at + SCREEN_BATCH);
        const fetched = await Promise.all(
          batch.map(async (item) => {
            try {
              const bars = await loader.fetch(item.symbol, { category: input.category, count: input.count, adjust: input.adjust });
              return { ...item, bars };
            } catch (e) {
              outcomes.set(item.symbol, { ...item, error: (e as Error).message });
              return undefined;
            }
          }),
        );
        const items = fetched.filter((x) => x !== undefined);
        const job = { text: input.text, params: input.params, signal: input.signal, items };
        const evaluated = ctx.pool.run<ScreenOutcome[]>("formula.screen", job, { signal: ctx.signal }).then((rows) => {
          for (const r of rows) outcomes.set(r.symbol, r);
          report(batch.length);
        });
        evaluated.catch(() => {}); // awaited below; a failure must not also surface as unhandled
        evaluating.push(evaluated);
        if (evaluating.length >= ctx.pool.size) await evaluating.shift();
      }
      await Promise.all(evaluating);
      const ordered = input.items.map((i) => outcomes.get(i.symbol)!);
      const rows: Record<string, unknown>[] = [];
      const errors: { symbol: string; name: string; error: string }[] = [];
      const columns = new Set<string>();
      for (const o of ordered) {
        if ("error" in o) errors.push(o);
        else if (o.matched) {
          for (const c of Object.keys(o.values)) columns.add(c);
          rows.push({ symbol: o.symbol, name: o.name, date: o.date, close: o.close, ...o.values });
        }
      }
      sortRows(rows, input.sort_by, input.descending);
      return {
        signal: input.signal,
        columns: ["symbol", "name", "date", "close", ...columns],
        rows,
        total,
        matched: rows.length,
        error_count: errors.length,
        errors,
        future_functions: input.future_functions,
      };
    },
  };
}

/** Every backtest task kind with its program (`panels`: the market store's, for the screen). */
export function backtestPrograms(loader: BarLoader, panels?: MarketPanels): Map<string, TaskProgram> {
  return new Map<(typeof TASK_KINDS)[number], TaskProgram>([
    ["backtest", single],
    ["formula_backtest", single],
    ["portfolio", portfolio],
    ["multi_strategy", multiStrategy],
    ["formula_screen", screenProgram(loader, panels)],
  ]);
}
