/**
 * Temporary columns for hand-written kernels, reused from call to call (a
 * computation is synchronous, so one user at a time), as the formula engine
 * keeps its plan's temporaries. Each kernel uses its own slots; long series
 * get fresh memory so a single huge call does not stay resident.
 */
const LIMIT = 1 << 16;
const slots: Float64Array[] = [];

export function scratch(slot: number, n: number): Float64Array {
  if (n > LIMIT) return new Float64Array(n);
  let b = slots[slot];
  if (!b || b.length < n) slots[slot] = b = new Float64Array(Math.max(n, 4096));
  return b.length === n ? b : b.subarray(0, n);
}
