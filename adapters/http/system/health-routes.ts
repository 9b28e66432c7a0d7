import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import type { HttpEnv } from "../http-env.ts";
import { jsonOk } from "../schemas/common.ts";

const HealthOut = z
  .object({ status: z.literal("ok"), version: z.string(), uptime_s: z.number() })
  .catchall(z.unknown())
  .openapi("Health");

/** `GET /health`: liveness, exempt from the gate. */
export function registerHealthRoutes(app: OpenAPIHono<HttpEnv>, version: string, facts: () => Record<string, unknown>): void {
  const started = performance.now();
  app.openapi(createRoute({ method: "get", path: "/health", tags: ["system"], summary: "Liveness", responses: jsonOk(HealthOut) }), (c) =>
    c.json({ status: "ok" as const, version, uptime_s: Math.round((performance.now() - started) / 10) / 100, ...facts() }, 200),
  );
}
