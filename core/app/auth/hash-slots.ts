/**
 * Bounds concurrent password hashing (issue 15): PBKDF2 runs on libuv's
 * thread pool (4 threads), so a burst of logins would otherwise take every
 * thread and stall file reads, compression and DNS for everyone (16 concurrent
 * logins pushed `GET /` from ~1 ms to ~1 s). At most {@link HASH_CONCURRENCY}
 * hashes run at once; later ones wait in order, and beyond
 * {@link HASH_QUEUE} waiting the answer is 503 instead of an ever longer wait.
 */
import { BusyError } from "../app-errors.ts";

export const HASH_CONCURRENCY = 2;
export const HASH_QUEUE = 64;

export class HashSlots {
  #running = 0;
  readonly #waiting: (() => void)[] = [];

  constructor(
    private readonly concurrency = HASH_CONCURRENCY,
    private readonly queue = HASH_QUEUE,
  ) {}

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.#running >= this.concurrency) {
      if (this.#waiting.length >= this.queue) throw new BusyError("Too many password checks in progress; try again shortly");
      await new Promise<void>((resolve) => this.#waiting.push(resolve));
    } else this.#running++;
    try {
      return await work();
    } finally {
      const next = this.#waiting.shift();
      if (next) next();
      else this.#running--;
    }
  }
}
