/**
 * Read-through caching of one provider's answers: a fresh entry is answered
 * without asking the provider, from memory when recently used, else from the
 * durable cache (so it survives a restart); concurrent misses of one key share
 * one fetch. Each answer decides its own lifetime.
 */
import type { Clock } from "../../../ports/clock.ts";
import type { ExternalCache } from "../../../ports/external-cache.ts";
import type { Logger } from "../../../ports/logger.ts";

export interface Loaded<T> {
  readonly value: T;
  /** Epoch ms of the provider fetch behind the answer. */
  readonly fetchedAt: number;
  readonly cached: boolean;
}

/** When an answer fetched at `now` expires (epoch ms), or null to keep it forever. */
export type Lifetime<T> = (value: T, now: number) => number | null;

interface Entry {
  readonly value: unknown;
  readonly fetchedAt: number;
  readonly expiresAt: number | null;
}

const MEMORY_ENTRIES = 64;

export class ReadThrough {
  readonly #memory = new Map<string, Entry>();
  readonly #inflight = new Map<string, Promise<Loaded<unknown>>>();

  constructor(
    /** Cache namespace, e.g. "cninfo". */
    private readonly source: string,
    private readonly cache: ExternalCache,
    private readonly clock: Clock,
    private readonly log?: Logger,
  ) {}

  async load<T>(key: string, fetch: () => Promise<T>, lifetime: Lifetime<T>, refresh = false): Promise<Loaded<T>> {
    const now = this.clock.now();
    if (!refresh) {
      const hit = this.#memory.get(key);
      if (hit && (hit.expiresAt === null || hit.expiresAt > now)) {
        this.#memory.delete(key);
        this.#memory.set(key, hit);
        return { value: hit.value as T, fetchedAt: hit.fetchedAt, cached: true };
      }
      const stored = await this.cache.get<T>(this.source, key, now);
      if (stored) {
        this.#remember(key, stored);
        return { value: stored.value, fetchedAt: stored.fetchedAt, cached: true };
      }
    }
    const flightKey = `${refresh ? "!" : ""}${key}`;
    let flight = this.#inflight.get(flightKey) as Promise<Loaded<T>> | undefined;
    if (!flight) {
      flight = this.#fetch(key, fetch, lifetime).finally(() => this.#inflight.delete(flightKey));
      this.#inflight.set(flightKey, flight);
    }
    return flight;
  }

  async #fetch<T>(key: string, fetch: () => Promise<T>, lifetime: Lifetime<T>): Promise<Loaded<T>> {
    const value = await fetch();
    const fetchedAt = this.clock.now();
    const expiresAt = lifetime(value, fetchedAt);
    this.#remember(key, { value, fetchedAt, expiresAt });
    try {
      await this.cache.put(this.source, key, value, fetchedAt, expiresAt);
    } catch (e) {
      this.log?.warn({ source: this.source, key, err: (e as Error).message }, "external cache write failed");
    }
    return { value, fetchedAt, cached: false };
  }

  #remember(key: string, entry: Entry): void {
    this.#memory.delete(key);
    this.#memory.set(key, entry);
    if (this.#memory.size > MEMORY_ENTRIES) this.#memory.delete(this.#memory.keys().next().value!);
  }
}
