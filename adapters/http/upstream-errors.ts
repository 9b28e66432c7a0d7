/**
 * Failures of the quote server as HTTP answers (adapters/http/DECISIONS.md "Errors"):
 * nothing reachable is 503 naming the hosts tried, a timeout is 504, a reply
 * that cannot be decoded is 502. The service keeps serving everything else.
 */
import { TdxDecodeError, TdxFrameError } from "../tdx/tdx-errors.ts";
import { TdxTimeoutError, TdxUnavailableError } from "../tdx/tdx-transport.ts";
import { ProviderError, ProviderTimeoutError } from "../external/provider-errors.ts";
import { HttpError } from "./http-error.ts";

export function upstreamError(err: unknown): HttpError | undefined {
  if (err instanceof TdxUnavailableError) {
    const tried = err.tried.length ? ` (hosts tried: ${err.tried.join(", ")})` : "";
    return new HttpError(503, `Quote server unavailable: ${err.message}${tried}`);
  }
  if (err instanceof TdxTimeoutError) return new HttpError(504, `Quote server timed out: ${err.message}`);
  if (err instanceof TdxFrameError || err instanceof TdxDecodeError) {
    return new HttpError(502, `Quote server sent an unreadable reply: ${err.message}`);
  }
  // External providers (announcements, reports, rankings): a timeout is 504, any other failure 502.
  if (err instanceof ProviderTimeoutError) return new HttpError(504, `External provider timed out: ${err.message}`);
  if (err instanceof ProviderError) return new HttpError(502, `External provider failed: ${err.message}`);
  return undefined;
}
