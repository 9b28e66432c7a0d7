/**
 * chan.py's MACD (`Math/MACD.py` `CMACD.add`) and RSI (`Math/RSI.py` `RSI.add`, at 429d6ed3) written
 * again here as chan.py has them (a list of items, the warm-up sums taken again over every difference so far)
 * against `MacdStream`, `macdHistogram` and `RsiStream`, on random closes in ticks with long flat
 * runs, for random periods. chan.py does the same operations in the same order, so the values must
 * be equal exactly. RSI periods start at 2: with 1, chan.py reads the previous average of an empty
 * list and fails.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { macdHistogram, MacdStream } from "../../../core/chan/macd.ts";
import { RsiStream } from "../../../core/chan/rsi.ts";
import { chanpyRsi } from "./chanpy-rsi.ts";

interface MacdItem {
  readonly fastEma: number;
  readonly slowEma: number;
  readonly dif: number;
  readonly dea: number;
  readonly macd: number;
}

/** chan.py `CMACD.add` over `closes`: the first item seeds both EMAs with the close, DIF = DEA = 0. */
function chanpyMacd(closes: readonly number[], fast: number, slow: number, signal: number): MacdItem[] {
  const items: MacdItem[] = [];
  for (const value of closes) {
    const last = items[items.length - 1];
    if (!last) {
      items.push({ fastEma: value, slowEma: value, dif: 0, dea: 0, macd: 2 * (0 - 0) });
      continue;
    }
    const fastEma = (2 * value + (fast - 1) * last.fastEma) / (fast + 1);
    const slowEma = (2 * value + (slow - 1) * last.slowEma) / (slow + 1);
    const dif = fastEma - slowEma;
    const dea = (2 * dif + (signal - 1) * last.dea) / (signal + 1);
    items.push({ fastEma, slowEma, dif, dea, macd: 2 * (dif - dea) });
  }
  return items;
}

/** Closes in cents from a walk of −3…+3 ticks a bar, a third of the steps flat, sometimes from the first bar on. */
const CLOSES = fc.array(fc.oneof(fc.constant(0), fc.integer({ min: -3, max: 3 })), { minLength: 0, maxLength: 120 }).map((steps) => {
  let p = 1000;
  return steps.map((s) => (p = Math.max(1, p + s)) / 100);
});

test("MACD equals chan.py's CMACD: both EMAs seeded with the first close, (2·x + (n−1)·prev)/(n+1), histogram 2·(DIF − DEA)", () => {
  fc.assert(
    fc.property(CLOSES, fc.integer({ min: 1, max: 40 }), fc.integer({ min: 1, max: 60 }), fc.integer({ min: 1, max: 20 }), (closes, fast, slow, signal) => {
      const want = chanpyMacd(closes, fast, slow, signal);
      const s = new MacdStream({ fast, slow, signal }, 4);
      for (const c of closes) s.push(c);
      assert.deepEqual(
        [Array.from(s.dif.view()), Array.from(s.dea.view()), Array.from(s.hist.view())],
        [want.map((x) => x.dif), want.map((x) => x.dea), want.map((x) => x.macd)],
        "streamed DIF, DEA and histogram",
      );
      // a batch reads a prefix of a longer column
      const padded = Float64Array.from([...closes, 123, 456]);
      assert.deepEqual(
        Array.from(macdHistogram(padded, closes.length, { fast, slow, signal })),
        want.map((x) => x.macd),
        "batch histogram",
      );
    }),
    { seed: 2323, numRuns: 300 },
  );
});

test("RSI equals chan.py's RSI: 50 first, averages over the differences so far until `period` exist, Wilder smoothing after, 100 or 0 without losses", () => {
  let noLoss = 0;
  let flat = 0;
  fc.assert(
    fc.property(CLOSES, fc.integer({ min: 2, max: 20 }), (closes, period) => {
      const want = chanpyRsi(closes, period);
      const s = new RsiStream(period, 4);
      for (const c of closes) s.push(c);
      const got = Array.from(s.value.view());
      assert.deepEqual(got, want, `RSI(${period})`);
      noLoss += got.filter((v) => v === 100).length;
      flat += got.filter((v, i) => v === 0 && i > 0).length;
    }),
    { seed: 2324, numRuns: 300 },
  );
  assert.ok(noLoss > 20 && flat > 20, `gains without losses (${noLoss}) and flat starts (${flat}) occur`);
});

test("RSI by hand: closes 10, 11, 10.5, 10.5, 12 with period 3", () => {
  // differences +1, −0.5, 0, +1.5; two differences are averaged plainly, from the third on Wilder's
  // (prev·2 + x)/3 applies: up 1, 0.5, (0.5·2 + 0)/3 = 1/3, (1/3·2 + 1.5)/3 = 13/18;
  // down 0, 0.25, (0.25·2 + 0)/3 = 1/6, (1/6·2 + 0)/3 = 1/9
  const s = new RsiStream(3);
  for (const c of [10, 11, 10.5, 10.5, 12]) s.push(c);
  const rsi = (up: number, down: number) => 100 - 100 / (1 + up / down);
  const want = [50, 100, rsi(0.5, 0.25), rsi(1 / 3, 1 / 6), rsi(13 / 18, 1 / 9)];
  Array.from(s.value.view()).forEach((v, i) => assert.ok(Math.abs(v - want[i]!) < 1e-9, `bar ${i}: ${v} ≠ ${want[i]}`));
});

test("RSI's Wilder smoothing starts at the period-th difference, where it is not the plain average again: period 50, differences +1, −3, then 0", () => {
  // chan.py averages plainly while fewer than `period` differences exist. At the 50th, Wilder's step
  // gives up = (1/49·49 + 0)/50 and down = (3/49·49 + 0)/50, where 1/49·49 = 0.9999999999999999 and
  // 3/49·49 = 3: the RSI is exactly 25. The plain average of 50 differences, 1/50 and 3/50, has the
  // ratio 0.02/0.06 = 0.33333333333333337 and gives 25.000000000000014.
  const closes = [10, 11, 8, ...Array<number>(48).fill(8)];
  const s = new RsiStream(50);
  for (const c of closes) s.push(c);
  const got = Array.from(s.value.view());
  assert.deepEqual(got, chanpyRsi(closes, 50), "chan.py's RSI(50)");
  assert.equal(got[49], 25, "bar 49: plain averages 1/49 and 3/49");
  assert.equal(got[50], 100 - 100 / (1 + ((1 / 49) * 49) / 50 / (((3 / 49) * 49) / 50)), "bar 50: Wilder's step");
  assert.notEqual(got[50], 100 - 100 / (1 + 1 / 50 / (3 / 50)), "the plain average over 50 differences is another double");
});

test("RSI with a missing close: NaN differences are neither gains nor losses in chan.py's warm-up sums", () => {
  // closes 10, 11, NaN, 12, 11, 13 with period 10: differences +1, NaN, NaN, −1, +2; the sums skip
  // both NaN: up 1/1, 1/2, 1/3, 1/4, 3/5 and down 0, 0, 0, 1/4, 1/5, so 50, 100, 100, 100, 50, 75
  const closes = [10, 11, NaN, 12, 11, 13];
  const s = new RsiStream(10);
  for (const c of closes) s.push(c);
  assert.deepEqual(Array.from(s.value.view()), [50, 100, 100, 100, 50, 75]);
  assert.deepEqual(chanpyRsi(closes, 10), [50, 100, 100, 100, 50, 75], "chan.py's rule written again agrees");
});
