/**
 * Every module with jobs, and the context their threads build: the embedded worker
 * threads and `npm run worker` load the same ones, with the same plugins.
 */
import { BACKTEST_JOBS } from "../../core/app/backtest/backtest-tasks.ts";
import { RESEARCH_JOBS } from "../../core/app/research/research-tasks.ts";
import { MARKET_JOBS } from "../../core/app/market/market-tasks.ts";
import type { JobContextSource } from "../../ports/task-runner.ts";
import type { Config } from "./config.ts";
import type { JobContextInput } from "./job-context.ts";

export const JOB_MODULES: readonly URL[] = [BACKTEST_JOBS, RESEARCH_JOBS, MARKET_JOBS];

/** The context source of every worker thread: the plugin registry of `PLUGINS_DIR`. */
export function jobContext(config: Pick<Config, "PLUGINS_DIR">): JobContextSource {
  const input: JobContextInput = config.PLUGINS_DIR ? { pluginsDir: config.PLUGINS_DIR } : {};
  return { module: new URL("./job-context.ts", import.meta.url), input };
}
