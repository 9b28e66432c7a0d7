/**
 * `npm run worker`: a job consumer for TASK_BACKEND=bullmq. Start any number,
 * on any machine that reaches REDIS_URL; each runs WORKER_THREADS jobs at once
 * (default one per core). Stops on SIGINT/SIGTERM after the jobs in hand.
 */
import process from "node:process";
import pino from "pino";
import { startBullmqWorker } from "../../adapters/tasks/bullmq-worker.ts";
import { loadConfig } from "../server/config.ts";
import { JOB_MODULES, jobContext } from "../server/job-modules.ts";
import { runUntilSignal } from "../server/run-until-signal.ts";

await runUntilSignal(async () => {
  const config = loadConfig(process.env);
  if (!config.REDIS_URL) throw new Error("invalid configuration: the worker needs REDIS_URL");
  const log = pino({ level: config.LOG_LEVEL });
  return startBullmqWorker({ url: config.REDIS_URL, queue: config.BULLMQ_QUEUE, threads: config.WORKER_THREADS || undefined, modules: JOB_MODULES, context: jobContext(config), log });
});
