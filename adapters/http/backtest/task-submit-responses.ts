/**
 * What every task submission answers, in one place: 202 with TaskSubmitResponse,
 * polled at GET /api/v1/backtest/tasks/{task_id} (spec 4.12), and 503 with
 * `Retry-After` while the task queue is full (TASK_QUEUE_LIMIT, default 64 tasks
 * pending or running for the whole service; adapters/tasks/embedded-task-runner.ts
 * says why 503 and not 429). A route whose bars come from a quote server answers
 * 503 for that too; the `detail` tells the two apart.
 */
import { ErrorSchema, errorResponses } from "../schemas/common.ts";
import { TaskSubmitResponseSchema } from "./backtest-responses.ts";

const QUEUE_FULL =
  "the task queue is full: as many tasks as TASK_QUEUE_LIMIT (default 64) are pending or running, every client together; " + "nothing was stored. Submit again after `Retry-After` seconds";

/** The 202, the given error statuses (and 422), and the queue-full 503. */
export function submitResponses(...statuses: Parameters<typeof errorResponses>) {
  const upstream = statuses.includes(503);
  return {
    202: { description: "accepted; poll GET /api/v1/backtest/tasks/{task_id}", content: { "application/json": { schema: TaskSubmitResponseSchema } } },
    ...errorResponses(...statuses),
    503: {
      description: upstream ? `Upstream unavailable, or ${QUEUE_FULL}` : `The ${QUEUE_FULL}`,
      headers: { "Retry-After": { description: "seconds to wait before submitting again (sent when the task queue is full)", schema: { type: "integer" as const } } },
      content: { "application/json": { schema: ErrorSchema } },
    },
  };
}
