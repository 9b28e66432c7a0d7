import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { METRIC_NAMES, type Performance } from "../../../core/backtest/index.ts";
import { DEFAULT_GATES, sampleRuns, summariseRuns } from "../../../core/research/multi-seed.ts";
import { seededRandom, shuffled } from "../../../core/research/seeded-random.ts";

test("a seed always draws the same sample; runs stay inside each history and have the requested length", () => {
  fc.assert(
    fc.property(
      fc.array(fc.integer({ min: 30, max: 2000 }), { minLength: 1, maxLength: 12 }),
      fc.array(fc.integer({ min: 0, max: 2 ** 32 - 1 }), { minLength: 1, maxLength: 5 }),
      fc.option(fc.integer({ min: 1, max: 12 }), { nil: undefined }),
      fc.double({ min: 0.05, max: 1, noNaN: true }),
      (lengths, seeds, sampleSize, windowRatio) => {
        const o = { seeds: [...new Set(seeds)], sampleSize, windowRatio, minBars: 30 };
        const a = sampleRuns(lengths, o);
        assert.deepEqual(sampleRuns(lengths, o), a, "reproducible");
        for (const seed of o.seeds) {
          const mine = a.filter((r) => r.seed === seed);
          assert.equal(mine.length, Math.min(sampleSize ?? lengths.length, lengths.length));
          assert.equal(new Set(mine.map((r) => r.symbol)).size, mine.length, "a symbol once per seed");
          // the same seed alone draws the same runs
          assert.deepEqual(sampleRuns(lengths, { ...o, seeds: [seed] }), mine);
        }
        for (const r of a) {
          const n = lengths[r.symbol]!;
          assert.ok(r.start >= 0 && r.end <= n && r.end > r.start, "r.start >= 0 && r.end <= n && r.end > r.start");
          assert.equal(r.end - r.start, Math.min(n, Math.max(30, Math.round(n * windowRatio))));
        }
      },
    ),
  );
});

test("different seeds draw different samples", () => {
  const lengths = Array.from({ length: 20 }, () => 1000);
  const one = sampleRuns(lengths, { seeds: [1], sampleSize: 5, windowRatio: 0.5, minBars: 30 });
  const two = sampleRuns(lengths, { seeds: [2], sampleSize: 5, windowRatio: 0.5, minBars: 30 });
  assert.notDeepEqual(
    one.map(({ symbol, start }) => [symbol, start]),
    two.map(({ symbol, start }) => [symbol, start]),
  );
});

test("the generator is deterministic, in [0, 1), and the shuffle is a permutation", () => {
  const a = seededRandom(42);
  const b = seededRandom(42);
  const xs = Array.from({ length: 1000 }, () => a());
  assert.deepEqual(
    Array.from({ length: 1000 }, () => b()),
    xs,
  );
  assert.ok(
    xs.every((x) => x >= 0 && x < 1),
    "xs.every((x) => x >= 0 && x < 1)",
  );
  assert.ok(Math.abs(xs.reduce((s, x) => s + x, 0) / xs.length - 0.5) < 0.05, "Math.abs(xs.reduce((s, x) => s + x, 0) / xs.length - 0.5) < 0.05");
  assert.deepEqual(shuffled([1, 2, 3, 4, 5], seededRandom(9)).sort(), [1, 2, 3, 4, 5]);
});

const perf = (total_return: number, sharpe: number, total_trades: number): Performance =>
  ({ ...Object.fromEntries(METRIC_NAMES.map((m) => [m, 0])), total_return, sharpe, total_trades }) as Performance;

test("gates: positive ratio and mean trades at least the threshold, mean Sharpe and mean return above it", () => {
  const runs = [
    { seed: 1, performance: perf(0.1, 1, 6) },
    { seed: 1, performance: perf(-0.1, -1, 4) },
    { seed: 2, performance: perf(0.2, Number.NaN, 5) },
    { seed: 2, performance: perf(-0.2, 0, 5) },
  ];
  const s = summariseRuns(runs, [1, 2], DEFAULT_GATES);
  assert.equal(s.positive_ratio, 0.5);
  assert.equal(s.mean_trades, 5);
  assert.equal(s.mean_return, 0);
  assert.equal(s.mean_sharpe, 0, "a run without a Sharpe ratio counts 0");
  assert.deepEqual(s.per_seed_positive_ratio, { "1": 0.5, "2": 0.5 });
  assert.deepEqual(
    s.gates.map((g) => [g.key, g.passed]),
    [
      ["positive_ratio", true],
      ["mean_sharpe", false],
      ["mean_trades", true],
      ["mean_return", false],
    ],
  );
  assert.equal(s.promoted, false);
  assert.equal(summariseRuns(runs, [1, 2], { ...DEFAULT_GATES, mean_sharpe: -1, mean_return: -0.01 }).promoted, true);
  assert.equal(summariseRuns([], [1], DEFAULT_GATES).promoted, false);
});

test("every start a run can have is drawn: the last one too (a symbol one bar longer than its runs)", () => {
  // 31 bars, runs of 30: starts 0 and 1; over many seeds both occur, about equally often
  const seeds = Array.from({ length: 400 }, (_, i) => i + 1);
  const runs = sampleRuns([31], { seeds, sampleSize: undefined, windowRatio: 30 / 31, minBars: 30 });
  const ones = runs.filter((r) => r.start === 1).length;
  assert.ok(
    runs.every((r) => r.start === 0 || r.start === 1),
    "starts within range",
  );
  assert.ok(ones > 120 && ones < 280, `${ones} of 400 runs start on bar 1`);
});
