/**
 * The task programs of the research area, by kind. Single-symbol tasks and the
 * multi-stock ones carry their bars in the input (fetched while the request
 * was open), so a task re-queued after a restart sees the same data; the
 * signal scan fetches as it runs, as the formula screen does.
 */
import type { MarketPanels } from "../../../ports/market-panel.ts";
import type { PluginRegistry } from "../../../ports/plugins.ts";
import type { TaskProgram } from "../../../ports/task-runner.ts";
import type { BarLoader } from "../backtest/bar-loader.ts";
import { gridPrograms } from "./grid-programs.ts";
import { multiSeed } from "./multiseed-program.ts";
import { rotation } from "./rotation-program.ts";
import { runAllProgram } from "./run-all-program.ts";
import { signalScan } from "./signal-scan-program.ts";
import { walkForwardPrograms } from "./walk-forward-programs.ts";

/** The worker-side module with the jobs these programs run (for the job pools). */
export const RESEARCH_JOBS = new URL("./research-jobs.ts", import.meta.url);

export function researchPrograms(registry: PluginRegistry, loader: BarLoader, panels?: MarketPanels): Map<string, TaskProgram> {
  return new Map<string, TaskProgram>([
    ...gridPrograms(registry),
    ...walkForwardPrograms(registry),
    ["multiseed", multiSeed],
    ["rotation", rotation],
    ["run_all", runAllProgram(registry)],
    ["signal_scan", signalScan(loader, panels)],
  ]);
}
