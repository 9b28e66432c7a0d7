/**
 * The research jobs the workers run (loaded by the worker pool and by
 * `npm run worker`), over the plugin registry the thread's context carries.
 */
import type { PluginRegistry } from "../../../ports/plugins.ts";
import type { JobHandler } from "../../../ports/task-runner.ts";
import { evaluateStrategy } from "./evaluate-job.ts";
import { evaluateChunk } from "./grid-job.ts";
import { seedRuns } from "./multiseed-job.ts";
import { rotate } from "./rotation-job.ts";
import { scanBatch } from "./signal-scan-job.ts";
import { walkForwardWindow } from "./walk-forward-job.ts";

export function createJobs({ registry }: { registry: PluginRegistry }): Record<string, JobHandler> {
  return {
    "research.grid": (chunk) => evaluateChunk(registry, chunk),
    "research.window": (job) => walkForwardWindow(registry, job),
    "research.evaluate": (job) => evaluateStrategy(registry, job),
    "research.seed": (job) => seedRuns(registry, job),
    "research.rotation": (job) => rotate(job),
    "research.scan": (batch) => scanBatch(registry, batch),
  };
}
