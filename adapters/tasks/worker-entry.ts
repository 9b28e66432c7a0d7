/**
 * A pool thread: builds its context (the plugin registry) and loads the job
 * modules named in its setup, then runs one job at a time as the pool sends them,
 * posting progress, the result or the error. The message listener is attached
 * first, so jobs sent while the modules load wait in the port's queue.
 */
import { parentPort, workerData } from "node:worker_threads";
import type { JobContextModule, JobHandler, JobModule } from "../../ports/task-runner.ts";
import type { RunMessage, WorkerReply, WorkerSetup } from "./worker-messages.ts";

const port = parentPort!;
const setup = workerData as WorkerSetup;
const post = (m: WorkerReply) => port.postMessage(m);

async function loadHandlers(): Promise<Map<string, JobHandler>> {
  const context = setup.context ? await ((await import(setup.context.module)) as JobContextModule).createJobContext(setup.context.input) : undefined;
  const mods = await Promise.all(setup.modules.map((m) => import(m) as Promise<JobModule>));
  return new Map(mods.flatMap((m) => Object.entries(m.createJobs(context))));
}

const handlers = loadHandlers();

port.on("message", async (m: RunMessage) => {
  try {
    const handler = (await handlers).get(m.job);
    if (!handler) throw new Error(`unknown job ${m.job}`);
    const result = await handler(m.payload, (fraction, message) => post({ type: "progress", id: m.id, fraction, message }));
    post({ type: "done", id: m.id, result });
  } catch (e) {
    const err = e instanceof Error ? e : new Error(String(e));
    post({ type: "error", id: m.id, name: err.name, message: err.message });
  }
});
