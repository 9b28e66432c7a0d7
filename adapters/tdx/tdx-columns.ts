/**
 * Column allocation for decoded series: all columns of one series share a single
 * ArrayBuffer. Allocating seven 800-element Float64Arrays separately costs about
 * three times as much as one buffer with seven views (measured ~10 µs vs ~3.5 µs
 * on the bench machine), which matters when the whole 800-bar decode must stay near
 * 20 µs. The views are ordinary `Float64Array`s, so consumers see no difference.
 */
import type { BarSeries } from "../../core/bars/index.ts";

/** `n`-element zeroed Float64Array columns named `names`, views over one buffer. */
export function allocColumns<K extends string>(n: number, names: readonly K[]): Record<K, Float64Array> {
  const buf = new ArrayBuffer(n * 8 * names.length);
  const out = {} as Record<K, Float64Array>;
  names.forEach((name, i) => {
    out[name] = new Float64Array(buf, i * n * 8, n);
  });
  return out;
}

const BAR_COLUMNS = ["time", "open", "high", "low", "close", "vol", "amount"] as const;

/** An empty {@link BarSeries} of `n` bars, plus any `extra` columns, in one allocation. */
export function allocBars<K extends string = never>(n: number, extra: readonly K[] = []): BarSeries & Record<K, Float64Array> {
  return { length: n, ...allocColumns(n, [...BAR_COLUMNS, ...extra]) } as BarSeries & Record<K, Float64Array>;
}
