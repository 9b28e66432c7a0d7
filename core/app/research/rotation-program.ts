/** The rotation backtest: one sequential simulation, so one job; the bars came with the submission. */
import type { BacktestConfig, SecurityInfo } from "../../backtest/index.ts";
import type { RotationOptions, RotationResult } from "../../research/index.ts";
import type { TaskProgram } from "../../../ports/task-runner.ts";
import type { Skipped } from "../backtest/backtest-tasks.ts";
import { fromWire, type WireSeries } from "../backtest/wire-series.ts";
import type { RotationJob, RotationScore } from "./rotation-job.ts";
import { rotateStored, type StoredRotation } from "./market-rotation.ts";
import { fillTemplate, TASK_MESSAGES } from "../../text/index.ts";

export interface RotationTaskInput {
  readonly members: readonly { readonly key: string; readonly security: SecurityInfo; readonly bars: WireSeries }[];
  /** Members read from the market store's panel (issue 21), absent without a store. */
  readonly stored?: StoredRotation;
  readonly skipped: readonly Skipped[];
  readonly config: BacktestConfig;
  readonly options: RotationOptions;
  readonly score: RotationScore;
}

export const rotation: TaskProgram<RotationTaskInput> = {
  async run(input, ctx) {
    ctx.progress(0.05, fillTemplate(TASK_MESSAGES.rotating, { n: input.members.length, slots: input.options.slots }));
    const job: RotationJob = { ...input, members: input.members.map((m) => ({ ...m, bars: fromWire(m.bars) })) };
    const { result, stocks, skipped } = input.stored
      ? await rotateStored(input.stored, job, input.skipped, ctx)
      : { result: await ctx.pool.run<RotationResult>("research.rotation", job, { signal: ctx.signal }), stocks: input.members.map((m) => m.key), skipped: input.skipped };
    return {
      ...result,
      config: {
        ...input.config,
        stocks,
        slots: input.options.slots,
        keep_rank: input.options.keepRank,
        refresh: input.options.refresh,
        take_profit: input.options.takeProfit,
        stop_loss: input.options.stopLoss,
        score: input.score.kind,
        ...(input.score.kind === "momentum" ? { period: input.score.period } : { formula_text: input.score.text, score_col: input.score.column }),
      },
      skipped,
    };
  },
};
