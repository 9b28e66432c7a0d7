/**
 * Spaces the requests to one provider at least `intervalMs` apart (a public
 * write-up suggests 0.3–1 s for cninfo; unverified, so every provider gets a
 * configurable gap). Callers queue in arrival order.
 */
export interface Timer {
  now(): number;
  sleep(ms: number): Promise<void>;
}

export const realTimer: Timer = {
  now: () => performance.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

export class PoliteGate {
  #next = -Infinity;

  constructor(
    private readonly intervalMs: number,
    private readonly timer: Timer = realTimer,
  ) {}

  /** Resolves when the caller may start its request. */
  async turn(): Promise<void> {
    if (this.intervalMs <= 0) return;
    const now = this.timer.now();
    const start = Math.max(now, this.#next);
    this.#next = start + this.intervalMs;
    if (start > now) await this.timer.sleep(start - now);
  }
}
