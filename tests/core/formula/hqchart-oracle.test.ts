/**
 * Cross-check against the stored HQChart outputs (shared/fixtures/oracle):
 * MACD agrees from the first bar (same EMA seed); KDJ after SMA's warm-up,
 * because HQChart seeds SMA on bar N and we seed on the first valid bar
 * (core/formula/LANGUAGE.md §3.2: the gap decays by (N−1)/N per bar).
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import type { BarSeries } from "../../../core/bars/series.ts";
import { compileFormula, evaluatePlan } from "../../../core/formula/index.ts";
import { readFixtureText, skipUnless } from "../../support/fixtures.ts";

const REL = "oracle/hqchart_macd_kdj_60bars.json";

interface Oracle {
  formulas: Record<string, string>;
  bars: { date: number; open: number; high: number; low: number; close: number; vol: number; amount: number }[];
  hqchart: Record<string, (number | null)[]>;
}

function load(): { oracle: Oracle; series: BarSeries } {
  const oracle = JSON.parse(readFixtureText(REL)) as Oracle;
  const col = (k: "open" | "high" | "low" | "close" | "vol" | "amount") => Float64Array.from(oracle.bars, (b) => b[k]);
  const time = Float64Array.from(oracle.bars, (b) => Date.UTC(Math.floor(b.date / 10000), (Math.floor(b.date / 100) % 100) - 1, b.date % 100));
  const series = { length: oracle.bars.length, time, open: col("open"), high: col("high"), low: col("low"), close: col("close"), vol: col("vol"), amount: col("amount") };
  return { oracle, series };
}

function run(o: Oracle, s: BarSeries, name: string): Record<string, Float64Array> {
  const c = compileFormula(o.formulas[name]!);
  assert.ok(c.plan, "c.plan");
  return Object.fromEntries(evaluatePlan(c.plan, s).map((col) => [col.name, col.values]));
}

test("MACD(12,26,9) equals HQChart on every bar", { skip: skipUnless(REL) }, () => {
  const { oracle, series } = load();
  const got = run(oracle, series, "MACD");
  for (const k of ["DIF", "DEA", "MACD"]) {
    oracle.hqchart[k]!.forEach((v, i) => {
      assert.ok(v !== null, "v !== null");
      assert.ok(Math.abs(got[k]![i]! - v) <= 1e-12, `${k} bar ${i}: ${got[k]![i]} vs ${v}`);
    });
  }
});

test("KDJ(9,3,3) converges to HQChart after the SMA warm-up", { skip: skipUnless(REL) }, () => {
  const { oracle, series } = load();
  const got = run(oracle, series, "KDJ");
  for (const k of ["K", "D", "J"]) {
    const ref = oracle.hqchart[k]!;
    for (let i = 30; i < ref.length; i++) {
      // gap bound: the initial difference (< 15 points) shrinks by 2/3 per bar for K, slower for D = SMA of K
      const bound = 100 * (i + 1) * (2 / 3) ** i;
      assert.ok(Math.abs(got[k]![i]! - ref[i]!) <= Math.max(bound, 1e-9), `${k} bar ${i}: ${got[k]![i]} vs ${ref[i]}`);
    }
    assert.ok(Math.abs(got[k]![59]! - ref[59]!) < 1e-6, "Math.abs(got[k]![59]! - ref[59]!) < 1e-6");
  }
  for (let i = 0; i < series.length; i++) assert.ok(Math.abs(got.J![i]! - (3 * got.K![i]! - 2 * got.D![i]!)) < 1e-9, "Math.abs(got.J![i]! - (3 * got.K![i]! - 2 * got.D![i]!)) < 1e-9");
});
