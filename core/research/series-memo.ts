/**
 * Values derived from one bar series, each computed once per key. A parameter
 * sweep hands one memo to every grid point on the same series, so a moving
 * average that a thousand (fast, slow) pairs share is computed once and every
 * pair's signals are derived from the cached columns. A key must name the
 * computation completely (indicator, source column, parameters), e.g.
 * `"ma(close,20)"`; keys mean the same thing in every strategy, so strategies
 * evaluated on one memo share their common indicators too.
 */
export interface SeriesMemo {
  get<T>(key: string, compute: () => T): T;
}

export class MemoTable implements SeriesMemo {
  readonly #values = new Map<string, unknown>();

  get<T>(key: string, compute: () => T): T {
    if (this.#values.has(key)) return this.#values.get(key) as T;
    const value = compute();
    this.#values.set(key, value);
    return value;
  }

  /** Distinct values computed so far. */
  get size(): number {
    return this.#values.size;
  }
}
