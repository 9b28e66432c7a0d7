/**
 * Which securities exist, by market: the security list read once a day from the
 * quote source. It lets endpoints answer 404 for an unknown code instead of an
 * empty table, and knows names (for ST detection) without asking per request.
 */
import type { Market } from "../../bars/index.ts";
import type { Clock } from "../../../ports/clock.ts";
import type { QuoteSource } from "../../../ports/quote-source.ts";
import type { SecurityInfo } from "../../quotes/index.ts";
import { marketId } from "./markets.ts";

const PAGE = 1000;
const TTL_MS = 6 * 3600_000;

export class SecurityDirectory {
  readonly #src: QuoteSource;
  readonly #clock: Clock;
  readonly #cache = new Map<Market, { at: number; list: Promise<Map<string, SecurityInfo>> }>();

  constructor(src: QuoteSource, clock: Clock) {
    this.#src = src;
    this.#clock = clock;
  }

  /** The whole list of a market (every page, fetched concurrently after the count). */
  async list(market: Market): Promise<Map<string, SecurityInfo>> {
    const now = this.#clock.now();
    const hit = this.#cache.get(market);
    if (hit && now - hit.at < TTL_MS) return hit.list;
    const list = (async () => {
      const id = marketId(market);
      const n = await this.#src.securityCount(id);
      const pages = await Promise.all(Array.from({ length: Math.ceil(n / PAGE) }, (_, i) => this.#src.securityList(id, i * PAGE)));
      return new Map(pages.flat().map((s) => [s.code, s]));
    })();
    this.#cache.set(market, { at: now, list });
    list.catch(() => this.#cache.delete(market));
    return list;
  }

  /** The security, or undefined when the market's list does not have it. */
  async find(market: Market, code: string): Promise<SecurityInfo | undefined> {
    return (await this.list(market)).get(code);
  }
}
