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
  let total = 0;
  for (const t of times) total += t.length;
  const all = new Float64Array(total);
  let o = 0;
  for (const t of times) {
    all.set(t, o);
    o += t.length;
  }
  all.sort();
  let n = 0;
  for (let i = 0; i < total; i++) if (i === 0 || all[i] !== all[n - 1]) all[n++] = all[i]!;
  const time = all.slice(0, n);
  const index = times.map((t) => {
    const map = new Int32Array(n).fill(-1);
    let j = 0;
    for (let k = 0; k < n && j < t.length; k++) if (time[k] === t[j]) map[k] = j++;
    return map;
  });
  return { time, index };
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
