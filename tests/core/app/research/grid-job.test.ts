/**
 * The grid search's inner loop against the plain engine: every point of a
 * chunk — signals from one shared indicator memo, one reused workspace — has
 * exactly the metrics of a backtest of that point alone; points the strategy
 * rejects are NaN rows; chunks of a grid are slices of the whole.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { DEFAULT_CONFIG, KernelWorkspace, METRIC_NAMES, planBacktest, runMetrics } from "../../../../core/backtest/index.ts";
import { METRIC_COUNT } from "../../../../core/research/grid-search.ts";
import { gridPoint, gridSize, type ParamGrid } from "../../../../core/research/param-grid.ts";
import { bestPoint, evaluateChunk } from "../../../../core/app/research/grid-job.ts";
import { loadPlugins } from "../../../../plugins/index.ts";
import { randomWalk } from "./research-bars.ts";

const registry = await loadPlugins();
const security = { code: "600000", market: "SH" as const };
const config = { ...DEFAULT_CONFIG, commission: 0.0005 };

const GRIDS: Record<string, ParamGrid> = {
  ma_cross: { fast: [2, 3, 5, 8], slow: [3, 5, 10, 20] },
  ema_cross: { fast: [2, 4], slow: [5, 9] },
  macd: { short: [4, 6], long: [8, 12], signal: [3, 5] },
  triple_ma: { short: [1, 3], mid: [5, 8], long: [20, 30] },
  boll_breakout: { n: [5, 10], p: [1.5, 2], mode: ["reversion", "breakout"] },
  momentum: { n: [2, 5], entry_pct: [0, 2], exit_pct: [-2, 0] },
  rsi_reversal: { n: [3, 6], oversold: [20, 30] },
  atr_breakout: { n_ma: [5, 10], n_atr: [5, 8], k: [0.5, 1] },
  keltner: { n: [5, 8], m: [2, 4] },
  volume_breakout: { n: [3, 5], k: [1, 1.5], exit_n: [3, 6] },
  donchian: { n: [5, 8], exit_n: [3, 5] },
  cci: { n: [5, 10], oversold: [-100, -50] },
  wr_reversal: { n: [4, 7], oversold: [-90, -70] },
  bias_reversal: { n: [3, 6], threshold: [1, 3] },
};

test("every grid point's metrics equal a backtest of that point alone (shared memo, reused workspace)", () => {
  fc.assert(
    fc.property(fc.constantFrom(...Object.keys(GRIDS)), fc.integer({ min: 1, max: 1e6 }), fc.integer({ min: 60, max: 240 }), (strategy, seed, n) => {
      const bars = randomWalk(n, seed);
      const grid = GRIDS[strategy]!;
      const plugin = registry.strategies.get(strategy)!;
      const rows = evaluateChunk(registry, { strategy, grid, base: {}, from: 0, to: gridSize(grid), config, security, bars });
      for (let i = 0; i < gridSize(grid); i++) {
        const parsed = plugin.params.safeParse(gridPoint(grid, {}, i));
        const got = rows.subarray(i * METRIC_COUNT, (i + 1) * METRIC_COUNT);
        if (!parsed.success) {
          assert.ok(
            got.every((x) => Number.isNaN(x)),
            `rejected point ${i} is a NaN row`,
          );
          continue;
        }
        const alone = runMetrics(bars, plugin.signals(bars, parsed.data), planBacktest(config, security), new KernelWorkspace(n));
        assert.deepEqual(
          [...got],
          METRIC_NAMES.map((m) => alone[m]),
          `${strategy} point ${JSON.stringify(parsed.data)}`,
        );
      }
    }),
    { numRuns: 40 },
  );
});

test("a chunk is the slice of the whole grid; rejected points (fast ≥ slow) are counted out of the best", () => {
  const bars = randomWalk(300, 7);
  const grid = GRIDS.ma_cross!;
  const whole = evaluateChunk(registry, { strategy: "ma_cross", grid, base: {}, from: 0, to: 16, config, security, bars });
  const part = evaluateChunk(registry, { strategy: "ma_cross", grid, base: {}, from: 5, to: 11, config, security, bars });
  assert.deepEqual([...part], [...whole.subarray(5 * METRIC_COUNT, 11 * METRIC_COUNT)]);
  const best = bestPoint(registry, { strategy: "ma_cross", grid, base: {}, config, security, bars }, "total_return")!;
  assert.ok((best.params.fast as number) < (best.params.slow as number), "(best.params.fast as number) < (best.params.slow as number)");
  let top = -Infinity;
  for (let i = 0; i < 16; i++) {
    const r = whole[i * METRIC_COUNT + METRIC_NAMES.indexOf("total_return")]!;
    if (r > top) top = r;
  }
  assert.equal(best.value, top);
  assert.equal(bestPoint(registry, { strategy: "ma_cross", grid: { fast: [30], slow: [10] }, base: {}, config, security, bars }, "sharpe"), undefined);
});
