import type { Context, MiddlewareHandler } from "hono";
import { getCookie } from "hono/cookie";
import { clientAddress, type TrustedProxy, SESSION_COOKIE } from "../../../core/auth/index.ts";
import type { HttpEnv } from "../http-env.ts";

/** Resolves the client address and the session cookie once per request. */
export function clientContext(peerAddress: (c: Context) => string | undefined, trusted: TrustedProxy): MiddlewareHandler<HttpEnv> {
  return async (c, next) => {
    c.set("clientAddress", clientAddress(peerAddress(c), c.req.header("x-forwarded-for"), trusted));
    c.set("sessionToken", getCookie(c, SESSION_COOKIE) || undefined);
    await next();
  };
}
