/** Fund-flow bucketing: properties over random prints, a hand-checked example and the real tick bodies. */
import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { bucketNet, bucketOf, bucketTrades, mainNet, totalNet } from "../../../core/market/fund-flow.ts";
import { decodeHistoryTransactionsReply, decodeTransactionsReply } from "../../../adapters/tdx/tdx-codec-transactions.ts";
import { skipUnless } from "../../support/fixtures.ts";
import { hex } from "../../adapters/tdx/fixture-bytes.ts";
import { defined } from "../../support/defined.ts";

const print = fc.record({
  price: fc.integer({ min: 1, max: 300_000 }).map((c) => c / 100),
  vol: fc.integer({ min: 1, max: 50_000 }),
  dir: fc.constantFrom(0, 1, 2, 8),
});

const sum = (a: readonly number[]) => a.reduce((x, y) => x + y, 0);
const close = (a: number, b: number) => Math.abs(a - b) <= 1e-6 * Math.max(1, Math.abs(a), Math.abs(b));

test("buckets add up to the amount traded; buy + sell = all directional prints; neutral dropped", () => {
  fc.assert(
    fc.property(fc.array(print, { maxLength: 300 }), (ps) => {
      const f = bucketTrades(
        ps.map((p) => p.price),
        ps.map((p) => p.vol),
        ps.map((p) => p.dir),
      );
      const amount = (keep: (d: number) => boolean) => sum(ps.filter((p) => keep(p.dir)).map((p) => p.price * p.vol * 100));
      assert.ok(
        close(
          sum(f.inflow),
          amount((d) => d === 0),
        ),
        "close(sum(f.inflow), amount((d) => d === 0))",
      );
      assert.ok(
        close(
          sum(f.outflow),
          amount((d) => d === 1),
        ),
        "close(sum(f.outflow), amount((d) => d === 1))",
      );
      assert.ok(
        close(
          sum(f.inflow) + sum(f.outflow),
          amount((d) => d === 0 || d === 1),
        ),
        "close(sum(f.inflow) + sum(f.outflow), amount((d) => d === 0 || d === 1))",
      );
      assert.equal(f.trades, ps.filter((p) => p.dir === 0 || p.dir === 1).length);
      assert.ok(close(totalNet(f), sum(f.inflow) - sum(f.outflow)), "close(totalNet(f), sum(f.inflow) - sum(f.outflow))");
      assert.ok(close(mainNet(f), bucketNet(f, 0) + bucketNet(f, 1)), "close(mainNet(f), bucketNet(f, 0) + bucketNet(f, 1))");
      // Every print sits in the bucket its own amount selects.
      for (const p of ps) {
        const b = bucketOf(p.price * p.vol * 100);
        const a = p.price * p.vol * 100;
        assert.ok(
          b === 0 ? a > 1e6 : b === 1 ? a > 2e5 && a <= 1e6 : b === 2 ? a > 4e4 && a <= 2e5 : a <= 4e4,
          "b === 0 ? a > 1e6 : b === 1 ? a > 2e5 && a <= 1e6 : b === 2 ? a > 4e4 && a <= 2e5 : a <= 4e4",
        );
      }
    }),
  );
});

test("a hand-checked day: strict thresholds, lots × 100 shares", () => {
  // amounts: 10.00×1000×100 = 1,000,000 (large: not above 1,000,000); 10.01×1000×100 = 1,001,000 (super);
  // 20×100×100 = 200,000 (medium); 4×100×100 = 40,000 (small); 5×100×100 = 50,000 (medium, sell); neutral 9×9999.
  const f = bucketTrades([10, 10.01, 20, 4, 5, 9], [1000, 1000, 100, 100, 100, 9999], [0, 0, 0, 0, 1, 2]);
  assert.deepEqual(f.inflow, [1_001_000, 1_000_000, 200_000, 40_000]);
  assert.deepEqual(f.outflow, [0, 0, 50_000, 0]);
  assert.equal(f.trades, 5);
  assert.equal(mainNet(f), 2_001_000);
  assert.equal(totalNet(f), 2_191_000);
});

const TODAY = "tdx-ex/std-0x0fc5-transaction.body.hex";
const PAST = "tdx-ex/std-0x0fb5-history-transaction.body.hex";

test("the recorded tick bodies bucket consistently", { skip: skipUnless(TODAY) }, () => {
  for (const t of [decodeTransactionsReply(hex(TODAY)), decodeHistoryTransactionsReply(hex(PAST)).ticks]) {
    const f = bucketTrades(t.price, t.vol, t.direction, t.length);
    let buy = 0;
    let sell = 0;
    for (let i = 0; i < t.length; i++) {
      const value = defined(t.price[i], `price[${i}]`) * defined(t.vol[i], `vol[${i}]`) * 100;
      if (t.direction[i] === 0) buy += value;
      if (t.direction[i] === 1) sell += value;
    }
    assert.ok(close(sum(f.inflow), buy) && close(sum(f.outflow), sell), "close(sum(f.inflow), buy) && close(sum(f.outflow), sell)");
    assert.ok(f.trades <= t.length, "f.trades <= t.length");
  }
});
