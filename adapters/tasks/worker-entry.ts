/**
 * A pool thread: loads the job modules named in its setup, then runs one job
 * at a time as the pool sends them, posting progress, the result or the error.
 * The message listener is attached first, so jobs sent while the modules load
 * wait in the port's queue.
 */
import { parentPort, workerData } from "node:worker_threads";
import type { JobHandler, JobModule } from "../../ports/task-runner.ts";
import type { RunMessage, WorkerReply, WorkerSetup } from "./worker-messages.ts";

const port = parentPort!;
const setup = workerData as WorkerSetup;
const post = (m: WorkerReply) => port.postMessage(m);

const handlers: Promise<Map<string, JobHandler>> = Promise.all(setup.modules.map((m) => import(m) as Promise<JobModule>)).then(
  (mods) => new Map(mods.flatMap((m) => Object.entries(m.jobs))),
);

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
