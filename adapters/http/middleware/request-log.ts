import type { MiddlewareHandler } from "hono";
import type { Logger } from "../../../ports/logger.ts";

/** One structured line per request: method, path, status, duration in ms. */
export function requestLog(log: Logger): MiddlewareHandler {
  return async (c, next) => {
    const t0 = performance.now();
    await next();
    const ms = Math.round((performance.now() - t0) * 100) / 100;
    log.info({ method: c.req.method, path: c.req.path, status: c.res.status, ms }, "request");
  };
}
