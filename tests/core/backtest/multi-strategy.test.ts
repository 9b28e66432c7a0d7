/**
 * Independent runs combined into one account (core/backtest/multi-strategy.ts), against its header's
 * rule written again: each slot is run alone with weight × cash (1/N unless given); the combined
 * clock is the union of the slots' dates; at each step the account is the idle cash (what no weight
 * claims, none when the weights sum to 1 up to rounding) plus every slot's latest equity (and cash)
 * at or before it, a slot not started yet counting at its capital; a step is held when any slot
 * holds there (its own flag on its bar, its last shares where it has no bar). The combined metrics
 * add the slots' trades, open positions and refusals, and buy-and-hold is the weighted average.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { DEFAULT_CONFIG, type BacktestConfig } from "../../../core/backtest/config.ts";
import { runKernel } from "../../../core/backtest/kernel.ts";
import { multiStrategyPerformance, runMultiStrategy, type StrategySlot } from "../../../core/backtest/multi-strategy.ts";
import { planBacktest } from "../../../core/backtest/plan.ts";
import { kernelPerformance } from "../../../core/backtest/single-run.ts";
import { bars, days, signals, type BarSpec } from "./bars.ts";

const d = days("2024-01-02", 12);
const CODES = ["600000", "000001", "300750", "688981"];

/** A slot on some of the 12 days, closes drifting from 10, random entries and exits. */
const slotArb = (s: number) =>
  fc.array(fc.tuple(fc.boolean(), fc.integer({ min: -8, max: 8 }), fc.integer({ min: 0, max: 5 })), { minLength: 12, maxLength: 12 }).map((rows): StrategySlot => {
    const spec: BarSpec[] = [];
    const entries: number[] = [];
    const exits: number[] = [];
    let price = 10;
    rows.forEach(([has, move, flag], i) => {
      if (!has) return;
      const open = price;
      price = Math.max(1, Math.round(price * (1 + move / 100) * 100) / 100);
      if (flag === 0) entries.push(spec.length);
      if (flag === 1) exits.push(spec.length);
      spec.push([d[i]!, open, price]);
    });
    return { key: `s${s}`, bars: bars(spec), signals: signals(spec.length, entries, exits), security: { code: CODES[s]! } };
  });

const caseArb = fc.integer({ min: 1, max: 4 }).chain((n) =>
  fc.record({
    slots: fc.tuple(...Array.from({ length: n }, (_, s) => slotArb(s))),
    // weights in tenths, summing to at most 1, or none
    tenths: fc.option(
      fc.array(fc.integer({ min: 0, max: 10 }), { minLength: n, maxLength: n }).filter((w) => w.reduce((a, b) => a + b, 0) <= 10),
      { nil: undefined },
    ),
    warmup: fc.integer({ min: 0, max: 2 }),
  }),
);

test("the combined account against the slots run alone and added up step by step", () => {
  fc.assert(
    fc.property(caseArb, ({ slots, tenths, warmup }) => {
      const config: BacktestConfig = { ...DEFAULT_CONFIG, cash: 100_000, warmup_bars: warmup };
      const weights = tenths?.map((t) => t / 10);
      const multi = runMultiStrategy(slots, config, weights);
      const w = slots.map((_, i) => (weights ? weights[i]! : 1 / slots.length));
      const alone = slots.map((slot, i) => {
        const plan = planBacktest({ ...config, cash: 100_000 * w[i]! }, slot.security);
        return { plan, run: runKernel(slot.bars, slot.signals, plan) };
      });
      multi.slots.forEach((r, i) => {
        assert.equal(r.weight, w[i], `slot ${i}: its weight`);
        assert.equal(r.plan.config.cash, 100_000 * w[i]!, `slot ${i}: its share of the cash`);
        assert.deepEqual([...r.run.equity.subarray(0, r.run.length)], [...alone[i]!.run.equity.subarray(0, alone[i]!.run.length)], `slot ${i}: run alone`);
      });
      const claimed = w.reduce((a, b) => a + b, 0);
      // tenths summing to 10 may add up to 0.9999999999999999: nothing is idle then
      const idle = tenths !== undefined && tenths.reduce((a, b) => a + b, 0) < 10 ? 100_000 * (1 - claimed) : 0;
      const times = [...new Set(slots.flatMap((s) => [...s.bars.time]))].sort((a, b) => a - b);
      assert.deepEqual([...multi.time], times, "the union of the slots' dates");
      assert.equal(multi.length, times.length, "one step per date");
      times.forEach((t, k) => {
        let equity = idle;
        let cash = idle;
        let held = 0;
        slots.forEach((slot, i) => {
          const { run, plan } = alone[i]!;
          const before = [...slot.bars.time].filter((x) => x <= t).length - 1; // the latest bar at or before the step
          equity += before < 0 ? plan.config.cash : run.equity[before]!;
          cash += before < 0 ? plan.config.cash : run.cash[before]!;
          const onBar = before >= 0 && slot.bars.time[before] === t;
          if (onBar ? run.held[before] === 1 : before >= 0 && run.shares[before] !== 0) held = 1;
        });
        assert.ok(Math.abs(multi.equity[k]! - equity) < 1e-6, `step ${k}: equity ${multi.equity[k]} = idle + slots ${equity}`);
        assert.ok(Math.abs(multi.cash[k]! - cash) < 1e-6, `step ${k}: cash ${multi.cash[k]} = idle + slots ${cash}`);
        assert.equal(multi.held[k], held, `step ${k}: held when any slot holds`);
      });

      const perf = multiStrategyPerformance(multi, config);
      const each = alone.map(({ plan, run }, i) => kernelPerformance(slots[i]!.bars, run, plan));
      const sum = (f: (p: (typeof each)[number]) => number) => each.reduce((a, p) => a + f(p), 0);
      assert.equal(
        perf.total_trades,
        sum((p) => p.total_trades),
        "trades of every slot",
      );
      assert.equal(
        perf.open_trades,
        sum((p) => p.open_trades),
        "positions left open in every slot",
      );
      assert.equal(
        perf.rejected_trades,
        sum((p) => p.rejected_trades),
        "refusals of every slot",
      );
      const buyHold = each.reduce((a, p, i) => a + w[i]! * p.buy_hold_return, 0);
      if (Number.isNaN(buyHold)) assert.ok(Number.isNaN(perf.buy_hold_return), "buy-and-hold NaN when a slot's is");
      else assert.ok(Math.abs(perf.buy_hold_return - buyHold) < 1e-12, `buy-and-hold ${perf.buy_hold_return}: the weighted average ${buyHold}`);
      assert.equal(perf.start_cash, 100_000, "the combined account starts with all of the cash");
    }),
    { numRuns: 60 },
  );
});

test("weights of tenths summing to 1 leave exactly nothing idle; a slot without bars holds nothing open", () => {
  const x: BarSpec[] = d.slice(0, 4).map((day) => [day, 10, 10] as const);
  const slot = (key: string, code: string, spec: BarSpec[], entries: number[]): StrategySlot => ({ key, bars: bars(spec), signals: signals(spec.length, entries), security: { code } });
  const config: BacktestConfig = { ...DEFAULT_CONFIG, commission: 0, min_commission: 0, stamp_tax: 0, transfer_fee: 0, cash: 100_000 };
  // 0.2 + 0.7 + 0.1 is 0.9999999999999999 in floating point: without the rounding rule 1e-11 CNY would sit idle
  const multi = runMultiStrategy([slot("a", "600000", x, []), slot("b", "000001", x, []), slot("c", "300750", x, [])], config, [0.2, 0.7, 0.1]);
  assert.deepEqual([...multi.cash], [100_000, 100_000, 100_000, 100_000], "all of the cash, nothing more or less");
  // A slot with no bars at all is no open position (and does not break the run).
  const withEmpty = runMultiStrategy([slot("a", "600000", x, [0]), slot("e", "000001", [], [])], config);
  const perf = multiStrategyPerformance(withEmpty, config);
  assert.equal(perf.open_trades, 1, "only the slot that bought holds a position at the end");
  assert.throws(() => runMultiStrategy([], config), /^RangeError: a multi-strategy run needs at least one slot$/);
});

test("weights short of 1 by 1e-9 or more are not rounding: the rest of the cash stays idle", () => {
  const x: BarSpec[] = d.slice(0, 3).map((day) => [day, 10, 10] as const);
  const slot: StrategySlot = { key: "a", bars: bars(x), signals: signals(3, []), security: { code: "600000" } };
  const config: BacktestConfig = { ...DEFAULT_CONFIG, cash: 100_000 };
  // a claim of 1 − 1e-9 (the double nearest) leaves 100,000 × 1e-9 = 1e-4 CNY idle: the account still holds all 100,000
  const short = runMultiStrategy([slot], config, [1 - 1e-9]);
  assert.ok(
    [...short.cash].every((c) => Math.abs(c - 100_000) < 1e-7),
    `cash ${[...short.cash]}: the slot's 99,999.9999 and 0.0001 idle`,
  );
  // half a billionth short is rounding: nothing idle, the slot's share is the account
  const near = runMultiStrategy([slot], config, [1 - 5e-10]);
  assert.ok(
    [...near.cash].every((c) => c === near.slots[0]!.plan.config.cash),
    `cash ${[...near.cash]}: only the slot's`,
  );
});
