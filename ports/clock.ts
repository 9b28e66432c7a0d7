/** "Now", injected so that tests can fix it. */
export interface Clock {
  /** Current instant in epoch milliseconds. */
  now(): number;
}
