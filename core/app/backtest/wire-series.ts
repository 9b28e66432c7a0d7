/**
 * Bar series as JSON (missing values as null), for task inputs: a task keeps
 * the bars it was submitted with, so a run re-queued after a restart computes
 * on exactly the same data without fetching again.
 */
import type { BarSeries } from "../../bars/index.ts";

const FIELDS = ["time", "open", "high", "low", "close", "vol", "amount"] as const;

export type WireSeries = { readonly [K in (typeof FIELDS)[number]]: (number | null)[] };

export function toWire(s: BarSeries): WireSeries {
  const out = {} as Record<(typeof FIELDS)[number], (number | null)[]>;
  for (const f of FIELDS) out[f] = Array.from(s[f], (v) => (Number.isFinite(v) ? v : null));
  return out;
}

export function fromWire(w: WireSeries): BarSeries {
  const col = (f: (typeof FIELDS)[number]) => Float64Array.from(w[f], (v) => v ?? Number.NaN);
  return { length: w.time.length, time: col("time"), open: col("open"), high: col("high"), low: col("low"), close: col("close"), vol: col("vol"), amount: col("amount") };
}
