/** PageUp/PageDown as in TDX: the previous/next security of a list, wrapping around. */

/** The key `step` places from `key` in `list`; null when `key` is not in it or the list has no other. */
export function neighbour(list: readonly string[], key: string, step: 1 | -1): string | null {
  const i = list.indexOf(key);
  if (i < 0 || list.length < 2) return null;
  return list[(i + step + list.length) % list.length]!;
}
