import { ProviderClient } from "../../adapters/external/http/provider-client.ts";
import type { ExternalSourceDeps } from "../../ports/external-data.ts";

/** The HTTP client a provider plugin builds its adapter on. */
export function providerClientOf(provider: string, deps: ExternalSourceDeps): ProviderClient {
  return new ProviderClient(provider, {
    baseUrl: deps.baseUrl,
    timeoutMs: deps.timeoutMs,
    retries: deps.retries,
    backoffMs: deps.backoffMs,
    minIntervalMs: deps.minIntervalMs,
    log: deps.log,
  });
}
