/**
 * Helpers for the strategy plugin tests: daily series from a few numbers, the
 * bars where a flag array fires, and the contract every strategy keeps
 * (defaults parse, bounds reject, flags align with bars, and no look-ahead: the
 * flags on a prefix of the bars are the prefix of the flags) on A-share bar
 * series from the plugin harness.
 */
import assert from "node:assert/strict";
import fc from "fast-check";
import { z } from "zod";
import { allocSeries, sliceSeries, type BarSeries } from "../../../core/bars/series.ts";
import type { StrategyPlugin } from "../../../ports/plugins.ts";
import { barSeries } from "tdx-forge/testing";

/** Consecutive daily bars from 2024-01-02; open = previous close unless given; high/low span open and close. */
export function daily(close: readonly number[], more: { vol?: readonly number[]; high?: readonly number[]; low?: readonly number[] } = {}): BarSeries {
  const s = allocSeries(close.length);
  close.forEach((c, i) => {
    s.time[i] = Date.UTC(2024, 0, 2) + i * 86_400_000;
    s.open[i] = i === 0 ? c : close[i - 1]!;
    s.close[i] = c;
    s.high[i] = more.high?.[i] ?? Math.max(s.open[i]!, c);
    s.low[i] = more.low?.[i] ?? Math.min(s.open[i]!, c);
    s.vol[i] = more.vol?.[i] ?? 1e6;
    s.amount[i] = s.vol[i]! * c;
  });
  return s;
}

/** Bar indexes where `flags` is 1. */
export const on = (flags: Uint8Array): number[] => [...flags.keys()].filter((i) => flags[i] === 1);

/**
 * Bar series for property checks: the plugin harness's A-share series
 * (tdx-forge/testing: every board, limits by board and date, limit days,
 * suspensions, ex-rights events, lots), as plugin authors test theirs.
 */
export const walkArb = barSeries();

/** The plugin contract, checked for one strategy with a parameter set small enough for short series. */
export function checkContract(plugin: StrategyPlugin<any>, small: Record<string, unknown>, outOfRange: Record<string, unknown>): void {
  const defaults = plugin.params.parse({});
  const fields = (z.toJSONSchema(plugin.params, { io: "input" }) as { properties: Record<string, { minimum?: number; maximum?: number }> }).properties;
  for (const [k, values] of Object.entries(plugin.defaultGrid)) {
    assert.ok(k in defaults, `grid parameter ${k} is a parameter`);
    const { minimum = -Infinity, maximum = Infinity } = fields[k]!;
    for (const v of values as number[]) assert.ok(v >= minimum && v <= maximum, `grid value ${k}=${v} within bounds`);
  }
  assert.equal(plugin.params.safeParse(outOfRange).success, false, `rejects ${JSON.stringify(outOfRange)}`);
  const p = plugin.params.parse(small);
  fc.assert(
    fc.property(walkArb, fc.nat(), (s, cut) => {
      const full = plugin.signals(s, p);
      assert.equal(full.entries.length, s.length);
      assert.equal(full.exits.length, s.length);
      const k = 1 + (cut % s.length);
      const part = plugin.signals(sliceSeries(s, 0, k), p);
      assert.deepEqual([...part.entries], [...full.entries.subarray(0, k)], "entries use no later bar");
      assert.deepEqual([...part.exits], [...full.exits.subarray(0, k)], "exits use no later bar");
    }),
    { numRuns: 60 },
  );
}
