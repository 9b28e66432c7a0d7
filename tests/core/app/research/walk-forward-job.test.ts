/**
 * Walk-forward windows never see out-of-sample data in optimisation: whatever
 * the bars from a window's first bar on are — here replaced by an unrelated
 * random walk — the parameters chosen for that window are the same, and so is
 * its in-sample objective value.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { DEFAULT_CONFIG, planBacktest, runMetrics } from "../../../../core/backtest/index.ts";
import { sliceSeries } from "../../../../core/bars/index.ts";
import { pluginOf } from "../../../../core/app/research/grid-job.ts";
import type { StrategyParams } from "../../../../ports/plugins.ts";
import { planWalkForward } from "../../../../core/research/walk-forward.ts";
import { walkForwardWindow } from "../../../../core/app/research/walk-forward-job.ts";
import { loadPlugins } from "../../../../plugins/index.ts";
import { randomWalk } from "./research-bars.ts";

const registry = await loadPlugins();
const grid = { fast: [2, 3, 5], slow: [8, 13, 21] };

test("a window's chosen parameters depend on in-sample bars only (property)", () => {
  fc.assert(
    fc.property(
      fc.integer({ min: 1, max: 1e6 }),
      fc.integer({ min: 1, max: 1e6 }),
      fc.integer({ min: 2, max: 6 }),
      fc.boolean(),
      fc.constantFrom("sharpe", "total_return", "max_drawdown"),
      (seed, otherSeed, nWindows, anchored, objective) => {
        const bars = randomWalk(400, seed);
        const windows = planWalkForward(bars.length, { nWindows, inSampleRatio: 0.3, anchored });
        for (const w of windows) {
          const noise = randomWalk(bars.length - w.start, otherSeed, bars.time[w.start]!);
          const altered = {
            ...bars,
            ...Object.fromEntries(
              (["open", "high", "low", "close", "vol", "amount"] as const).map((f) => {
                const col = Float64Array.from(bars[f]);
                col.set(noise[f], w.start);
                return [f, col];
              }),
            ),
          };
          const job = {
            strategy: "ma_cross",
            grid,
            base: {},
            objective: objective as "sharpe",
            window: w,
            contextBars: 30,
            config: DEFAULT_CONFIG,
            security: { code: "000001", market: "SZ" as const },
          };
          const a = walkForwardWindow(registry, { ...job, bars });
          const b = walkForwardWindow(registry, { ...job, bars: altered });
          assert.deepEqual(b.params, a.params, `window ${w.index}`);
          assert.equal(b.in_sample_value, a.in_sample_value);
        }
      },
    ),
    { numRuns: 25 },
  );
});

test("the window run starts flat and is closed out: every trade closes inside the window", () => {
  const bars = randomWalk(400, 3);
  const [w] = planWalkForward(bars.length, { nWindows: 4, inSampleRatio: 0.3, anchored: false });
  const out = walkForwardWindow(registry, { strategy: "ma_cross", grid, base: {}, objective: "sharpe", window: w!, contextBars: 30, config: DEFAULT_CONFIG, security: { code: "000001" }, bars });
  assert.equal(out.performance.open_trades, 0);
  assert.ok((out.params.fast as number) < (out.params.slow as number), "(out.params.fast as number) < (out.params.slow as number)");
});

test("a window runs the grid point with the best in-sample objective (each point backtested on its own here)", () => {
  const bars = randomWalk(400, 11);
  const security = { code: "000001", market: "SZ" as const };
  const plugin = pluginOf(registry, "ma_cross");
  for (const w of planWalkForward(bars.length, { nWindows: 3, inSampleRatio: 0.4, anchored: false })) {
    const inSample = sliceSeries(bars, w.inSampleStart, w.inSampleEnd);
    let best: { fast: number; slow: number; value: number } | undefined;
    for (const fast of grid.fast) {
      for (const slow of grid.slow) {
        const params = plugin.params.parse({ fast, slow }) as StrategyParams;
        const value = runMetrics(inSample, plugin.signals(inSample, params), planBacktest(DEFAULT_CONFIG, security)).total_return;
        if (Number.isFinite(value) && (best === undefined || value > best.value)) best = { fast, slow, value };
      }
    }
    const out = walkForwardWindow(registry, { strategy: "ma_cross", grid, base: {}, objective: "total_return", window: w, contextBars: 30, config: DEFAULT_CONFIG, security, bars });
    assert.deepEqual([out.params.fast, out.params.slow], [best!.fast, best!.slow], `window ${w.index}`);
    assert.equal(out.in_sample_value, best!.value);
  }
});
