import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { DEFAULT_CONFIG, METRIC_NAMES, type Performance } from "../../../core/backtest/index.ts";
import { allocSeries } from "../../../core/bars/series.ts";
import { isolatedSpan, MIN_WINDOW_BARS, planWalkForward, summariseWalkForward } from "../../../core/research/walk-forward.ts";

test("windows tile the bars after the initial in-sample span; each in-sample span ends where its window starts", () => {
  fc.assert(
    fc.property(fc.integer({ min: 100, max: 3000 }), fc.integer({ min: 2, max: 12 }), fc.double({ min: 0.1, max: 0.8, noNaN: true }), fc.boolean(), (n, k, ratio, anchored) => {
      let windows;
      try {
        windows = planWalkForward(n, { nWindows: k, inSampleRatio: ratio, anchored });
      } catch (e) {
        assert.ok(e instanceof RangeError, "e instanceof RangeError");
        assert.ok(
          Math.floor(n * ratio) < MIN_WINDOW_BARS || Math.floor((n - Math.floor(n * ratio)) / k) < MIN_WINDOW_BARS,
          "Math.floor(n * ratio) < MIN_WINDOW_BARS || Math.floor((n - Math.floor(n * ratio)) / k) < MIN_WINDOW_BARS",
        );
        return;
      }
      const span = Math.floor(n * ratio);
      assert.equal(windows.length, k);
      assert.equal(windows[0]!.start, span);
      assert.equal(windows[k - 1]!.end, n);
      windows.forEach((w, i) => {
        assert.equal(w.index, i);
        if (i > 0) assert.equal(w.start, windows[i - 1]!.end);
        assert.ok(w.end - w.start >= MIN_WINDOW_BARS, "w.end - w.start >= MIN_WINDOW_BARS");
        assert.equal(w.inSampleEnd, w.start, "in-sample ends right before the window");
        assert.equal(w.inSampleStart, anchored ? 0 : w.start - span);
        assert.ok(w.inSampleStart >= 0, "w.inSampleStart >= 0");
      });
    }),
  );
  assert.throws(() => planWalkForward(100, { nWindows: 7, inSampleRatio: 0.3, anchored: false }), /too few for 7 walk-forward windows/);
});

test("an isolated span reads context bars before it with their signals suppressed and is closed out", () => {
  const bars = allocSeries(200);
  for (let i = 0; i < 200; i++) bars.time[i] = i;
  const s = isolatedSpan(bars, { start: 120, end: 150 }, 60, { ...DEFAULT_CONFIG, warmup_bars: 5 });
  assert.equal(s.bars.length, 90);
  assert.equal(s.bars.time[0], 60);
  assert.equal(s.config.warmup_bars, 60);
  assert.equal(s.config.close_at_end, true);
  assert.equal(s.own, 60, "the span's own bars start after its context bars");
  const early = isolatedSpan(bars, { start: 10, end: 50 }, 60, DEFAULT_CONFIG);
  assert.equal(early.bars.time[0], 0);
  assert.equal(early.config.warmup_bars, 10);
  assert.equal(early.own, 10);
});

const perf = (total_return: number, sharpe: number, max_drawdown: number, total_trades: number): Performance =>
  ({ ...Object.fromEntries(METRIC_NAMES.map((m) => [m, Number.NaN])), total_return, sharpe, max_drawdown, total_trades }) as Performance;

test("summary: consistency is the share of profitable windows, chained return compounds them", () => {
  const s = summariseWalkForward([perf(0.1, 1, 0.05, 3), perf(-0.05, Number.NaN, 0.2, 0), perf(0.2, 2, 0.1, 4), perf(0, 0, 0, 1)]);
  assert.equal(s.consistency, 0.5);
  assert.ok(Math.abs(s.chained_return - (1.1 * 0.95 * 1.2 - 1)) < 1e-12, "Math.abs(s.chained_return - (1.1 * 0.95 * 1.2 - 1)) < 1e-12");
  assert.equal(s.worst_window, -0.05);
  assert.equal(s.best_window, 0.2);
  assert.equal(s.median_window_return, 0.05);
  assert.equal(s.mean_sharpe, 1, "undefined Sharpe ratios left out");
  assert.equal(s.worst_drawdown, 0.2);
  assert.equal(s.total_trades, 8);
  assert.deepEqual(s.window_returns, [0.1, -0.05, 0.2, 0]);
});

test("an isolated span never shortens the configured warm-up: a longer one than the context bars is kept", () => {
  const bars = allocSeries(200);
  for (let i = 0; i < 200; i++) bars.time[i] = i;
  const s = isolatedSpan(bars, { start: 120, end: 150 }, 30, { ...DEFAULT_CONFIG, warmup_bars: 50 });
  assert.equal(s.own, 30);
  assert.equal(s.config.warmup_bars, 50);
});
