/** Polling helpers for the background-task endpoints. */
import { call } from "../support/server.ts";

/** Polls GET /backtest/tasks/{id} until `ok` holds (or fails after ~10 s). */
export async function pollTask(base: string, id: string, ok: (t: any) => boolean = (t) => ["done", "failed", "cancelled"].includes(t.status)): Promise<any> {
  for (let i = 0; i < 2000; i++) {
    const r = await call(base, "GET", `/api/v1/backtest/tasks/${id}`);
    if (r.status !== 200) throw new Error(`GET task ${id}: ${r.status} ${r.text}`);
    if (ok(r.body)) return r.body;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error(`task ${id} never reached the expected state`);
}

/** `POST` a task and wait for it to finish; returns the final state. */
export async function runTask(base: string, path: string, json: unknown): Promise<any> {
  const r = await call(base, "POST", path, { json });
  if (r.status !== 202) throw new Error(`POST ${path}: ${r.status} ${r.text}`);
  return pollTask(base, r.body.task_id);
}
