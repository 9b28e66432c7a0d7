import type { MiddlewareHandler } from "hono";
import { type HostRules, hostAllowed, originAllowed } from "../../../core/auth/index.ts";
import type { HttpEnv } from "../http-env.ts";

const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * Refuses requests whose `Host` does not name this service (DNS rebinding), and
 * state-changing requests or WebSocket upgrades whose `Origin` is present and
 * foreign (cross-site requests riding the session cookie). Rules and sources:
 * core/auth/host-origin.ts. Runs before everything else, the gate included.
 */
export function hostOriginGuard(rules: HostRules): MiddlewareHandler<HttpEnv> {
  return async (c, next) => {
    const host = c.req.header("host");
    if (host !== undefined && !hostAllowed(host, rules)) {
      return c.json({ detail: `Host ${JSON.stringify(host)} is not a name of this service; add it to ALLOWED_HOSTS to serve it` }, 403);
    }
    const origin = c.req.header("origin");
    const upgrade = c.req.header("upgrade")?.toLowerCase() === "websocket";
    if (origin !== undefined && (STATE_CHANGING.has(c.req.method) || upgrade) && !originAllowed(origin, host, rules)) {
      return c.json({ detail: `Cross-origin request from ${JSON.stringify(origin)} refused; add it to ALLOWED_ORIGINS to allow it` }, 403);
    }
    await next();
  };
}
