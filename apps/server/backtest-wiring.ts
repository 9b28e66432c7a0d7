/**
 * Builds the backtest area: the job pool (embedded worker threads, one per
 * core and started on first use; or, with TASK_BACKEND=bullmq, a BullMQ queue
 * on REDIS_URL served by `npm run worker` processes), the embedded task runner
 * on the service database (recovering tasks a stop interrupted), the backtest
 * and research use cases and the strategy library.
 */
import { randomUUID } from "node:crypto";
import { BarLoader } from "../../core/app/backtest/bar-loader.ts";
import type { BacktestArea } from "../../adapters/http/backtest/backtest-routes.ts";
import { BacktestService } from "../../core/app/backtest/backtest-service.ts";
import { backtestPrograms } from "../../core/app/backtest/backtest-tasks.ts";
import type { BarService } from "../../core/app/bars/bar-service.ts";
import type { SecurityDirectory } from "../../core/app/quotes/security-directory.ts";
import { ResearchService } from "../../core/app/research/research-service.ts";
import { researchPrograms } from "../../core/app/research/research-tasks.ts";
import { StrategyLibraryService } from "../../core/app/strategies/strategy-library-service.ts";
import { SavedHoldingsService } from "../../core/app/strategies/saved-holdings-service.ts";
import { savedRunReader } from "../../adapters/http/strategies/saved-run-requests.ts";
import type { Database } from "../../adapters/sqlite/sqlite-database.ts";
import { sqliteStrategyLibrary } from "../../adapters/sqlite/sqlite-strategy-library.ts";
import { sqliteTaskStore } from "../../adapters/sqlite/sqlite-task-store.ts";
import { EmbeddedTaskRunner } from "../../adapters/tasks/embedded-task-runner.ts";
import { WorkerPool } from "../../adapters/tasks/worker-pool.ts";
import type { Clock } from "../../ports/clock.ts";
import type { Logger } from "../../ports/logger.ts";
import type { MarketPanels } from "../../ports/market-panel.ts";
import type { PluginRegistry } from "../../ports/plugins.ts";
import type { JobPool, TaskProgram } from "../../ports/task-runner.ts";
import type { Config } from "./config.ts";
import { JOB_MODULES, jobContext } from "./job-modules.ts";
import { warmOptimisation } from "./warm-jobs.ts";

export interface BacktestWiring {
  readonly area: BacktestArea;
  readonly research: ResearchService;
  /** Starts the job pool's threads ahead of the first job (embedded pool only). */
  startWorkers(): void;
  /** Runs the optimisation path once on a symbol's bars, storing no task (embedded pool only: BullMQ's workers are not this process's to busy). */
  readonly warmOptimisation?: (symbol: string, signal: AbortSignal) => Promise<void>;
  /** Stops the runner (running tasks stay `running` for the next start), then the pool. */
  close(): Promise<void>;
}

type TaskConfig = Pick<Config, "TASK_BACKEND" | "REDIS_URL" | "BULLMQ_QUEUE" | "BULLMQ_PARALLELISM" | "PLUGINS_DIR" | "WORKER_THREADS" | "TASK_QUEUE_LIMIT">;

/** The job pool the configuration asks for; the BullMQ adapter is loaded only when chosen. */
async function jobPool(config: TaskConfig, log: Logger): Promise<JobPool> {
  if (config.TASK_BACKEND !== "bullmq") return new WorkerPool({ modules: JOB_MODULES, context: jobContext(config), ...(config.WORKER_THREADS ? { size: config.WORKER_THREADS } : {}) });
  const { BullmqJobPool } = await import("../../adapters/tasks/bullmq-job-pool.ts");
  return BullmqJobPool.open({ url: config.REDIS_URL!, queue: config.BULLMQ_QUEUE, size: config.BULLMQ_PARALLELISM, log });
}

export async function wireBacktest(
  deps: { db: Database; clock: Clock; log: Logger; registry: PluginRegistry; bars: BarService; directory: SecurityDirectory; config: TaskConfig; panels?: MarketPanels },
  version: string,
  /** Programs of other areas that run as tasks of the same runner (the market store's sync). */
  more: ReadonlyMap<string, TaskProgram> = new Map(),
): Promise<BacktestWiring> {
  const loader = new BarLoader(deps.bars, deps.directory);
  const pool = await jobPool(deps.config, deps.log);
  const programs = new Map([...backtestPrograms(loader, deps.panels), ...researchPrograms(deps.registry, loader, deps.panels), ...more]);
  const tasks = await EmbeddedTaskRunner.start({ store: sqliteTaskStore(deps.db), pool, clock: deps.clock, log: deps.log, programs, maxPending: deps.config.TASK_QUEUE_LIMIT });
  const library = sqliteStrategyLibrary(deps.db);
  const saved = new StrategyLibraryService(library, deps.clock, version, () => randomUUID().replaceAll("-", "").slice(0, 12));
  return {
    area: {
      backtest: new BacktestService(deps.registry, loader, deps.directory, tasks),
      tasks,
      library: saved,
      holdings: new SavedHoldingsService(saved, deps.registry, loader, savedRunReader(deps.registry)),
    },
    research: new ResearchService(deps.registry, loader, library, tasks, deps.panels),
    startWorkers: () => pool.warm?.(),
    ...(pool.warm && { warmOptimisation: (symbol: string, signal: AbortSignal) => warmOptimisation({ pool, optimize: programs.get("optimize")!, loader, registry: deps.registry }, symbol, signal) }),
    async close() {
      await tasks.close();
      await pool.close();
    },
  };
}
