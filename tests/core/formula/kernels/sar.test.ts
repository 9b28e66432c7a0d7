/**
 * SAR(N,S,M) and SARTURN against Wilder's parabolic SAR as core/formula/kernels/sar.ts's header states
 * it (core/formula/LANGUAGE.md §3.9), written again here bar by bar: the first N bars with a high, a
 * low and a close seed the direction (long unless the N-th close is below the first) and the first
 * stop (their lowest low, or highest high), shown on the N-th of them; each later bar with a high and
 * a low moves the stop by the acceleration towards the extreme point, never past the lows (highs) of
 * the two bars before, and turns when the bar's low (high) crosses it. Random short bars with ties and
 * missing prices, odd parameters (N below 1 or fractional, a step of 0 or below, a cap below the step),
 * and long series whose loop runs range by range (kernels/ranges.ts).
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { sar } from "../../../../core/formula/kernels/sar.ts";
import { assertSeries } from "../helpers.ts";
import { output } from "./arbitraries.ts";

interface Bars {
  readonly high: number[];
  readonly low: number[];
  readonly close: number[];
}

/** The stops and turns (1 up, −1 down, 0 none) of SAR(N,S,M), NaN where there is none. */
function wilder(b: Bars, seedBars: number, stepPct: number, capPct: number): { stop: number[]; turn: number[] } {
  const n = b.high.length;
  const stop = b.high.map(() => NaN);
  const turn = b.high.map(() => NaN);
  const N = Math.max(1, Math.trunc(seedBars));
  const priced = (i: number) => !Number.isNaN(b.high[i]!) && !Number.isNaN(b.low[i]!);
  const seeds: number[] = [];
  for (let i = 0; i < n && seeds.length < N; i++) if (priced(i) && !Number.isNaN(b.close[i]!)) seeds.push(i);
  if (seeds.length < N || !(stepPct > 0)) return { stop, turn };
  const step = stepPct / 100;
  const cap = capPct / 100;
  const last = seeds[N - 1]!;
  let long = b.close[last]! >= b.close[seeds[0]!]!;
  const highest = Math.max(...seeds.map((i) => b.high[i]!));
  const lowest = Math.min(...seeds.map((i) => b.low[i]!));
  let s = long ? lowest : highest;
  let ep = long ? highest : lowest;
  let af = step;
  stop[last] = s;
  turn[last] = 0;
  // the bars a stop may not pass: the two before, newest last (the seed bar twice when N = 1)
  const before = [seeds[N - 2] ?? last, last];
  for (let i = last + 1; i < n; i++) {
    if (!priced(i)) continue;
    const [older, newer] = before.slice(-2) as [number, number];
    let next = s + af * (ep - s);
    let t = 0;
    if (long) {
      next = Math.min(next, b.low[older]!, b.low[newer]!);
      if (b.low[i]! < next) {
        // turn down: the stop jumps to the extreme (or this bar's high), which becomes this bar's low
        long = false;
        t = -1;
        next = Math.max(ep, b.high[i]!);
        ep = b.low[i]!;
        af = step;
      } else if (b.high[i]! > ep) {
        ep = b.high[i]!;
        af = Math.min(af + step, cap);
      }
    } else {
      next = Math.max(next, b.high[older]!, b.high[newer]!);
      if (b.high[i]! > next) {
        long = true;
        t = 1;
        next = Math.min(ep, b.low[i]!);
        ep = b.high[i]!;
        af = step;
      } else if (b.low[i]! < ep) {
        ep = b.low[i]!;
        af = Math.min(af + step, cap);
      }
    }
    s = next;
    stop[i] = s;
    turn[i] = t;
    before.push(i);
  }
  return { stop, turn };
}

/** Short bars of small prices (equal closes and extremes are common), any price missing now and then. */
const bar = fc
  .record({ low: fc.integer({ min: 1, max: 6 }), span: fc.integer({ min: 0, max: 3 }), at: fc.integer({ min: 0, max: 3 }), gap: fc.integer({ min: 0, max: 24 }) })
  .map(({ low, span, at, gap }) => ({ high: gap === 0 ? NaN : low + span, low: gap === 1 ? NaN : low, close: gap === 2 ? NaN : low + Math.min(at, span) }));
const shortBars = fc.array(bar, { minLength: 0, maxLength: 30 }).map((rows): Bars => ({ high: rows.map((r) => r.high), low: rows.map((r) => r.low), close: rows.map((r) => r.close) }));
const seedBars = fc.oneof({ weight: 6, arbitrary: fc.integer({ min: 1, max: 5 }) }, { weight: 1, arbitrary: fc.constantFrom(0, -2, 2.7) });
const stepPct = fc.oneof({ weight: 6, arbitrary: fc.integer({ min: 1, max: 40 }) }, { weight: 1, arbitrary: fc.constantFrom(0, -2, 2.5) });
const capPct = fc.integer({ min: 0, max: 100 });

function check(b: Bars, n: number, s: number, m: number): void {
  const expected = wilder(b, n, s, m);
  const cols = [b.high, b.low, b.close].map((c) => Float64Array.from(c)) as [Float64Array, Float64Array, Float64Array];
  const label = `SAR(${n},${s},${m})`;
  assertSeries(
    output(b.high.length, (o) => sar(o, null, ...cols, n, s, m)),
    expected.stop,
    1e-12,
    label,
  );
  const turns = output(b.high.length, () => {});
  assertSeries(
    output(b.high.length, (o) => sar(o, turns, ...cols, n, s, m)),
    expected.stop,
    1e-12,
    `${label} with turns`,
  );
  assertSeries(turns, expected.turn, 0, `SARTURN(${n},${s},${m})`);
}

test("SAR and SARTURN: Wilder's rules seeded from the first N bars with prices, on short bars with ties and gaps", () => {
  fc.assert(
    fc.property(shortBars, seedBars, stepPct, capPct, (b, n, s, m) => check(b, n, s, m)),
    { numRuns: 500, seed: 53 },
  );
});

test("SAR on long series: the state carried from one range of bars to the next is Wilder's", () => {
  fc.assert(
    fc.property(fc.integer({ min: 1, max: 1 << 30 }), fc.integer({ min: 1, max: 1300 }), fc.integer({ min: 2, max: 20 }), (seed, n, s) => {
      let state = seed;
      const rnd = () => (state = (Math.imul(state, 1664525) + 1013904223) >>> 0) / 2 ** 32;
      const b: Bars = { high: [], low: [], close: [] };
      let price = 50;
      for (let i = 0; i < 2600; i++) {
        price = Math.max(1, price + Math.round((rnd() - 0.5) * 8) / 4);
        const missing = rnd() < 0.02;
        b.high.push(missing ? NaN : price + Math.round(rnd() * 4) / 4);
        b.low.push(price - Math.round(rnd() * 4) / 4);
        b.close.push(price);
      }
      check(b, n, s, 20);
    }),
    { numRuns: 12, seed: 59 },
  );
});

test("SAR: a hand-worked case, long from the seed, accelerating on new highs up to the cap, then turning", () => {
  // N = 2: closes 10 → 11 rise, so long; stop = the lowest low 9, EP = the highest high 12, shown on bar 1.
  // bar 2: 9 + 0.1·(12 − 9) = 9.3, kept at or below the lows 9 and 10 → 9; high 13 > EP: EP 13, AF 0.2.
  // bar 3: 9 + 0.2·(13 − 9) = 9.8, capped by the lows 10 and 11 → 9.8; high 14 > EP: EP 14, AF min(0.3, 0.25) = 0.25.
  // bar 4: 9.8 + 0.25·(14 − 9.8) = 10.85; the low 10 is below it: turn down, stop = max(EP 14, high 12) = 14, EP 10, AF 0.1.
  const high = [11, 12, 13, 14, 12];
  const low = [9, 10, 11, 12, 10];
  const close = [10, 11, 12, 13, 11];
  const turns = new Float64Array(5);
  const stops = output(5, (o) => sar(o, turns, Float64Array.from(high), Float64Array.from(low), Float64Array.from(close), 2, 10, 25));
  assertSeries(stops, [NaN, 9, 9, 9.8, 14], 1e-12, "SAR(2,10,25)");
  assertSeries(turns, [NaN, 0, 0, 0, -1], 0, "SARTURN(2,10,25)");
  assert.deepEqual(wilder({ high, low, close }, 2, 10, 25).stop.slice(1), [9, 9, 9.8, 14], "the reference agrees with the hand-worked stops");
});
