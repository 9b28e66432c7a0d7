/**
 * code → cninfo orgId, from cninfo's official list (`szse_stock.json`, which
 * covers SZ, SH and BJ A-shares). The list is fetched once and kept for a day;
 * while it cannot be fetched the guessed id is used and the fetch is retried
 * after a pause, so a broken list endpoint costs one extra request per pause,
 * not one per query.
 */
import type { Logger } from "../../../ports/logger.ts";
import type { ProviderClient } from "../http/provider-client.ts";
import { jsonBody } from "../http/provider-json.ts";
import { guessOrgId, parseStockList } from "./cninfo-parse.ts";

const KEEP_MS = 24 * 3600_000;
const RETRY_MS = 10 * 60_000;

export class CninfoOrgIds {
  #map: Map<string, string> | undefined;
  #validUntil = -Infinity;
  #loading: Promise<void> | undefined;

  constructor(
    private readonly client: ProviderClient,
    private readonly log?: Logger,
    private readonly now: () => number = Date.now,
  ) {}

  async lookup(code: string): Promise<string> {
    if (this.now() >= this.#validUntil) await (this.#loading ??= this.#load().finally(() => (this.#loading = undefined)));
    return this.#map?.get(code) ?? guessOrgId(code);
  }

  async #load(): Promise<void> {
    try {
      const reply = await this.client.request({ path: "/new/data/szse_stock.json" });
      this.#map = parseStockList(jsonBody(this.client.provider, reply));
      this.#validUntil = this.now() + KEEP_MS;
    } catch (e) {
      this.log?.warn({ err: (e as Error).message }, "cninfo orgId list unavailable; guessing orgIds");
      this.#validUntil = this.now() + RETRY_MS;
    }
  }
}
