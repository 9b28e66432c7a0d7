/**
 * fsl (分水岭) against easy_tdx's definition written out literally: MyTT.py
 * lines 563-571 (FSL: SWL = (EMA(C,5)*7 + EMA(C,10)*3)/10; A = MAX(1, 100*SUM(VOL,5)/(3*CAPITAL));
 * A = MIN(A, 1.0); SWS = DMA(EMA(C,12), A)), MyTT.py lines 133-142 (DMA: an undefined A is 1,
 * Y = A*S + (1-A)*Y'), and the strategy of backtest/strategies/builtin.py lines 565-597
 * (capital: float, default 1e8, 1e6..1e12; buy on CROSS(SWL,SWS), sell on CROSS(SWS,SWL))
 * with its preset grid (backtest/strategies/presets.py lines 97-100).
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { fslStrategy } from "../../../plugins/strategies/fsl.ts";
import { checkContract, on, walkArb } from "./strategy-cases.ts";

const naiveEma = (x: ArrayLike<number>, n: number): number[] => {
  const y = [x[0]!];
  for (let i = 1; i < x.length; i++) y.push((2 * x[i]! + (n - 1) * y[i - 1]!) / (n + 1));
  return y;
};

/** SWL and SWS as easy_tdx computes them, the turnover factor included. */
function literalFsl(close: ArrayLike<number>, vol: ArrayLike<number>, capital: number): { swl: number[]; sws: number[] } {
  const e5 = naiveEma(close, 5);
  const e10 = naiveEma(close, 10);
  const e12 = naiveEma(close, 12);
  const swl = e5.map((v, i) => (v * 7 + e10[i]! * 3) / 10);
  const sws: number[] = [];
  for (let i = 0; i < close.length; i++) {
    let sum5 = NaN; // MyTT's SUM(VOL,5) is a rolling sum: undefined on the first 4 bars
    if (i >= 4) {
      sum5 = 0;
      for (let k = i - 4; k <= i; k++) sum5 += vol[k]!;
    }
    const turnover = (100 * sum5) / (3 * capital);
    let a = Number.isNaN(turnover) ? NaN : Math.min(Math.max(1, turnover), 1);
    if (Number.isNaN(a)) a = 1;
    sws.push(i === 0 ? e12[0]! : a * e12[i]! + (1 - a) * sws[i - 1]!);
  }
  return { swl, sws };
}

test("fsl: easy_tdx's parameter, default, bounds and preset grid; the plugin contract", () => {
  assert.deepEqual(fslStrategy.params.parse({}), { capital: 1e8 });
  assert.deepEqual(fslStrategy.defaultGrid, { capital: [1e7, 1e8, 1e9, 1e10] });
  assert.equal(fslStrategy.params.safeParse({ capital: 1e5 }).success, false);
  checkContract(fslStrategy, { capital: 1e8 }, { capital: 2e12 });
});

test("fsl: strict crosses of SWL over SWS as easy_tdx's formula defines them, whatever the capital", () => {
  fc.assert(
    fc.property(walkArb, fc.double({ min: 1e6, max: 1e12, noNaN: true }), (s, capital) => {
      const { swl, sws } = literalFsl(s.close, s.vol, capital);
      const near = (i: number) => Math.abs(swl[i]! - sws[i]!) < 1e-9 || (i > 0 && Math.abs(swl[i - 1]! - sws[i - 1]!) < 1e-9);
      const up = swl.flatMap((_, i) => (i > 0 && swl[i - 1]! < sws[i - 1]! && swl[i]! > sws[i]! ? [i] : []));
      const down = swl.flatMap((_, i) => (i > 0 && sws[i - 1]! < swl[i - 1]! && sws[i]! > swl[i]! ? [i] : []));
      const sig = fslStrategy.signals(s, { capital });
      assert.deepEqual(
        on(sig.entries).filter((i) => !near(i)),
        up.filter((i) => !near(i)),
      );
      assert.deepEqual(
        on(sig.exits).filter((i) => !near(i)),
        down.filter((i) => !near(i)),
      );
    }),
    { numRuns: 80 },
  );
});
