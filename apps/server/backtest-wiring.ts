/**
 * Builds the backtest area: the worker pool (one thread per core, started on
 * first use), the embedded task runner on the service database (recovering
 * tasks a stop interrupted), the backtest use cases and the strategy library.
 */
import { BarLoader } from "../../adapters/http/backtest/bar-loader.ts";
import type { BacktestArea } from "../../adapters/http/backtest/backtest-routes.ts";
import { BacktestService } from "../../adapters/http/backtest/backtest-service.ts";
import { BACKTEST_JOBS, backtestPrograms } from "../../adapters/http/backtest/backtest-tasks.ts";
import type { BarService } from "../../adapters/http/bars/bar-service.ts";
import type { SecurityDirectory } from "../../adapters/http/quotes/security-directory.ts";
import { StrategyLibraryService } from "../../adapters/http/strategies/strategy-library-service.ts";
import type { Database } from "../../adapters/sqlite/sqlite-database.ts";
import { sqliteStrategyLibrary } from "../../adapters/sqlite/sqlite-strategy-library.ts";
import { sqliteTaskStore } from "../../adapters/sqlite/sqlite-task-store.ts";
import { EmbeddedTaskRunner } from "../../adapters/tasks/embedded-task-runner.ts";
import { WorkerPool } from "../../adapters/tasks/worker-pool.ts";
import type { Clock } from "../../ports/clock.ts";
import type { Logger } from "../../ports/logger.ts";
import type { PluginRegistry } from "../../ports/plugins.ts";

export interface BacktestWiring {
  readonly area: BacktestArea;
  /** Stops the runner (running tasks stay `running` for the next start), then the threads. */
  close(): Promise<void>;
}

export async function wireBacktest(
  deps: { db: Database; clock: Clock; log: Logger; registry: PluginRegistry; bars: BarService; directory: SecurityDirectory },
  version: string,
): Promise<BacktestWiring> {
  const loader = new BarLoader(deps.bars, deps.directory);
  const pool = new WorkerPool({ modules: [BACKTEST_JOBS] });
  const tasks = await EmbeddedTaskRunner.start({ store: sqliteTaskStore(deps.db), pool, clock: deps.clock, log: deps.log, programs: backtestPrograms(loader) });
  return {
    area: {
      backtest: new BacktestService(deps.registry, loader, deps.directory, tasks),
      tasks,
      library: new StrategyLibraryService(sqliteStrategyLibrary(deps.db), deps.clock, version),
    },
    async close() {
      await tasks.close();
      await pool.close();
    },
  };
}
