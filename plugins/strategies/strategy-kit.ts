/**
 * Shared pieces of the strategy plugins: parameter builders that carry the
 * label easy_tdx's forms show (zod `meta.title`, and `meta.title_en` for the web app in English), the "a before b" rule its
 * strategies declare (a fast period below a slow one, an oversold line below an
 * overbought one), and the step from indicator columns to entry/exit flags.
 * Indicator values come from the formula engine's kernels or the indicator
 * plugins, so a strategy computes exactly the numbers the indicator endpoints show.
 * Indicators that depend on fewer parameters than the strategy has go through
 * `memoized`, so a parameter sweep computes each of them once per series.
 */
import { z } from "zod";
import type { SeriesMemo } from "../../core/research/index.ts";
import type { StrategySignals } from "../../ports/plugins.ts";

/** A parameter's label in Chinese (easy_tdx's `label`) and in English. */
type Titles = readonly [zh: string, en: string];

/** A whole number of bars. */
export const bars = ([title, title_en]: Titles, dflt: number, min: number, max: number) => z.number().int().min(min).max(max).default(dflt).meta({ title, title_en });

/** A real-valued setting (a multiple, a threshold). */
export const real = ([title, title_en]: Titles, dflt: number, min: number, max: number) => z.number().min(min).max(max).default(dflt).meta({ title, title_en });

/** Refinement for an object schema: parameter `a` must be below `b` (checked after defaults). */
export function below<K extends string>(a: K, b: K): [(p: Record<K, number>) => boolean, { message: string; path: string[] }] {
  return [(p) => p[a] < p[b], { message: `${a} must be less than ${b}`, path: [a] }];
}

/** A fresh column of `n` bars computed by a kernel that writes into `out`. */
export function column(n: number, fill: (out: Float64Array) => void): Float64Array {
  const out = new Float64Array(n);
  fill(out);
  return out;
}

/** `compute()` once per memo and key (a sweep's shared indicator); afresh without a memo. */
export function memoized<T>(memo: SeriesMemo | undefined, key: string, compute: () => T): T {
  return memo ? memo.get(key, compute) : compute();
}

/**
 * Entries where `a` crosses above `b`, exits where it crosses back below: the
 * engine's strict CROSS(a,b) and CROSS(b,a), both in one pass straight into the
 * flag arrays (the grid search calls this for every point).
 */
export function crossSignals(a: Float64Array, b: Float64Array): StrategySignals {
  const n = a.length;
  const entries = new Uint8Array(n);
  const exits = new Uint8Array(n);
  let x0 = a[0]!;
  let y0 = b[0]!;
  for (let i = 1; i < n; i++) {
    const x = a[i]!;
    const y = b[i]!;
    entries[i] = x0 < y0 && x > y ? 1 : 0;
    exits[i] = y0 < x0 && y > x ? 1 : 0;
    x0 = x;
    y0 = y;
  }
  return { entries, exits };
}

/** 1 on every bar from `from` on where `test(i)` holds (a NaN comparison is false). */
export function flags(n: number, test: (i: number) => boolean, from = 0): Uint8Array {
  const out = new Uint8Array(n);
  for (let i = from; i < n; i++) out[i] = test(i) ? 1 : 0;
  return out;
}
