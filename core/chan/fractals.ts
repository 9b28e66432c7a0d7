/**
 * Fractal of a merged bar from its neighbours: top when both its high and low
 * are strictly above both neighbours', bottom when strictly below. chan.py sets
 * it once the next merged bar opens and never revisits it; later merges into
 * that next bar only push it further away, so the mark is final.
 */
export function fractalAt(high: ArrayLike<number>, low: ArrayLike<number>, i: number): number {
  const h = high[i]!;
  const l = low[i]!;
  const ph = high[i - 1]!;
  const pl = low[i - 1]!;
  const nh = high[i + 1]!;
  const nl = low[i + 1]!;
  if (ph < h && nh < h && pl < l && nl < l) return 1;
  if (ph > h && nh > h && pl > l && nl > l) return -1;
  return 0;
}
