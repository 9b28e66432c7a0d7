/**
 * The errors a use case raises (core/app/README.md): what went wrong in the
 * domain's words, never a status code. Each edge maps them: the HTTP adapter to
 * 4xx/5xx and FastAPI's shapes in one place (adapters/http/app-error-response.ts),
 * the CLI and MCP to their own messages. Adapters whose failures a caller may
 * see (quote servers, external providers) raise `UpstreamError`s.
 */

/** Every error the application layer means to raise. */
export abstract class AppError extends Error {}

/** A security, task, board, saved strategy ... that does not exist. */
export class NotFoundError extends AppError {
  override readonly name = "NotFoundError";
}

/** A request the domain refuses as a whole (an unknown strategy, too few bars, a bad formula). */
export class InvalidRequestError extends AppError {
  override readonly name = "InvalidRequestError";
}

/**
 * One refused field, located by its path in the request (`["body", "ohlcv", 3,
 * "close"]`), with a machine-readable type, a message and the value given:
 * enough for FastAPI's validation item.
 */
export interface FieldIssue {
  type: string;
  loc: (string | number)[];
  msg: string;
  input: unknown;
  ctx?: Record<string, unknown>;
}

/** A request whose fields break rules beyond their schema (cross-field rules, inline records). */
export class InvalidFieldsError extends AppError {
  override readonly name = "InvalidFieldsError";
  constructor(readonly issues: FieldIssue[]) {
    super(issues.map((i) => `${i.loc.join(".")}: ${i.msg}`).join("; "));
  }
}

/** The request clashes with the current state (already configured, a sync already running, a task not done). */
export class ConflictError extends AppError {
  override readonly name = "ConflictError";
}

/** What was sent is larger than the domain keeps. */
export class TooLargeError extends AppError {
  override readonly name = "TooLargeError";
}

/** No valid session, or a wrong password. */
export class UnauthenticatedError extends AppError {
  override readonly name = "UnauthenticatedError";
}

/** Refused for who is asking (password setup from a public address). */
export class ForbiddenError extends AppError {
  override readonly name = "ForbiddenError";
}

/** Too many failed attempts; try again later. */
export class TooManyAttemptsError extends AppError {
  override readonly name = "TooManyAttemptsError";
}

/** The service's own capacity for this work is taken; try again shortly. */
export class BusyError extends AppError {
  override readonly name = "BusyError";
  /** Seconds after which a retry may succeed, when the refusal can tell (HTTP sends it as `Retry-After`). */
  constructor(
    message: string,
    readonly retryAfter?: number,
  ) {
    super(message);
  }
}

/** Who failed upstream: the detail names it. */
export type Upstream = "Quote server" | "External provider";

/**
 * How an upstream failed: nothing reachable, no answer in time, an answer that
 * cannot be read, or (providers) a failure of its own.
 */
export type UpstreamFailure = "unavailable" | "timeout" | "unreadable" | "failed";

/** A quote server or external provider could not give the answer. */
export class UpstreamError extends AppError {
  constructor(
    readonly upstream: Upstream,
    readonly failure: UpstreamFailure,
    message: string,
    /** The hosts tried, for an unavailable quote server. */
    readonly tried: readonly string[] = [],
  ) {
    super(message);
  }
}
