import type { Context } from "hono";
import type { AuthService } from "./auth/auth-service.ts";
import type { Clock } from "../../ports/clock.ts";
import type { Logger } from "../../ports/logger.ts";

/** What the HTTP adapter needs from the composition root. */
export interface HttpDeps {
  auth: AuthService;
  clock: Clock;
  log: Logger;
  /** The socket peer of a request; runtime-specific (node-server, Deno). */
  peerAddress(c: Context): string | undefined;
  /** Service version shown in `/health` and the OpenAPI document. */
  version: string;
  /** Extra health facts (quote source state, ...), merged into `/health`. */
  health?: () => Record<string, unknown>;
}

/** Per-request values set by the edge middleware. */
export interface HttpVariables {
  clientAddress: string;
  sessionToken: string | undefined;
}

export type HttpEnv = { Variables: HttpVariables };
