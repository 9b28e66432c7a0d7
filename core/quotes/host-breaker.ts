/**
 * Circuit breaker over quote hosts (issue 15; the pattern of Nygard's "Release
 * It!" as in Hystrix and resilience4j): a host that completed the handshake and
 * then let a request time out is taken out of rotation for a cool-down, so a
 * stalled host costs one timeout instead of one per request.
 *
 * Rule:
 * - {@link TIMEOUTS_TO_OPEN} consecutive timeouts open a host: one, because a
 *   timeout already is the pool's whole wait (10 s of silence on a connection
 *   that completed its handshake); a second strike would cost a user another.
 * - An open host is skipped for {@link COOL_DOWN_MS}, doubled each time it opens
 *   again without a success in between, at most {@link MAX_COOL_DOWN_MS}.
 * - After the cool-down it is tried again (half-open); an answered request
 *   closes it and forgets its history, another timeout opens it again.
 * - When every host is open, the one whose cool-down ends first is tried: the
 *   breaker may reorder hosts but never leaves none.
 * Pure: callers pass the time in milliseconds.
 */

export const TIMEOUTS_TO_OPEN = 1;
export const COOL_DOWN_MS = 60_000;
export const MAX_COOL_DOWN_MS = 600_000;

interface HostState {
  /** Timeouts since the last answered request. */
  timeouts: number;
  /** Times opened since the last answered request. */
  opened: number;
  /** Open until this time; 0 while closed. */
  openUntil: number;
}

export class HostBreaker {
  readonly #hosts = new Map<string, HostState>();

  /** Whether `host` may be used now (closed, or its cool-down is over). */
  available(host: string, now: number): boolean {
    const s = this.#hosts.get(host);
    return s === undefined || s.openUntil <= now;
  }

  /** A request to `host` timed out; returns true when this opened it. */
  timedOut(host: string, now: number): boolean {
    let s = this.#hosts.get(host);
    if (!s) this.#hosts.set(host, (s = { timeouts: 0, opened: 0, openUntil: 0 }));
    s.timeouts += 1;
    if (s.timeouts < TIMEOUTS_TO_OPEN) return false;
    s.timeouts = 0;
    s.opened += 1;
    s.openUntil = now + Math.min(COOL_DOWN_MS * 2 ** (s.opened - 1), MAX_COOL_DOWN_MS);
    return true;
  }

  /** A request to `host` was answered: closed, history forgotten. */
  answered(host: string): void {
    this.#hosts.delete(host);
  }

  /**
   * The order in which to try `hosts` (given in preference order): the
   * available ones in that order, or, when none is, the one reopening first.
   */
  order<T>(hosts: readonly T[], key: (h: T) => string, now: number): T[] {
    const open = hosts.filter((h) => this.available(key(h), now));
    if (open.length > 0 || hosts.length === 0) return open;
    const until = (h: T) => this.#hosts.get(key(h))!.openUntil;
    return [hosts.reduce((a, b) => (until(b) < until(a) ? b : a))];
  }
}
