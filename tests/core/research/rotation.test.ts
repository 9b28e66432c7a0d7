import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { DEFAULT_CONFIG } from "../../../core/backtest/index.ts";
import { allocSeries, type BarSeries } from "../../../core/bars/series.ts";
import { rebalanceDays } from "../../../core/research/rotation-calendar.ts";
import { momentumScore, runRotation, type RotationMember } from "../../../core/research/rotation.ts";
import { rotationResult } from "../../../core/research/rotation-result.ts";
import { seededRandom } from "../../../core/research/seeded-random.ts";

const DAY = 86_400_000;
/** Monday 2024-01-01 plus `i` weekdays. */
const weekday = (i: number) => Date.UTC(2024, 0, 1) + (Math.floor(i / 5) * 7 + (i % 5)) * DAY;

function series(closes: readonly number[], time: (i: number) => number = weekday, vol: (i: number) => number = () => 1e6): BarSeries {
  const s = allocSeries(closes.length);
  closes.forEach((c, i) => {
    s.time[i] = time(i);
    s.open[i] = i === 0 ? c : closes[i - 1]!;
    s.close[i] = c;
    s.high[i] = Math.max(s.open[i]!, c);
    s.low[i] = Math.min(s.open[i]!, c);
    s.vol[i] = vol(i);
    s.amount[i] = s.vol[i]! * c;
  });
  return s;
}

const member = (key: string, bars: BarSeries, score: number[]): RotationMember => ({ key, bars, security: { code: "600000", market: "SH" }, score: Float64Array.from(score) });

test("rebalance days: the second bar, then the first trading day of each week or month", () => {
  const time = Float64Array.from([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14].map(weekday));
  assert.deepEqual(
    [...rebalanceDays(time, "weekly")].flatMap((x, k) => (x ? [k] : [])),
    [1, 5, 10],
  );
  assert.deepEqual(
    [...rebalanceDays(time, "daily")].flatMap((x, k) => (x ? [k] : [])),
    [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14],
  );
  const monthly = Float64Array.from([Date.UTC(2024, 0, 30), Date.UTC(2024, 0, 31), Date.UTC(2024, 1, 1), Date.UTC(2024, 1, 2), Date.UTC(2024, 2, 4)]);
  assert.deepEqual(
    [...rebalanceDays(monthly, "monthly")].flatMap((x, k) => (x ? [k] : [])),
    [1, 2, 4],
  );
});

test("a name that falls out of rank is sold and its slot refilled on the rebalance day itself", () => {
  const flat = Array.from({ length: 15 }, () => 10);
  const a = member(
    "A",
    series(flat),
    flat.map((_, i) => (i < 4 ? 1 : 0)),
  );
  const b = member(
    "B",
    series(flat),
    flat.map(() => 0.5),
  );
  const c = member(
    "C",
    series(flat),
    flat.map((_, i) => (i < 4 ? 0 : 2)),
  );
  const run = runRotation([a, b, c], DEFAULT_CONFIG, { slots: 1, keepRank: 1, refresh: "weekly", takeProfit: null, stopLoss: null });
  const fills = Array.from({ length: run.fills.count }, (_, i) => [run.fills.bar[i], "ABC"[run.fills.leg[i]!], run.fills.side[i], run.fillReasons[i]]);
  assert.deepEqual(fills, [
    [1, "A", 1, "rotation"],
    [5, "A", -1, "rank_exit"],
    [5, "C", 1, "rotation"],
  ]);
  assert.deepEqual(
    run.rebalances.map((r) => r.step),
    [1, 5, 10],
  );
  assert.deepEqual(run.rebalances[1]!.holdings, [2]);
  const result = rotationResult(run, [a, b, c], DEFAULT_CONFIG);
  assert.deepEqual(result.rebalance_dates, ["2024-01-02T00:00:00", "2024-01-08T00:00:00", "2024-01-15T00:00:00"]);
  assert.deepEqual(result.rebalances[1], { datetime: "2024-01-08T00:00:00", ranked: [{ symbol: "C", score: 2 }], sold: ["A"], bought: ["C"], holdings: ["C"] });
  assert.deepEqual(
    result.trades.map((t) => [t.datetime.slice(0, 10), t.symbol, t.direction, t.reason]),
    [
      ["2024-01-02", "A", "BUY", "rotation"],
      ["2024-01-08", "A", "SELL", "rank_exit"],
      ["2024-01-08", "C", "BUY", "rotation"],
    ],
  );
  assert.deepEqual(Object.keys(result.final_holdings), ["C"]);
  assert.equal(result.max_holdings, 1);
});

test("a stop-loss sells at the next bar; the slot waits for the next rebalance day", () => {
  const path = [10, 10, 10, 10, 10, 10, 9.4, 9.4, 9.4, 9.4, 9.4, 9.4];
  const a = member(
    "A",
    series(path),
    path.map(() => 2),
  );
  const b = member(
    "B",
    series(path.map(() => 10)),
    path.map(() => 1),
  );
  const run = runRotation([a, b], DEFAULT_CONFIG, { slots: 1, keepRank: 2, refresh: "weekly", takeProfit: null, stopLoss: 0.05 });
  const fills = Array.from({ length: run.fills.count }, (_, i) => [run.fills.bar[i], "AB"[run.fills.leg[i]!], run.fillReasons[i]]);
  // bought at Tuesday's open (10); week 2's Tuesday closes at 9.4 ≤ 9.5: sold Wednesday; the slot stays empty
  // until Monday of week 3, when A (still ranked first) is bought again
  assert.deepEqual(fills, [
    [1, "A", "rotation"],
    [7, "A", "stop_loss"],
    [10, "A", "rotation"],
  ]);
  assert.deepEqual([...run.holdingCount], [0, 1, 1, 1, 1, 1, 1, 0, 0, 0, 1, 1]);
});

/** A random universe: members listed late, days without a bar, suspended bars, limit moves, random scores. */
const universe = fc.record({
  seed: fc.integer({ min: 1, max: 1e6 }),
  members: fc.integer({ min: 2, max: 7 }),
  bars: fc.integer({ min: 20, max: 120 }),
  slots: fc.integer({ min: 1, max: 4 }),
  buffer: fc.integer({ min: 0, max: 2 }),
  refresh: fc.constantFrom("daily" as const, "weekly" as const, "monthly" as const),
  stop: fc.option(fc.double({ min: 0.01, max: 0.3, noNaN: true }), { nil: null }),
  take: fc.option(fc.double({ min: 0.01, max: 0.5, noNaN: true }), { nil: null }),
  execution: fc.constantFrom("next_open" as const, "next_close" as const),
  closeAtEnd: fc.boolean(),
});

test("holdings never exceed the slots; every refill fills on a rebalance day from the ranking before it (property)", () => {
  fc.assert(
    fc.property(universe, (u) => {
      const random = seededRandom(u.seed);
      const members = Array.from({ length: u.members }, (_, m) => {
        const first = Math.floor(random() * 10);
        const days = Array.from({ length: u.bars }, (_, i) => i).filter((i) => i >= first && random() > 0.1);
        let p = 10;
        const closes = days.map(() => (p = Math.max(1, Math.round(p * (1 + (random() < 0.05 ? 0.1 : (random() - 0.5) * 0.12)) * 100) / 100)));
        const bars = series(
          closes,
          (i) => weekday(days[i]!),
          () => (random() < 0.05 ? 0 : 1e6),
        );
        const score = closes.map(() => (random() < 0.1 ? Number.NaN : random()));
        return member(`M${m}`, bars, score);
      });
      const keepRank = u.slots + u.buffer;
      const config = { ...DEFAULT_CONFIG, cash: 100_000 + random() * 1e6, execution: u.execution, close_at_end: u.closeAtEnd };
      const run = runRotation(members, config, { slots: u.slots, keepRank, refresh: u.refresh, takeProfit: u.take, stopLoss: u.stop });
      const day = rebalanceDays(run.time, u.refresh);
      for (let k = 0; k < run.length; k++) assert.ok(run.holdingCount[k]! <= u.slots, `step ${k}: ${run.holdingCount[k]} holdings > ${u.slots} slots`);
      const byStep = new Map(run.rebalances.map((r) => [r.step, r]));
      for (let i = 0; i < run.fills.count; i++) {
        if (run.fillReasons[i] !== "rotation") continue;
        const step = run.fills.bar[i]!;
        assert.equal(day[step], 1, `refill on step ${step}, not a rebalance day`);
        assert.ok(
          byStep.get(step)!.ranked.some((r) => r.member === run.fills.leg[i]),
          "bought from the ranking before the day",
        );
      }
      for (const r of run.rebalances) assert.ok(r.holdings.length <= u.slots, "r.holdings.length <= u.slots");
      const result = rotationResult(run, members, config);
      assert.ok(result.max_holdings <= u.slots, "result.max_holdings <= u.slots");
      assert.equal(result.n_rebalances, result.rebalance_dates.length);
    }),
    { numRuns: 150 },
  );
});

test("momentum score: close over the close `period` bars earlier, minus 1", () => {
  const s = momentumScore(series([10, 11, 12, 9.6]), 2);
  assert.ok(Number.isNaN(s[0]!) && Number.isNaN(s[1]!), "Number.isNaN(s[0]!) && Number.isNaN(s[1]!)");
  assert.ok(Math.abs(s[2]! - 0.2) < 1e-12, "Math.abs(s[2]! - 0.2) < 1e-12");
  assert.ok(Math.abs(s[3]! - (9.6 / 11 - 1)) < 1e-12, "Math.abs(s[3]! - (9.6 / 11 - 1)) < 1e-12");
});

// Scenario checks of the rules stated in the kernel's header (design: rank ≤ slots to buy, rank > keepRank to
// sell, refills from the best-ranked within keepRank, exits at or beyond the thresholds, a close-out on the last bar).
const fillsOf = (run: ReturnType<typeof runRotation>, names: string) =>
  Array.from({ length: run.fills.count }, (_, i) => [run.fills.bar[i], names[run.fills.leg[i]!], run.fills.side[i], run.fillReasons[i]]);
const flat15 = Array.from({ length: 15 }, () => 10);

test("the keep-rank buffer: a holding ranked within keepRank stays, one ranked beyond it is sold", () => {
  // rankings at the closes before the rebalance days 1, 5, 10: A B C; B A C (A 2nd, kept); C B A (A 3rd, sold)
  const a = member(
    "A",
    series(flat15),
    flat15.map((_, i) => (i < 4 ? 3 : i < 9 ? 2.5 : 1)),
  );
  const b = member(
    "B",
    series(flat15),
    flat15.map((_, i) => (i < 4 ? 2 : 3)),
  );
  const c = member(
    "C",
    series(flat15),
    flat15.map((_, i) => (i < 9 ? 0 : 4)),
  );
  const run = runRotation([a, b, c], DEFAULT_CONFIG, { slots: 1, keepRank: 2, refresh: "weekly", takeProfit: null, stopLoss: null });
  assert.deepEqual(fillsOf(run, "ABC"), [
    [1, "A", 1, "rotation"],
    [10, "A", -1, "rank_exit"],
    [10, "C", 1, "rotation"],
  ]);
});

test("equal scores rank in the members' listed order", () => {
  const ones = flat15.map(() => 1);
  const run = runRotation([member("A", series(flat15), ones), member("B", series(flat15), ones)], DEFAULT_CONFIG, { slots: 1, keepRank: 1, refresh: "weekly", takeProfit: null, stopLoss: null });
  assert.deepEqual(fillsOf(run, "AB"), [[1, "A", 1, "rotation"]]);
  assert.deepEqual(
    run.rebalances[0]!.ranked.map((r) => r.member),
    [0],
  );
});

test("a slot whose best candidate cannot be bought goes to the next one ranked within keepRank", () => {
  // A ranks first but is suspended (no volume) on the rebalance day: B, second and within keepRank 2, is bought
  const a = member(
    "A",
    series(flat15, weekday, (i) => (i === 1 ? 0 : 1e6)),
    flat15.map(() => 2),
  );
  const b = member(
    "B",
    series(flat15),
    flat15.map(() => 1),
  );
  const run = runRotation([a, b], DEFAULT_CONFIG, { slots: 1, keepRank: 2, refresh: "weekly", takeProfit: null, stopLoss: null });
  assert.deepEqual(fillsOf(run, "AB")[0], [1, "B", 1, "rotation"]);
  assert.ok(run.refusals.count >= 1, "A's refused buy is recorded");
});

test("per-slot exits fire at the thresholds themselves: close = entry × (1 − stop) or × (1 + take)", () => {
  assert.equal(10 * (1 - 0.05), 9.5, "the thresholds are exact in binary");
  assert.equal(10 * (1 + 0.1), 11);
  const other = member(
    "B",
    series(flat15),
    flat15.map(() => 1),
  );
  for (const [path, opts, reason] of [
    [flat15.map((_, i) => (i < 5 ? 10 : 9.5)), { stopLoss: 0.05, takeProfit: null }, "stop_loss"],
    [flat15.map((_, i) => (i < 5 ? 10 : 11)), { stopLoss: null, takeProfit: 0.1 }, "take_profit"],
  ] as const) {
    const a = member(
      "A",
      series(path),
      path.map(() => 2),
    );
    const run = runRotation([a, other], DEFAULT_CONFIG, { slots: 1, keepRank: 2, refresh: "weekly", ...opts });
    // bought at bar 1's open (10, no fees in the average); bar 5 closes on the threshold: sold at bar 6
    assert.equal(run.fills.price[0], 10);
    assert.deepEqual(fillsOf(run, "AB").slice(0, 2), [
      [1, "A", 1, "rotation"],
      [6, "A", -1, reason],
    ]);
  }
});

test("close_at_end: holdings are sold on the last bar, held until then", () => {
  const run = runRotation(
    [
      member(
        "A",
        series(flat15),
        flat15.map(() => 1),
      ),
    ],
    { ...DEFAULT_CONFIG, close_at_end: true },
    { slots: 1, keepRank: 1, refresh: "weekly", takeProfit: null, stopLoss: null },
  );
  assert.deepEqual(fillsOf(run, "A"), [
    [1, "A", 1, "rotation"],
    [14, "A", -1, "end"],
  ]);
  assert.equal(run.holdingCount[13], 1);
  assert.equal(run.holdingCount[14], 0);
});

test("turnover is the value of all fills over twice the mean equity, as published", () => {
  const a = member(
    "A",
    series(flat15),
    flat15.map((_, i) => (i < 4 ? 1 : 0)),
  );
  const c = member(
    "C",
    series(flat15),
    flat15.map((_, i) => (i < 4 ? 0 : 2)),
  );
  const run = runRotation([a, c], DEFAULT_CONFIG, { slots: 1, keepRank: 1, refresh: "weekly", takeProfit: null, stopLoss: null });
  assert.equal(run.fills.count, 3, "bought A, sold A, bought C");
  // every fill at 10, all in: about three times the (nearly constant) equity traded, so about 1.5
  let traded = 0;
  for (let i = 0; i < run.fills.count; i++) traded += run.fills.shares[i]! * run.fills.price[i]!;
  const meanEquity = run.equity.reduce((s, v) => s + v, 0) / run.length;
  const turnover = rotationResult(run, [a, c], DEFAULT_CONFIG).turnover as number;
  assert.ok(Math.abs(turnover - traded / (2 * meanEquity)) < 1e-12, `${turnover}`);
  assert.ok(turnover > 1.4 && turnover < 1.5, `${turnover}`);
});
