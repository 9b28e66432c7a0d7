import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { bollBreakout } from "../../../plugins/strategies/boll-breakout.ts";
import { checkContract, daily, on, walkArb } from "./strategy-cases.ts";

/** Mean and sample standard deviation of the `n` closes ending at each bar (NaN before). */
function bands(close: Float64Array, n: number) {
  return [...close.keys()].map((i) => {
    if (i < n - 1) return { mid: NaN, std: NaN };
    const w = [...close.subarray(i - n + 1, i + 1)];
    const mid = w.reduce((a, b) => a + b, 0) / n;
    return { mid, std: Math.sqrt(w.reduce((a, b) => a + (b - mid) ** 2, 0) / (n - 1)) };
  });
}

test("boll_breakout: defaults (reversion, easy_tdx's behaviour), bounds, contract", () => {
  assert.deepEqual(bollBreakout.params.parse({}), { n: 20, p: 2, mode: "reversion" });
  assert.equal(bollBreakout.params.safeParse({ mode: "trend" }).success, false);
  checkContract(bollBreakout, { n: 5, p: 1 }, { p: 5 });
  checkContract(bollBreakout, { n: 5, p: 1, mode: "breakout" }, { n: 4 });
});

test("boll_breakout: a drop through the lower band buys in reversion mode", () => {
  // window 10,10,10,10,5: mean 9, sample std √5 ≈ 2.236, lower band (p = 1) ≈ 6.76 > 5
  const sig = bollBreakout.signals(daily([10, 10, 10, 10, 10, 5]), { n: 5, p: 1, mode: "reversion" });
  assert.deepEqual(on(sig.entries), [4, 5], "a flat window has zero width: the close sits on both bands");
  assert.deepEqual(on(sig.exits), [4]);
});

test("boll_breakout: both modes against bands computed window by window", () => {
  fc.assert(
    fc.property(walkArb, fc.constantFrom("reversion" as const, "breakout" as const), (s, mode) => {
      const b = bands(s.close, 5);
      const c = s.close;
      const up = (i: number) => b[i]!.mid + 1.5 * b[i]!.std;
      const lo = (i: number) => b[i]!.mid - 1.5 * b[i]!.std;
      const idx = [...c.keys()];
      const close = (x: number, y: number) => Math.abs(x - y) < 1e-9;
      const entries = idx.filter((i) => (mode === "reversion" ? c[i]! <= lo(i) : c[i]! > up(i)));
      const exits = idx.filter((i) => (mode === "reversion" ? c[i]! >= up(i) : c[i]! < b[i]!.mid));
      const sig = bollBreakout.signals(s, { n: 5, p: 1.5, mode });
      // the rolling kernel and the window sums may differ in the last bit exactly on a band
      const onBand = (i: number) => close(c[i]!, up(i)) || close(c[i]!, lo(i)) || close(c[i]!, b[i]!.mid);
      assert.deepEqual(
        on(sig.entries).filter((i) => !onBand(i)),
        entries.filter((i) => !onBand(i)),
      );
      assert.deepEqual(
        on(sig.exits).filter((i) => !onBand(i)),
        exits.filter((i) => !onBand(i)),
      );
    }),
    { numRuns: 80 },
  );
});
