import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import type { HttpEnv } from "../http-env.ts";
import { errorResponses, jsonOk } from "../schemas/common.ts";
import type { HostService } from "../../tdx/index.ts";

const tags = ["server"];

const HostInfo = z
  .object({
    host: z.string().openapi({ description: "ip:port" }),
    name: z.string(),
    latency_ms: z.number().int().nullable().openapi({ description: "connect + handshake time in whole milliseconds (an integer, as easy_tdx); null when untested or unreachable" }),
    reachable: z.boolean(),
    is_current: z.boolean(),
    error: z.string().nullable().optional(),
  })
  .openapi("HostInfo");

const HostListResponse = z.object({ hosts: z.array(HostInfo), current_host: z.string(), total: z.number().int(), source: z.string() }).openapi("HostListResponse");

const ServerTestRequest = z
  .object({
    hosts: z.array(z.string().min(1)).max(200).nullable().optional().openapi({ description: "hosts to test (default: every candidate)" }),
    timeout: z.number().gt(0).max(30).default(5).openapi({ description: "seconds per host" }),
  })
  .openapi("ServerTestRequest");

const ServerSwitchRequest = z.object({ host: z.string().min(1) }).openapi("ServerSwitchRequest");
const SwitchResponse = z.object({ ok: z.boolean(), host: z.string(), message: z.string() }).openapi("SwitchResponse");

/** `GET /server/hosts`, `POST /server/test`, `POST /server/switch` (adapters/http/README.md 4.14). */
export function registerHostRoutes(app: OpenAPIHono<HttpEnv>, hosts: HostService): void {
  app.openapi(
    createRoute({
      method: "get",
      path: "/api/v1/server/hosts",
      tags,
      summary: "Candidate hosts and the one in use (no latency test)",
      description: "`source` names the quote source in use: sim, vipdoc, replay or tdx.",
      responses: { ...jsonOk(HostListResponse), ...errorResponses(401, 403) },
    }),
    (c) => c.json(hosts.list(), 200),
  );

  app.openapi(
    createRoute({
      method: "post",
      path: "/api/v1/server/test",
      tags,
      summary: "Concurrent connect-and-handshake test of hosts",
      description: "Reachable hosts first, fastest first. Each probe is bounded by `timeout` seconds.",
      request: { body: { required: true, content: { "application/json": { schema: ServerTestRequest } } } },
      responses: { ...jsonOk(z.array(HostInfo)), ...errorResponses(400, 401, 403) },
    }),
    async (c) => {
      const { hosts: list, timeout } = c.req.valid("json");
      return c.json(await hosts.test(list ?? undefined, timeout), 200);
    },
  );

  app.openapi(
    createRoute({
      method: "post",
      path: "/api/v1/server/switch",
      tags,
      summary: "Hot reconnect to a host; saved as preferred only when the reconnect succeeds",
      request: { body: { required: true, content: { "application/json": { schema: ServerSwitchRequest } } } },
      responses: { ...jsonOk(SwitchResponse), ...errorResponses(400, 401, 403) },
    }),
    async (c) => c.json(await hosts.switchTo(c.req.valid("json").host), 200),
  );
}
