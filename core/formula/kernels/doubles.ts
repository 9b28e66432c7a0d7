/**
 * Small working arrays (a kernel's two-slot pick buffer, a window's suffix
 * maxima, a loop's state between ranges) as plain arrays of doubles rather
 * than Float64Arrays. Once any ArrayBuffer in the process has been detached
 * (tsx's CommonJS hook did it while loading a large CommonJS file; a web-stream
 * read does it), V8 checks on every typed-array access whether its buffer still
 * exists, which made typed-array loops 1.2–1.8 times slower; arrays of
 * doubles need no such check and are about as fast otherwise. The service no
 * longer detaches one (tests/apps/typed-array-protector.test.ts), but a library
 * user's process may, and these arrays cost nothing there. Bar columns stay
 * Float64Arrays.
 */

/** A packed array of `n` doubles set to `value`; it stays an array of doubles whatever is stored in it later. */
export function doubles(n: number, value: number): number[] {
  const a = [0.5];
  a.length = 0;
  for (let i = 0; i < n; i++) a.push(value);
  return a;
}
