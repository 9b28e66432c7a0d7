import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { DEFAULT_CONFIG, KernelWorkspace, planBacktest, runKernel } from "../../../core/backtest/index.ts";
import { scanSignals } from "../../../core/research/signal-scan.ts";
import { bars, signals } from "../backtest/bars.ts";

test("signals are changes of the position asked for: repeated entries, entry+exit bars and warm-up ignored", () => {
  // entries on 1, 2 (repeat), 5 (with an exit: cancels), 7; exits on 4, 5, 9
  const s = signals(10, [1, 2, 5, 7], [4, 5, 9]);
  const all = scanSignals(s, 10, 0, false);
  assert.deepEqual(all.recent, [
    { bar: 1, direction: "BUY" },
    { bar: 4, direction: "SELL" },
    { bar: 7, direction: "BUY" },
    { bar: 9, direction: "SELL" },
  ]);
  assert.equal(all.position, 0);
  assert.deepEqual(scanSignals(s, 3, 0, false).recent, [
    { bar: 7, direction: "BUY" },
    { bar: 9, direction: "SELL" },
  ]);
  assert.deepEqual(
    scanSignals(s, 10, 3, false).recent.map((x) => x.bar),
    [7, 9],
    "the exit on 4 finds no position after warm-up",
  );
  const short = scanSignals(signals(4, [2], [1]), 4, 0, true);
  assert.deepEqual(short.recent, [
    { bar: 1, direction: "SELL" },
    { bar: 2, direction: "BUY" },
  ]);
  assert.equal(short.position, 1);
});

test("the scan's position is the engine's: with no frictions the kernel holds what the scan says, one bar later (property)", () => {
  const frictionless = { ...DEFAULT_CONFIG, t_plus_one: false, board_lot: false, price_limit: false, suspension: false, commission: 0, min_commission: 0, stamp_tax: 0, transfer_fee: 0 };
  fc.assert(
    fc.property(fc.array(fc.tuple(fc.boolean(), fc.boolean()), { minLength: 3, maxLength: 80 }), fc.integer({ min: 0, max: 5 }), fc.boolean(), (flags, warmup, allowShort) => {
      const n = flags.length;
      const s = { entries: Uint8Array.from(flags, (f) => (f[0] ? 1 : 0)), exits: Uint8Array.from(flags, (f) => (f[1] ? 1 : 0)) };
      const b = bars(Array.from({ length: n + 1 }, (_, i) => [new Date(Date.UTC(2024, 0, 1) + i * 86_400_000).toISOString().slice(0, 10), 10, 10] as const));
      const padded = { entries: Uint8Array.from([...s.entries, 0]), exits: Uint8Array.from([...s.exits, 0]) };
      const config = { ...frictionless, warmup_bars: warmup, allow_short: allowShort };
      const run = runKernel(b, padded, planBacktest(config, { code: "600000" }), new KernelWorkspace(n + 1));
      const scan = scanSignals(s, n, warmup, allowShort);
      assert.equal(Math.sign(run.shares[n]!), scan.position);
    }),
  );
});
