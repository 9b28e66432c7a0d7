/** "Did you mean ...?" for misspelt names: the closest candidate within a small edit distance. */
export function closest(word: string, candidates: Iterable<string>): string | undefined {
  const w = word.toUpperCase();
  // one- and two-letter names are usually parameters (N, M1): a guess would be noise
  if (w.length <= 2) return undefined;
  const limit = w.length <= 4 ? 1 : 2;
  let best: string | undefined;
  let bestD = limit + 1;
  for (const c of candidates) {
    if (Math.abs(c.length - w.length) > limit) continue;
    const d = distance(w, c);
    if (d < bestD) {
      bestD = d;
      best = c;
    }
  }
  return best;
}

function distance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) {
      cur[j] = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    prev = cur;
  }
  return prev[b.length]!;
}
