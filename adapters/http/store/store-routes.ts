/**
 * `GET /api/v1/store` (what the market store holds) and `POST /api/v1/store/sync`
 * (a background sync, followed like every task: `GET /api/v1/backtest/tasks/{id}`
 * and the WebSocket's `task` messages). README "Market store" explains both.
 */
import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import { submitResponses } from "../backtest/task-submit-responses.ts";
import type { HttpEnv } from "../http-env.ts";
import { errorResponses, jsonOk } from "../schemas/common.ts";
import type { TaskRunner } from "../../../ports/task-runner.ts";
import type { StoreService } from "../../../core/app/store/store-service.ts";

const tags = ["store"];

const Files = z.object({ securities: z.number().int(), records: z.number().int(), last_time: z.number().nullable() });
const StoreStateSchema = z
  .object({
    securities: z.number().int(),
    files: z.object({ day: Files, lc5: Files, lc1: Files }),
    bytes: z.number().int(),
    syncing: z.boolean(),
    last_run: z.object({ id: z.number().int(), started_at: z.number(), finished_at: z.number().nullable(), status: z.string(), summary: z.unknown() }).nullable(),
  })
  .openapi("StoreState");

const SyncRequest = z
  .object({
    minutes: z
      .array(z.string().regex(/^(SH|SZ|BJ):\d{6}$/))
      .max(10_000)
      .optional()
      .openapi({ description: "securities that also get minute bars (default SYNC_MINUTES)" }),
    minute_kinds: z
      .array(z.enum(["lc5", "lc1"]))
      .min(1)
      .max(2)
      .optional()
      .openapi({ description: "lc5 (5-minute) and/or lc1 (1-minute); default SYNC_MINUTE_KINDS" }),
  })
  .strict()
  .openapi("StoreSyncRequest");

export function registerStoreRoutes(app: OpenAPIHono<HttpEnv>, store: StoreService, tasks: TaskRunner): void {
  app.openapi(
    createRoute({
      method: "get",
      path: "/api/v1/store",
      tags,
      summary: "What the local market store holds",
      description:
        "Securities listed, bar files by kind (`day`, `lc5`, `lc1`: securities with a file, records, newest bar time in market ms), " +
        "their size in bytes (32 per record), whether a sync is running, and the last sync's outcome (`summary`: counts and failures).",
      responses: { ...jsonOk(StoreStateSchema), ...errorResponses(401, 403) },
    }),
    async (c) => {
      const { dir: _dir, ...state } = await store.state();
      return c.json(state, 200);
    },
  );

  app.openapi(
    createRoute({
      method: "post",
      path: "/api/v1/store/sync",
      tags,
      summary: "Sync the market store from the quote servers (background task)",
      description:
        "Daily bars of every SH/SZ/BJ stock, exchange index and fund, their ex-rights records and the stocks' finance snapshots, " +
        "plus minute bars of `minutes`; incremental after the first run. Progress over the WebSocket (`task` messages) and " +
        "`GET /api/v1/backtest/tasks/{task_id}`; the result counts what was fetched and lists failures. 409 while a sync is queued or running; 503 (with `Retry-After`) while the task queue is full.",
      request: { body: { required: false, content: { "application/json": { schema: SyncRequest } } } },
      responses: submitResponses(401, 403, 409),
    }),
    async (c) => {
      const body = c.req.valid("json") ?? {};
      const t = await store.submit(tasks, {
        ...(body.minutes ? { minutes: body.minutes } : {}),
        ...(body.minute_kinds ? { minuteKinds: body.minute_kinds } : {}),
      });
      return c.json({ task_id: t.task_id, status: "pending" as const }, 202);
    },
  );
}
