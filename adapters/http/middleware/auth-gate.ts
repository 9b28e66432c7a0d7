import type { MiddlewareHandler } from "hono";
import { type AuthService, GATE_DETAIL } from "../../../core/app/auth/auth-service.ts";
import type { HttpEnv } from "../http-env.ts";

/**
 * The gate in front of `/api/v1` (adapters/http/DECISIONS.md "Auth gate"): with no password
 * set only local/private clients pass (others 403); with one set, a valid
 * session is required (401).
 */
export function authGate(auth: AuthService): MiddlewareHandler<HttpEnv> {
  return async (c, next) => {
    const verdict = await auth.gate(c.get("sessionToken"), c.get("clientAddress"));
    if (verdict === "pass") return next();
    return c.json({ detail: GATE_DETAIL[verdict] }, verdict === "forbidden" ? 403 : 401);
  };
}
