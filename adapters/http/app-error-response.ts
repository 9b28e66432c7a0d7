/**
 * The one place where the application's errors (core/app/app-errors.ts) become
 * HTTP answers (adapters/http/DECISIONS.md "Errors"): field errors are 422 in FastAPI's
 * shape, every other error `{"detail": "..."}` with its status. An unreachable
 * upstream is 503 naming the hosts tried, a timeout 504, an unreadable or failed
 * answer 502; the service keeps serving everything else. A refusal for lack of
 * capacity (BusyError) is 503, with `Retry-After` when it says how long to wait.
 */
import {
  type AppError,
  BusyError,
  ConflictError,
  ForbiddenError,
  InvalidFieldsError,
  InvalidRequestError,
  NotFoundError,
  TooLargeError,
  TooManyAttemptsError,
  UnauthenticatedError,
  UpstreamError,
} from "../../core/app/app-errors.ts";
import { validationBody, type ValidationItem } from "./validation/fastapi-errors.ts";

export type AppErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 422 | 429 | 502 | 503 | 504;

export interface AppErrorResponse {
  readonly status: AppErrorStatus;
  readonly body: { detail: string } | { detail: ValidationItem[] };
  readonly headers?: Record<string, string>;
}

const STATUS: readonly [new (...a: never[]) => AppError, AppErrorStatus][] = [
  [NotFoundError, 404],
  [InvalidRequestError, 400],
  [ConflictError, 409],
  [TooLargeError, 413],
  [UnauthenticatedError, 401],
  [ForbiddenError, 403],
  [TooManyAttemptsError, 429],
  [BusyError, 503],
];

function upstreamResponse(e: UpstreamError): AppErrorResponse {
  switch (e.failure) {
    case "unavailable": {
      const tried = e.tried.length ? ` (hosts tried: ${e.tried.join(", ")})` : "";
      return { status: 503, body: { detail: `${e.upstream} unavailable: ${e.message}${tried}` } };
    }
    case "timeout":
      return { status: 504, body: { detail: `${e.upstream} timed out: ${e.message}` } };
    case "unreadable":
      return { status: 502, body: { detail: `${e.upstream} sent an unreadable reply: ${e.message}` } };
    case "failed":
      return { status: 502, body: { detail: `${e.upstream} failed: ${e.message}` } };
  }
}

/** The answer to an application error; undefined for any other error (the caller logs it and answers 500). */
export function appErrorResponse(err: unknown): AppErrorResponse | undefined {
  if (err instanceof InvalidFieldsError) return { status: 422, body: validationBody(err.issues) };
  if (err instanceof UpstreamError) return upstreamResponse(err);
  if (err instanceof BusyError && err.retryAfter !== undefined) {
    return { status: 503, body: { detail: err.message }, headers: { "retry-after": String(Math.max(1, Math.ceil(err.retryAfter))) } };
  }
  const status = STATUS.find(([type]) => err instanceof type)?.[1];
  return status === undefined ? undefined : { status, body: { detail: (err as Error).message } };
}
