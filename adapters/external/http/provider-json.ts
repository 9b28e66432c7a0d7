import { describeBody, ProviderError } from "../provider-errors.ts";
import type { ProviderReply } from "./provider-client.ts";

/**
 * The JSON of a 200 reply. Providers under load or blocking a client answer
 * with an HTML page (sometimes with status 200): that is a provider error, named
 * as such, never a parse crash.
 */
export function jsonBody(provider: string, reply: ProviderReply): unknown {
  if (reply.status !== 200) throw new ProviderError(provider, `${provider} answered HTTP ${reply.status} with ${describeBody(reply.text)}`);
  try {
    return JSON.parse(reply.text);
  } catch {
    throw new ProviderError(provider, `${provider} answered with ${describeBody(reply.text)} instead of JSON`);
  }
}

export const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
