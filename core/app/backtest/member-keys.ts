/**
 * Keys of a multi-strategy run's members in its result: `{label}@{symbol}`, a
 * repeat of the same pair numbered `#2`, `#3` … in order (easy_tdx's result
 * keys, with repeats kept apart instead of overwritten).
 */
export function memberKeys(bases: readonly string[]): string[] {
  const used = new Map<string, number>();
  return bases.map((base) => {
    const seen = (used.get(base) ?? 0) + 1;
    used.set(base, seen);
    return seen === 1 ? base : `${base}#${seen}`;
  });
}
