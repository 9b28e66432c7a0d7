/**
 * The best `k` of `m` candidates by score, descending, ties to the lower
 * candidate number: the order a full stable sort by score would give, found
 * with a bounded binary heap in O(m log k) instead of sorting every row.
 * Scores are compared with `>` / `<` only, so +0 and −0 tie as in a sort
 * comparator `b − a`; callers pass finite scores.
 */

/** Is candidate `a` (score `sa`) ranked after `b` (score `sb`)? */
function worse(sa: number, a: number, sb: number, b: number): boolean {
  return sa < sb || (!(sa > sb) && a > b);
}

/** Candidate numbers 0..m−1 of the `k` best scores, best first. */
export function topRows(score: Float64Array, m: number, k: number): Int32Array {
  k = Math.max(0, Math.min(k, m));
  // heap[0] is the worst of the best k kept so far
  const heap = new Int32Array(k);
  let size = 0;
  const down = (at: number): void => {
    for (;;) {
      const l = 2 * at + 1;
      const r = l + 1;
      let w = at;
      if (l < size && worse(score[heap[l]!]!, heap[l]!, score[heap[w]!]!, heap[w]!)) w = l;
      if (r < size && worse(score[heap[r]!]!, heap[r]!, score[heap[w]!]!, heap[w]!)) w = r;
      if (w === at) return;
      const t = heap[at]!;
      heap[at] = heap[w]!;
      heap[w] = t;
      at = w;
    }
  };
  for (let i = 0; i < m; i++) {
    if (size < k) {
      let at = size++;
      heap[at] = i;
      while (at > 0) {
        const p = (at - 1) >> 1;
        if (!worse(score[heap[at]!]!, heap[at]!, score[heap[p]!]!, heap[p]!)) break;
        const t = heap[at]!;
        heap[at] = heap[p]!;
        heap[p] = t;
        at = p;
      }
    } else if (k > 0 && worse(score[heap[0]!]!, heap[0]!, score[i]!, i)) {
      heap[0] = i;
      down(0);
    }
  }
  // pop the worst first into the back
  const out = new Int32Array(size);
  for (let j = size - 1; j >= 0; j--) {
    out[j] = heap[0]!;
    heap[0] = heap[--size]!;
    down(0);
  }
  return out;
}
