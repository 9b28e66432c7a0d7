/**
 * Per-address login throttle (core/auth/README.md §3 "Login throttle state", §8 limits).
 * Pure: the caller passes the current time in milliseconds on every call.
 *
 * Beyond the spec (issue 15): an attempt is counted when it starts, before the
 * slow password hash, and taken back when it succeeds (`clear` after a login,
 * `refund` after a correct old password), so concurrent attempts cannot all
 * pass the check before the first failure lands; a single-threaded sequence of
 * attempts sees exactly the spec's states. The table forgets an address whose
 * last failure is older than {@link FORGET_MS} and holds at most
 * {@link MAX_ENTRIES} addresses (the least recently failed go first), so a flood
 * of addresses cannot grow it without bound.
 */

export const MAX_FAILURES = 5;
export const LOCK_MS = 300_000;
export const CLEANUP_THRESHOLD = 1000;
/** A counting address with no failure for this long starts again from 0. */
export const FORGET_MS = 3_600_000;
/** Addresses tracked at most. */
export const MAX_ENTRIES = 10_000;

interface Entry {
  failures: number;
  /** Lock end (ms); 0 when not locked. */
  lockedUntil: number;
  /** Time of the last failure (ms). */
  last: number;
}

export type ThrottleCheck = { locked: false } | { locked: true; remainingSeconds: number };

export class LoginThrottle {
  /** In order of last failure, oldest first (an entry moves to the end when it fails). */
  readonly #entries = new Map<string, Entry>();
  /** No entry expires before this time (a lower bound), so a sweep that would drop nothing is skipped. */
  #nextExpiry = Infinity;

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

  /** A failed (or starting) login or old-password check; the fifth failure locks for 300 s. */
  recordFailure(address: string, now: number): void {
    let e = this.#current(address, now);
    if (e) this.#entries.delete(address);
    else e = { failures: 0, lockedUntil: 0, last: now };
    this.#entries.set(address, e);
    if (e.failures === 0) {
      if (this.#entries.size > CLEANUP_THRESHOLD && now >= this.#nextExpiry) this.#dropExpired(now);
      if (this.#entries.size > MAX_ENTRIES) this.#entries.delete(this.#entries.keys().next().value!);
    }
    e.failures += 1;
    e.last = now;
    if (e.failures === MAX_FAILURES) e.lockedUntil = now + LOCK_MS;
    this.#nextExpiry = Math.min(this.#nextExpiry, this.#expiry(e));
  }

  /** Takes back one counted attempt that turned out right; a lock it caused is lifted. */
  refund(address: string, now: number): void {
    const e = this.#current(address, now);
    if (!e) return;
    e.failures -= 1;
    if (e.failures < MAX_FAILURES) e.lockedUntil = 0;
    if (e.failures <= 0) this.#entries.delete(address);
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
    if (e && this.#expired(e, now)) {
      this.#entries.delete(address);
      return undefined;
    }
    return e;
  }

  #expiry(e: Entry): number {
    return e.lockedUntil !== 0 ? e.lockedUntil : e.last + FORGET_MS;
  }

  #expired(e: Entry, now: number): boolean {
    return this.#expiry(e) <= now;
  }

  #dropExpired(now: number): void {
    this.#nextExpiry = Infinity;
    for (const [address, e] of this.#entries) {
      if (this.#expired(e, now)) this.#entries.delete(address);
      else this.#nextExpiry = Math.min(this.#nextExpiry, this.#expiry(e));
    }
  }
}
