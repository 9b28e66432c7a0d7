/**
 * Failures of an external provider. The HTTP edge answers 502 for a provider
 * that answered badly or could not be reached and 504 for one that timed out
 * (adapters/http/DECISIONS.md "Errors"); the detail names the provider and what went wrong.
 */
import { UpstreamError, type UpstreamFailure } from "../../core/app/app-errors.ts";

export class ProviderError extends UpstreamError {
  constructor(
    readonly provider: string,
    message: string,
    failure: UpstreamFailure = "failed",
  ) {
    super("External provider", failure, message);
    this.name = "ProviderError";
  }
}

/** No answer within the timeout, after the retries. */
export class ProviderTimeoutError extends ProviderError {
  constructor(provider: string, message: string) {
    super(provider, message, "timeout");
    this.name = "ProviderTimeoutError";
  }
}

/** A short description of a body that was not what we asked for (an HTML error page, an empty body). */
export function describeBody(text: string): string {
  const trimmed = text.trim();
  if (trimmed === "") return "an empty body";
  const title = /<title[^>]*>([^<]*)<\/title>/i.exec(trimmed)?.[1]?.trim();
  if (/^<(!doctype html|html)/i.test(trimmed)) return title ? `an HTML page ("${title}")` : "an HTML page";
  return `${trimmed.length} bytes starting ${JSON.stringify(trimmed.slice(0, 40))}`;
}
