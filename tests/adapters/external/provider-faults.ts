/** Provider failure modes the adapters are exercised with over the replay server. */
import type { ReplayReply } from "../../../apps/provider-replay/replay-server.ts";
import { ProviderClient } from "../../../adapters/external/http/provider-client.ts";

/** What a provider sends when it blocks or breaks: an HTML page with status 200. */
export const HTML_PAGE: ReplayReply = {
  headers: { "content-type": "text/html; charset=utf-8" },
  body: "<!DOCTYPE html><html><head><title>访问受限</title></head><body><p>您的访问过于频繁</p></body></html>",
};

export const EMPTY_BODY: ReplayReply = { headers: { "content-type": "application/json" }, body: "" };

export const json = (v: unknown): ReplayReply => ({ headers: { "content-type": "application/json" }, body: JSON.stringify(v) });

/** A client with a short timeout and instant back-off, for failure tests. */
// Generous enough for a loaded CI machine; stalls are still found within a couple of seconds.
export function testClient(provider: string, baseUrl: string, timeoutMs = 1000): ProviderClient {
  return new ProviderClient(provider, {
    baseUrl,
    timeoutMs,
    retries: 1,
    backoffMs: 1,
    minIntervalMs: 0,
  });
}
