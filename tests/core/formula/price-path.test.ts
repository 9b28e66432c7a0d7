import { test } from "node:test";
import fc from "fast-check";
import { assertSeries, calc, N } from "./helpers.ts";

// 10 -> 16 (+60%) -> 8 (-50%) -> 13 (+62.5%)
const close = [10, 16, 12, 8, 13];

test("ZIG: straight lines between turning points confirmed by an N% move back", () => {
  assertSeries(calc("ZIG(3,50)", { close }), [10, 16, 12, 8, 13]);
  // at 60% the 16 -> 8 drop (50%) is not a turn: one leg up to the high, then a line to the last bar
  assertSeries(calc("ZIG(3,60)", { close }), [10, 16, 15, 14, 13]);
  // K picks the price: 1 = HIGH
  assertSeries(calc("ZIG(1,50)", { close: [1, 1, 1, 1, 1], high: close }), [10, 16, 12, 8, 13]);
  // a series K is used as is
  assertSeries(calc("ZIG(C,50)", { close }), [10, 16, 12, 8, 13]);
  // no move of N%: a straight line from the first to the last bar
  assertSeries(calc("ZIG(3,90)", { close }), [10, 10.75, 11.5, 12.25, 13]);
  assertSeries(calc("ZIG(3,50)", { close: [N, 10, 16, 8] }), [N, 10, 16, 8]);
});

test("PEAK / TROUGH and their BARS: the M-th most recent turning point", () => {
  assertSeries(calc("PEAK(3,50,1)", { close }), [N, 16, 16, 16, 13]);
  assertSeries(calc("PEAK(3,50,2)", { close }), [N, N, N, N, 16]);
  assertSeries(calc("PEAKBARS(3,50,1)", { close }), [N, 0, 1, 2, 0]);
  assertSeries(calc("TROUGH(3,50,1)", { close }), [10, 10, 10, 8, 8]);
  assertSeries(calc("TROUGHBARS(3,50,1)", { close }), [0, 1, 2, 0, 1]);
  assertSeries(calc("TROUGHBARS(3,50,2)", { close }), [N, N, N, 3, 4]);
});

test("SAR: Wilder's rules seeded from the first N bars", () => {
  const high = [10, 11, 12, 11, 9];
  const low = [9, 10, 11, 9, 8];
  const c = [9.5, 10.5, 11.5, 9.5, 8.5];
  // bar 1: stop = lowest low 9 (up), EP 11; bar 2: 9 + 0.1*(11-9) = 9.2 capped by the prior lows -> 9, EP 12, AF 0.2;
  // bar 3: 9 + 0.2*(12-9) = 9.6, low 9 breaks it -> turn down at EP 12; bar 4: 12 + 0.1*(9-12) = 11.7, lifted to the prior highs -> 12
  assertSeries(calc("SAR(2,10,20)", { close: c, high, low }), [N, 9, 9, 12, 12]);
  assertSeries(calc("SARTURN(2,10,20)", { close: c, high, low }), [N, 0, 0, -1, 0]);
  assertSeries(calc("SAR(9,2,20)", { close: c, high, low }), [N, N, N, N, N]);
});

test("SAR on long series: leading bars without prices shift it bar for bar, across the ranges its loop runs in", () => {
  fc.assert(
    fc.property(fc.integer({ min: 1, max: 1 << 30 }), fc.integer({ min: 1, max: 1100 }), fc.integer({ min: 2, max: 12 }), (seed, lead, n) => {
      let state = seed;
      const rnd = () => (state = (Math.imul(state, 1664525) + 1013904223) >>> 0) / 2 ** 32;
      let price = 50;
      const close: number[] = [];
      const high: number[] = [];
      const low: number[] = [];
      for (let i = 0; i < 2500; i++) {
        price = Math.max(1, price + (rnd() - 0.5) * 2);
        close.push(price);
        high.push(price + rnd());
        low.push(price - rnd());
      }
      const pad = (x: number[]) => [...Array.from({ length: lead }, () => NaN), ...x];
      for (const f of ["SAR", "SARTURN"]) {
        const text = `${f}(${n},2,20)`;
        const plain = calc(text, { close, high, low });
        const shifted = calc(text, { close: pad(close), high: pad(high), low: pad(low) });
        assertSeries(shifted, [...Array.from({ length: lead }, () => NaN), ...plain], 0, text);
      }
    }),
    { numRuns: 20, seed: 31 },
  );
});
