/**
 * The research jobs the workers run (loaded by the worker pool and by
 * `npm run worker`). Each thread or process builds its own plugin registry once.
 */
import { loadPlugins } from "../../../plugins/index.ts";
import type { JobHandler } from "../../../ports/task-runner.ts";
import { evaluateStrategy } from "./evaluate-job.ts";
import { evaluateChunk } from "./grid-job.ts";
import { seedRuns } from "./multiseed-job.ts";
import { rotate } from "./rotation-job.ts";
import { scanBatch } from "./signal-scan-job.ts";
import { walkForwardWindow } from "./walk-forward-job.ts";

const registry = loadPlugins();

export const jobs: Record<string, JobHandler> = {
  "research.grid": (chunk) => evaluateChunk(registry, chunk),
  "research.window": (job) => walkForwardWindow(registry, job),
  "research.evaluate": (job) => evaluateStrategy(registry, job),
  "research.seed": (job) => seedRuns(registry, job),
  "research.rotation": (job) => rotate(job),
  "research.scan": (batch) => scanBatch(registry, batch),
};
