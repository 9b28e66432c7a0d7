/**
 * Backtest engine: one 5,000-bar daily MA(10/30) crossover run with the full
 * A-share rules (default config), kernel only and with the signal computation,
 * plus the metrics-only path a parameter sweep calls per grid point.
 *
 * Peers (from the issue / design note, not measured here): backtrader ≈ 14,000
 * bars/s (≈ 357 ms for 5,000 bars), vectorbt ≈ 50 M bar-columns/s/core
 * (≈ 0.1 ms for 5,000 bars).
 */
import { bench, do_not_optimize, group, summary } from "mitata";
import { DEFAULT_CONFIG, KernelWorkspace, planBacktest, runKernel, runMetrics, toResult } from "../core/backtest/index.ts";
import { crossSignals, maCross, sma } from "../tests/core/backtest/ma-cross.ts";
import { dailyWalk } from "./daily-walk.ts";

const N = 5000;

const bars = dailyWalk(N);
const plan = planBacktest(DEFAULT_CONFIG, { code: "600000" });
const ws = new KernelWorkspace(N);
const precomputed = maCross(bars.close, 10, 30);
const fast = new Float64Array(N);
const slow = new Float64Array(N);
const scratch = { entries: new Uint8Array(N), exits: new Uint8Array(N) };

group("backtest: 5,000 daily bars, MA 10/30 cross, A-share rules", () => {
  summary(() => {
    bench("kernel (signals precomputed)", () => do_not_optimize(runKernel(bars, precomputed, plan, ws)));
    bench("MA signals + kernel", () => {
      sma(bars.close, 10, fast);
      sma(bars.close, 30, slow);
      do_not_optimize(runKernel(bars, crossSignals(fast, slow, scratch), plan, ws));
    });
    bench("metrics-only: kernel + metrics (signals precomputed)", () => do_not_optimize(runMetrics(bars, precomputed, plan, ws)));
    bench("grid point: MA signals + kernel + metrics", () => {
      sma(bars.close, 10, fast);
      sma(bars.close, 30, slow);
      do_not_optimize(runMetrics(bars, crossSignals(fast, slow, scratch), plan, ws));
    });
    bench("full result rows (toResult)", () => do_not_optimize(toResult(bars, runKernel(bars, precomputed, plan, ws), plan)));
  });
});
