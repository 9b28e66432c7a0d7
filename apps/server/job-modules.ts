/** Every module with jobs: the embedded worker threads and `npm run worker` load the same ones. */
import { BACKTEST_JOBS } from "../../adapters/http/backtest/backtest-tasks.ts";
import { RESEARCH_JOBS } from "../../adapters/http/research/research-tasks.ts";

export const JOB_MODULES: readonly URL[] = [BACKTEST_JOBS, RESEARCH_JOBS];
