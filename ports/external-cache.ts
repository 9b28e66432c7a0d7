/**
 * A durable cache of provider answers, so that repeated questions cost no
 * request to the provider and survive a restart.
 */
export interface CachedValue<T> {
  readonly value: T;
  /** Epoch ms of the fetch. */
  readonly fetchedAt: number;
  /** Epoch ms after which it is stale; null = never. */
  readonly expiresAt: number | null;
}

export interface ExternalCache {
  /** The entry of `source`/`key` unless it expired before `now`. */
  get<T>(source: string, key: string, now: number): Promise<CachedValue<T> | undefined>;
  /** Stores an entry; `expiresAt` null keeps it forever. */
  put(source: string, key: string, value: unknown, fetchedAt: number, expiresAt: number | null): Promise<void>;
  /** Deletes entries that expired before `now`. */
  purgeExpired(now: number): Promise<number>;
}
