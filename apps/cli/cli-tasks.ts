/**
 * Long work (backtests, optimisation, ranking all strategies) runs as the
 * service's background tasks (`POST .../run/async`), exactly as the web app
 * starts them; the CLI follows the task until it ends, reporting its progress,
 * and returns its result. A failed or cancelled task is an error.
 */
import type { PostPath, ServiceApi } from "./cli-api.ts";
import { ServiceError } from "./cli-api.ts";
import type { CliIo } from "./cli-command.ts";

const POLL_MS = 200;

interface TaskState {
  status: "pending" | "running" | "done" | "failed" | "cancelled";
  progress: number;
  message: string;
  error: string | null;
  result: unknown;
}

export async function runTask(api: ServiceApi, path: PostPath, body: unknown, io: CliIo): Promise<any> {
  const { task_id } = (await api.post(path, body)) as { task_id: string };
  for (;;) {
    const t = (await api.get("/api/v1/backtest/tasks/{task_id}", {}, { task_id })) as TaskState;
    io.progress(t.status === "done" ? 1 : t.progress, t.message || t.status);
    if (t.status === "done") return t.result;
    if (t.status === "failed" || t.status === "cancelled") throw new ServiceError(500, t.error ?? t.message, `task ${task_id} ${t.status}: ${t.error ?? t.message}`);
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
}
