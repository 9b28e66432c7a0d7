/**
 * Output columns carved out of one reused buffer. On series of a few
 * thousand bars, paging in fresh memory for every output column costs more
 * than computing it (about 20 µs for a new 10,000-bar column against a few µs
 * for most indicators), so a caller that consumes the columns at once, such
 * as an HTTP answer serialised before the next request, takes them from an
 * arena and resets it afterwards. Columns handed out before `reset()` must
 * not be read after it.
 */
export class ColumnArena {
  #buffer = new Float64Array(0);
  #used = 0;

  /** @param keep  Values (not bytes) kept between uses; a bigger buffer grown for one use is dropped. */
  constructor(private readonly keep = 1 << 21) {}

  /** A column of `n` values; its contents are stale until written. */
  readonly take = (n: number): Float64Array => {
    if (this.#used + n > this.#buffer.length) {
      // earlier columns stay valid on the old buffer until it is released
      this.#buffer = new Float64Array(Math.max(2 * this.#buffer.length, n, 1024));
      this.#used = 0;
    }
    const column = this.#buffer.subarray(this.#used, this.#used + n);
    this.#used += n;
    return column;
  };

  /** Makes the whole buffer available again. */
  reset(): void {
    this.#used = 0;
    if (this.#buffer.length > this.keep) this.#buffer = new Float64Array(0);
  }
}

/** Where a kernel puts an output column. */
export type Allocate = (n: number) => Float64Array;

export const freshColumn: Allocate = (n) => new Float64Array(n);
