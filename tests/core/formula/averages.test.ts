import { test } from "node:test";
import { assertSeries, calc, N } from "./helpers.ts";

const close = [1, 3, 2, 5, 4];

test("MA: simple mean, first value on bar N-1", () => {
  assertSeries(calc("MA(C,3)", { close }), [N, N, 2, 10 / 3, 11 / 3]);
  assertSeries(calc("MA(C,1)", { close }), close);
  assertSeries(calc("MA(C,9)", { close }), [N, N, N, N, N]);
});

test("MA: warm-up counts from the first valid bar; an invalid bar in the window gives no value", () => {
  assertSeries(calc("MA(C,2)", { close: [N, N, 1, 2, 3] }), [N, N, N, 1.5, 2.5]);
  assertSeries(calc("MA(C,2)", { close: [1, N, 3, 4, 5, 6] }), [N, N, N, 3.5, 4.5, 5.5]);
});

test("MA with a per-bar window", () => {
  // N = 1,1,2,2,3 -> 1, 3, 2.5, 3.5, 11/3
  assertSeries(calc("MA(C,IF(BARPOS>2,IF(BARPOS>4,3,2),1))", { close }), [1, 3, 2.5, 3.5, 11 / 3]);
});

test("EMA: Y=(2X+(N-1)Y')/(N+1) seeded with X on the first bar, no gap", () => {
  assertSeries(calc("EMA(C,3)", { close }), [1, 2, 2, 3.5, 3.75]);
  assertSeries(calc("EXPMA(C,3)", { close }), [1, 2, 2, 3.5, 3.75]);
  assertSeries(calc("EMA(C,1)", { close }), close);
});

test("EMA, EXPMA, SMA and EXPMEMA truncate N, and N < 1 gives no value on any bar, as MA (LANGUAGE §3.2)", () => {
  const c = [10, 12, 15, 20, 11, 13, 14];
  const none = c.map(() => N);
  for (const text of ["EMA(C,0)", "EMA(C,-1)", "EXPMA(C,-3)", "EMA(C,0.5)", "SMA(C,0,1)", "SMA(C,-2,1)", "SMA(C,0.9,1)", "EXPMEMA(C,0)", "MA(C,0)"]) {
    assertSeries(calc(text, { close: c }), none, 0, text);
    // inside a fused loop with arithmetic around it too
    assertSeries(calc(`${text}*2+C`, { close: c }), none, 0, `${text}*2+C`);
  }
  // the recurrence with N truncated: EMA(C,2.7) is EMA(C,2), α = 2/3 (HQChart: parseInt)
  const ema2 = [10, (2 * 12 + 10) / 3];
  for (let i = 2; i < c.length; i++) ema2.push((2 * c[i]! + ema2[i - 1]!) / 3);
  assertSeries(calc("EMA(C,2.7)", { close: c }), ema2, 1e-12, "EMA(C,2.7)");
  assertSeries(
    calc("EXPMA(C,2.7)-EMA(C,2)", { close: c }),
    c.map(() => 0),
    0,
    "EXPMA(C,2.7)-EMA(C,2)",
  );
  const sma2 = [10];
  for (let i = 1; i < c.length; i++) sma2.push((c[i]! + sma2[i - 1]!) / 2);
  assertSeries(calc("SMA(C,2.5,1)", { close: c }), sma2, 1e-12, "SMA(C,2.5,1)");
  // a per-bar N below 1 gives no value on that bar, the seed's bar included
  const perBar: number[] = [];
  let y = c[0]!; // the seed: state on bar 0 (BARPOS 1), where N = 0 shows no value
  for (let i = 0; i < c.length; i++) {
    if (i === 0 || i === 2) perBar.push(N);
    else perBar.push((y = (2 * c[i]! + y) / 3));
  }
  assertSeries(calc("EMA(C,IF(BARPOS=1 OR BARPOS=3,0,2.5))", { close: c }), perBar, 1e-12, "per-bar N");
});

test("EMA: starts on the first valid bar and carries its state over an invalid bar", () => {
  assertSeries(calc("EMA(C,3)", { close: [N, 1, N, 3] }), [N, 1, N, 2]);
});

test("EXPMEMA: EMA seeded with the mean of the first N values", () => {
  assertSeries(calc("EXPMEMA(C,3)", { close }), [N, N, 2, 3.5, 3.75]);
  assertSeries(calc("EXPMEMA(C,2)", { close: [N, 2, 4, 7] }), [N, N, 3, 17 / 3]);
});

test("SMA: Y=(M*X+(N-M)*Y')/N seeded with X on the first valid bar", () => {
  assertSeries(calc("SMA(C,3,1)", { close }), [1, 5 / 3, 16 / 9, 77 / 27, 262 / 81]);
  assertSeries(calc("SMA(C,3,3)", { close }), close);
  assertSeries(calc("SMA(C,3,1)", { close: [N, 3, N, 6] }), [N, 3, N, 4]);
});

test("SMA(X,N,1) equals EMA(X,2N-1)", () => {
  const x = [5, 7, 6, 9, 12, 11, 10, 13];
  assertSeries(calc("SMA(C,4,1)", { close: x }), Array.from(calc("EMA(C,7)", { close: x })), 1e-12);
});

test("WMA: weights 1..N oldest to newest", () => {
  assertSeries(calc("WMA(C,3)", { close }), [N, N, 13 / 6, 22 / 6, 4]);
});

test("DMA: Y=A*X+(1-A)*Y', A may be a series; A>=1 gives X", () => {
  assertSeries(calc("DMA(C,0.5)", { close }), [1, 2, 2, 3.5, 3.75]);
  assertSeries(calc("DMA(C,C/C)", { close }), close);
  assertSeries(calc("DMA(C,IF(BARPOS=2,1,0.5))", { close }), [1, 3, 2.5, 3.75, 3.875]);
});

test("TMA: Y=A*Y'+B*X seeded with X", () => {
  assertSeries(calc("TMA(C,0.5,0.5)", { close }), [1, 2, 2, 3.5, 3.75]);
});

test("XMA: centred mean over a window cut at both ends (reads later bars)", () => {
  assertSeries(calc("XMA(C,3)", { close }), [2, 2, 10 / 3, 11 / 3, 4.5]);
  assertSeries(calc("XMA(C,4)", { close }), [2, 2, 11 / 4, 14 / 4, 11 / 3]);
});
