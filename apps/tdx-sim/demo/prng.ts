/**
 * Seeded randomness for the demo market: the same seed and key always give the
 * same numbers, so a security's history is reproducible without storing it.
 */

/** FNV-1a over the parts' text, as a 32-bit seed. */
export function hashSeed(...parts: (string | number)[]): number {
  let h = 0x811c9dc5;
  for (const ch of parts.join("\u0001")) {
    h ^= ch.codePointAt(0)!;
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

/** The project's one seeded generator (mulberry32; uniform in [0, 1)), under the name the demo code uses, and its shuffle. */
export { seededRandom as mulberry32, shuffled } from "../../../core/research/index.ts";

/** One of `items`, drawn uniformly with one draw of `rand` (the demo's tables are never empty). */
export function pick<T>(items: readonly T[], rand: () => number): T {
  const item = items[Math.floor(rand() * items.length)];
  if (item === undefined) throw new RangeError("pick: nothing to draw from");
  return item;
}

/** Standard normal draws from a uniform source (Box–Muller). */
export function normal(rand: () => number): () => number {
  let spare: number | undefined;
  return () => {
    if (spare !== undefined) {
      const s = spare;
      spare = undefined;
      return s;
    }
    let u = 0;
    while (u === 0) u = rand();
    const r = Math.sqrt(-2 * Math.log(u));
    const th = 2 * Math.PI * rand();
    spare = r * Math.sin(th);
    return r * Math.cos(th);
  };
}
