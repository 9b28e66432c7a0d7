/**
 * `GET /backtest/tasks`, `GET|DELETE /backtest/tasks/{task_id}` and
 * `GET /backtest/tasks/{task_id}/export` (spec 4.12; DELETE cancels, an
 * addition). A stored result is sent as the JSON text it was stored as, never
 * parsed and re-serialised on the way out.
 */
import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import type { TaskDetail, TaskRunner, TaskSummary } from "../../../ports/task-runner.ts";
import { jsonBytesResponse } from "../frames/json-bytes-response.ts";
import type { HttpEnv } from "../http-env.ts";
import { errorResponses, jsonOk } from "../schemas/common.ts";
import { qEnum, qInt } from "../validation/query.ts";
import { TaskListSchema, TaskStateSchema, TaskSummarySchema } from "./backtest-responses.ts";
import { mainTable, toCsv } from "./task-export.ts";
import { ConflictError, NotFoundError } from "../../../core/app/app-errors.ts";

const tags = ["backtest"];
const TaskId = z.object({ task_id: z.string().min(1).max(64).openapi({ description: "id from the submit response" }) });

const STATUS_TEXT = `Status: pending → running → done | failed | cancelled. \`progress\` (0..1) and \`message\` follow the run;
\`result\` is present only at done; \`error\` says why a task failed. Tasks are stored: a restart loses none, and a task
that was running when the service stopped is started once more (\`attempts\` 2), then marked failed with the reason.
Times are epoch seconds.`;

function stateJson(t: TaskDetail): string {
  const { resultJson, ...summary } = t;
  const head = JSON.stringify(summary);
  return `${head.slice(0, -1)},"result":${resultJson ?? "null"}}`;
}

async function found<T extends TaskSummary>(p: Promise<T | undefined>, id: string): Promise<T> {
  const t = await p;
  if (!t) throw new NotFoundError(`Unknown task '${id}'`);
  return t;
}

export function registerTaskRoutes(app: OpenAPIHono<HttpEnv>, tasks: TaskRunner): void {
  app.openapi(
    createRoute({
      method: "get",
      path: "/api/v1/backtest/tasks",
      tags,
      summary: "Latest task summaries, most recently used first (no results)",
      description: `Most recently used = submitted or finished most recently. ${STATUS_TEXT}`,
      request: { query: z.object({ limit: qInt({ min: 1, max: 1000 }).default(20) }) },
      responses: { ...jsonOk(TaskListSchema), ...errorResponses(401, 403) },
    }),
    async (c) => {
      const list = await tasks.list(c.req.valid("query").limit);
      return c.json({ tasks: list, count: list.length }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: "get",
      path: "/api/v1/backtest/tasks/{task_id}",
      tags,
      summary: "A task's state; at done, the full result",
      description: STATUS_TEXT,
      request: { params: TaskId },
      responses: { ...jsonOk(TaskStateSchema), ...errorResponses(401, 403, 404) },
    }),
    async (c) => {
      const { task_id } = c.req.valid("param");
      const t = await found(tasks.get(task_id), task_id);
      return jsonBytesResponse<z.output<typeof TaskStateSchema>>(stateJson(t), { "content-type": "application/json" });
    },
  );

  app.openapi(
    createRoute({
      method: "delete",
      path: "/api/v1/backtest/tasks/{task_id}",
      tags,
      summary: "Cancel a pending or running task",
      description: "A running computation is stopped. The answer is the task's state after the call; a finished task is returned unchanged.",
      request: { params: TaskId },
      responses: { ...jsonOk(TaskSummarySchema), ...errorResponses(401, 403, 404) },
    }),
    async (c) => {
      const { task_id } = c.req.valid("param");
      return c.json(await found(tasks.cancel(task_id), task_id), 200);
    },
  );

  app.openapi(
    createRoute({
      method: "get",
      path: "/api/v1/backtest/tasks/{task_id}/export",
      tags,
      summary: "Export a finished task's result (json or csv)",
      description:
        "json: the full result. csv: the main table of the result, chosen in this priority: trades (portfolio and multi-strategy: every member's trades with a leading `symbol` column), ranking, then — only in a result without `performance` — rows (screens, signal scans), runs (multi-seed), walk-forward windows, then equity_curve (combined_equity); when none is present or all are empty, the performance key-value pairs. 409 until the task is done.",
      request: { params: TaskId, query: z.object({ format: qEnum(["json", "csv"]).default("json") }) },
      responses: {
        200: {
          description: "the result as a file",
          content: { "application/json": { schema: z.record(z.string(), z.unknown()) }, "text/csv": { schema: z.string() } },
        },
        ...errorResponses(401, 403, 404, 409),
      },
    }),
    async (c) => {
      const { task_id } = c.req.valid("param");
      const { format } = c.req.valid("query");
      const t = await found(tasks.get(task_id), task_id);
      if (t.status !== "done" || t.resultJson === null) throw new ConflictError(`Task '${task_id}' is ${t.status}; only a done task can be exported`);
      const file = `task-${task_id}.${format}`;
      const headers = { "content-disposition": `attachment; filename="${file}"` };
      if (format === "json") return jsonBytesResponse<Record<string, unknown>>(t.resultJson, { ...headers, "content-type": "application/json" });
      const csv = await toCsv(mainTable(JSON.parse(t.resultJson)));
      return new Response(csv, { headers: { ...headers, "content-type": "text/csv; charset=utf-8" } });
    },
  );
}
