/**
 * A common clock for several bar series: the sorted union of their times, with
 * each series' bar index at every step (−1 where it has no bar, e.g. before
 * listing or on a day it was suspended without a bar). Portfolio runs step along
 * it; combined results are reported on it.
 */
export interface Timeline {
  readonly time: Float64Array;
  /** `index[s][k]`: bar of series s at step k, or −1. */
  readonly index: readonly Int32Array[];
}

/** Union of ascending time arrays. */
export function unionTimeline(times: readonly Float64Array[]): Timeline {
  // merged one series at a time: linear in the union's length per series, where sorting every time of
  // thousands of series (a market-wide rotation) costs more than the run
  let time: Float64Array = new Float64Array(0);
  for (const t of times) time = mergeDistinct(time, t);
  const n = time.length;
  const index = times.map((t) => {
    const map = new Int32Array(n).fill(-1);
    let j = 0;
    // past the series' last bar t[j] is undefined, equal to no time
    for (let k = 0; k < n; k++) if (time[k] === t[j]) map[k] = j++;
    return map;
  });
  return { time, index };
}

/** Whether every value of ascending `b` is in ascending `a` (past its end `a[i]` is undefined: neither below nor equal to a value). */
function within(b: Float64Array, a: Float64Array): boolean {
  let i = 0;
  for (let j = 0; j < b.length; j++) {
    while (a[i]! < b[j]!) i++;
    if (a[i] !== b[j]) return false;
  }
  return true;
}

/** The distinct values of ascending `a` and `b`, ascending (`a` itself when `b` adds none: most series of a market share its days). */
export function mergeDistinct(a: Float64Array, b: Float64Array): Float64Array {
  if (within(b, a)) return a;
  const out = new Float64Array(a.length + b.length);
  let i = 0;
  let j = 0;
  let n = 0;
  while (i < a.length || j < b.length) {
    // past its end a[i] is undefined, never ≤ a value: the rest of b follows
    const v = j >= b.length || a[i]! <= b[j]! ? a[i++]! : b[j++]!;
    // out[-1] is undefined, unlike any time
    if (out[n - 1] !== v) out[n++] = v;
  }
  return out.slice(0, n);
}

/**
 * `values` of one series carried onto the timeline: the latest value at or before
 * each step, `before` until its first bar.
 */
export function carryForward(index: Int32Array, values: Float64Array, before: number): Float64Array {
  const out = new Float64Array(index.length);
  let last = before;
  for (let k = 0; k < index.length; k++) {
    const j = index[k]!;
    if (j >= 0) last = values[j]!;
    out[k] = last;
  }
  return out;
}
