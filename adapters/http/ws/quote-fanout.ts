/**
 * One upstream poll per interval for every security any client watches, however
 * many clients watch it; nothing is polled outside the trading window. Each
 * poll asks for at most 80 securities per request, the protocol's limit.
 */
import { marketTimeOf } from "../../../core/bars/index.ts";
import { isTradingTime } from "../../../core/market/index.ts";
import type { Quote } from "../../../core/quotes/index.ts";
import type { Clock } from "../../../ports/clock.ts";
import type { Logger } from "../../../ports/logger.ts";
import type { QuoteSource } from "../../../ports/quote-source.ts";
import { marketId, marketName } from "../../../core/app/quotes/markets.ts";

export type QuoteListener = (code: string, q: Quote) => void;

const BATCH = 80;

/** "SZ:000001" → TDX reference. */
export function parseCode(code: string): { market: number; code: string } {
  const [m, c] = code.toUpperCase().split(":");
  return { market: marketId(m as "SZ" | "SH" | "BJ"), code: c ?? "" };
}

export class QuoteFanout {
  readonly #watchers = new Map<string, Set<QuoteListener>>();
  readonly #timer: ReturnType<typeof setInterval>;
  #polling = false;
  /** Upstream quote requests made so far (for monitoring and tests). */
  polls = 0;

  constructor(
    private readonly src: QuoteSource,
    private readonly clock: Clock,
    private readonly log: Logger,
    intervalMs: number,
  ) {
    this.#timer = setInterval(() => void this.#poll(), intervalMs);
    this.#timer.unref?.();
  }

  get watched(): number {
    return this.#watchers.size;
  }

  isWatched(code: string): boolean {
    return this.#watchers.has(code.toUpperCase());
  }

  watch(code: string, listener: QuoteListener): void {
    const key = code.toUpperCase();
    let set = this.#watchers.get(key);
    if (!set) this.#watchers.set(key, (set = new Set()));
    set.add(listener);
  }

  unwatch(code: string, listener: QuoteListener): void {
    const key = code.toUpperCase();
    const set = this.#watchers.get(key);
    if (!set) return;
    set.delete(listener);
    if (set.size === 0) this.#watchers.delete(key);
  }

  /** A one-off quote for a new subscriber (any time of day). */
  async snapshot(codes: readonly string[]): Promise<Quote[]> {
    return this.#fetch(codes.map((c) => c.toUpperCase()));
  }

  async #fetch(codes: readonly string[]): Promise<Quote[]> {
    const out: Quote[] = [];
    for (let i = 0; i < codes.length; i += BATCH) {
      this.polls++;
      out.push(...(await this.src.quotes(codes.slice(i, i + BATCH).map(parseCode))));
    }
    return out;
  }

  async #poll(): Promise<void> {
    if (this.#polling || this.#watchers.size === 0) return;
    if (!isTradingTime(marketTimeOf(this.clock.now()))) return;
    this.#polling = true;
    try {
      for (const q of await this.#fetch([...this.#watchers.keys()])) {
        const code = `${marketName(q.market)}:${q.code}`;
        for (const l of this.#watchers.get(code) ?? []) l(code, q);
      }
    } catch (e) {
      this.log.warn({ err: (e as Error).message }, "quote poll failed");
    } finally {
      this.#polling = false;
    }
  }

  close(): void {
    clearInterval(this.#timer);
    this.#watchers.clear();
  }
}
