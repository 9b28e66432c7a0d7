/**
 * Shared pieces of the strategy plugins: parameter builders that carry the
 * label easy_tdx's forms show (zod `meta.title`), the "a before b" rule its
 * strategies declare (a fast period below a slow one, an oversold line below an
 * overbought one), and the step from indicator columns to entry/exit flags.
 * Indicator values come from the formula engine's kernels or the indicator
 * plugins, so a strategy computes exactly the numbers the indicator endpoints show.
 */
import { z } from "zod";
import { cross } from "../../core/formula/kernels/signals.ts";
import type { StrategySignals } from "../../ports/plugins.ts";

/** A whole number of bars. */
export const bars = (title: string, dflt: number, min: number, max: number) =>
  z.number().int().min(min).max(max).default(dflt).meta({ title });

/** A real-valued setting (a multiple, a threshold). */
export const real = (title: string, dflt: number, min: number, max: number) =>
  z.number().min(min).max(max).default(dflt).meta({ title });

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

/** 1 where `a` crosses above `b` (the engine's strict CROSS). */
export function crossFlags(a: Float64Array, b: Float64Array): Uint8Array {
  return Uint8Array.from(column(a.length, (out) => cross(out, a, b)));
}

/** Entries where `a` crosses above `b`, exits where it crosses back below. */
export function crossSignals(a: Float64Array, b: Float64Array): StrategySignals {
  return { entries: crossFlags(a, b), exits: crossFlags(b, a) };
}

/** 1 on every bar from `from` on where `test(i)` holds (a NaN comparison is false). */
export function flags(n: number, test: (i: number) => boolean, from = 0): Uint8Array {
  const out = new Uint8Array(n);
  for (let i = from; i < n; i++) out[i] = test(i) ? 1 : 0;
  return out;
}
