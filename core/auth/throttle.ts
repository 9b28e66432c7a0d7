/**
 * Per-address login throttle (auth-api.md §3 "Login throttle state", §8 limits).
 * Pure: the caller passes the current time in milliseconds on every call.
 */

export const MAX_FAILURES = 5;
export const LOCK_MS = 300_000;
export const CLEANUP_THRESHOLD = 1000;

interface Entry {
  failures: number;
  /** Lock end (ms); 0 when not locked. */
  lockedUntil: number;
}

export type ThrottleCheck = { locked: false } | { locked: true; remainingSeconds: number };

export class LoginThrottle {
  readonly #entries = new Map<string, Entry>();

  /** Number of addresses currently tracked. */
  get size(): number {
    return this.#entries.size;
  }

  /** Tells whether `address` is locked now; an elapsed lock restarts the count at 0. */
  check(address: string, now: number): ThrottleCheck {
    const e = this.#current(address, now);
    if (e && e.lockedUntil > now) {
      return { locked: true, remainingSeconds: Math.ceil((e.lockedUntil - now) / 1000) };
    }
    return { locked: false };
  }

  /** A failed login or failed old-password check; the fifth failure locks for 300 s. */
  recordFailure(address: string, now: number): void {
    let e = this.#current(address, now);
    if (!e) {
      e = { failures: 0, lockedUntil: 0 };
      this.#entries.set(address, e);
      if (this.#entries.size > CLEANUP_THRESHOLD) this.#dropExpiredLocks(now);
    }
    e.failures += 1;
    if (e.failures === MAX_FAILURES) e.lockedUntil = now + LOCK_MS;
  }

  /** A successful login clears the address. */
  clear(address: string): void {
    this.#entries.delete(address);
  }

  /** Failures currently counted for `address` (0 when untracked). */
  failures(address: string, now: number): number {
    return this.#current(address, now)?.failures ?? 0;
  }

  #current(address: string, now: number): Entry | undefined {
    const e = this.#entries.get(address);
    if (e && e.lockedUntil !== 0 && e.lockedUntil <= now) {
      this.#entries.delete(address);
      return undefined;
    }
    return e;
  }

  #dropExpiredLocks(now: number): void {
    for (const [address, e] of this.#entries) {
      if (e.lockedUntil !== 0 && e.lockedUntil <= now) this.#entries.delete(address);
    }
  }
}
