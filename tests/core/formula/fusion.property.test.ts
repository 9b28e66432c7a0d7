/**
 * Fused loops (recurrences inside generated loops) against the same formula
 * with every recurrence as its whole-series kernel: bit-for-bit equal on
 * random bars with gaps and on parameters the templates refuse (SMA's N = 0,
 * windows below 1, fractional and negative lengths), where the evaluator
 * falls back.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { compileFormula, describePlan, evaluatePlan } from "../../../core/formula/index.ts";
import { bars } from "./helpers.ts";

const FORMULAS = [
  "DIF:EMA(C,N)-EMA(C,M);DEA:EMA(DIF,P);MACD:(DIF-DEA)*2;",
  "RSV:=(C-LLV(L,N))/(HHV(H,N)-LLV(L,N))*100;K:SMA(RSV,M,1);D:SMA(K,P,1);J:3*K-2*D;",
  "LC:=REF(C,1);R:SMA(MAX(C-LC,0),N,1)/SMA(ABS(C-LC),N,M)*100;",
  "A:MA(C,N);B:MA(C-O,M);S:SUM(C-O,P);T:SUM(IF(C>O,V,-V),0);U:MA(S,2);",
  "X:EXPMEMA(MAX(H-L,ABS(H-REF(C,1))),N);Y:EXPMEMA(X*2,M);Z:X/Y;",
  "A:EXPMA(C,N);B:SUM(A,N);C1:MA(B,M)+EMA(B,P);D:REF(C1,1);E:EMA(D,N);",
  "A:SUM(C,P);B:STD(A,N);C1:EMA(B,M)+A;",
];

/** Bars, some with occasional invalid values (suspensions in the middle of a series included). */
const series = fc
  .array(
    fc.record({
      c: fc.oneof({ weight: 40, arbitrary: fc.integer({ min: 50, max: 150 }) }, { weight: 1, arbitrary: fc.constant(NaN) }),
      o: fc.integer({ min: 50, max: 150 }),
      up: fc.integer({ min: 0, max: 10 }),
      v: fc.integer({ min: 0, max: 1000 }),
    }),
    { minLength: 0, maxLength: 60 },
  )
  .map((rows) =>
    bars({
      close: rows.map((r) => r.c / 10),
      open: rows.map((r) => r.o / 10),
      high: rows.map((r) => Math.max(r.c, r.o) / 10 + r.up),
      low: rows.map((r) => Math.min(r.c, r.o) / 10 - r.up / 2),
      vol: rows.map((r) => r.v),
    }),
  );

const length = fc.oneof({ weight: 6, arbitrary: fc.integer({ min: 1, max: 12 }) }, { weight: 1, arbitrary: fc.constantFrom(0, -1, 2.5, 0.5, 40) });

function identical(a: Float64Array, b: Float64Array, label: string): void {
  assert.equal(a.length, b.length, label);
  for (let i = 0; i < a.length; i++) assert.ok(Object.is(a[i], b[i]) || (a[i] === 0 && b[i] === 0), `${label} bar ${i}: ${a[i]} vs ${b[i]}`);
}

test("recurrences are fused: MACD is one loop", () => {
  const plan = compileFormula(FORMULAS[0]!, { params: { N: 12, M: 26, P: 9 } }).plan!;
  assert.equal(plan.seriesSteps.length, 1);
  assert.match(describePlan(plan), /EMA\(b0, s\d\); v1 = EMA\(b0, s\d\); v2 = -\(v0, v1\); v3 = EMA\(v2, s\d\)/);
  assert.doesNotMatch(describePlan(plan.classic()), /v\d = EMA/);
});

test("fused loops equal the whole-series kernels bit for bit, gaps and odd parameters included", () => {
  fc.assert(
    fc.property(fc.constantFrom(...FORMULAS), series, length, length, length, (text, s, N, M, P) => {
      const plan = compileFormula(text, { params: { N, M, P } }).plan!;
      const fused = evaluatePlan(plan, s);
      const classic = evaluatePlan(plan.classic(), s);
      fused.forEach((col, k) => identical(col.values, classic[k]!.values, `${text} N=${N} M=${M} P=${P} ${col.name}`));
    }),
    { numRuns: 400, seed: 23 },
  );
});

/**
 * Long series: a generated loop runs 1,024 bars per call (kernels/ranges.ts)
 * and carries its recurrences' state from call to call; shifted reads switch
 * between checked and unchecked bars inside a range. A gap may first appear
 * in a later range, making that call fail and the evaluator fall back.
 */
const longBars = fc
  .record({
    length: fc.integer({ min: 1000, max: 3300 }),
    seed: fc.integer({ min: 1, max: 1 << 30 }),
    gap: fc.option(fc.integer({ min: 0, max: 3299 }), { nil: undefined }),
  })
  .map(({ length, seed, gap }) => {
    let state = seed;
    const rnd = () => (state = (Math.imul(state, 1664525) + 1013904223) >>> 0) / 2 ** 32;
    let price = 100;
    const rows = Array.from({ length }, () => {
      price = Math.max(1, price + Math.round((rnd() - 0.5) * 40) / 10);
      return { c: price, o: Math.max(1, price + Math.round((rnd() - 0.5) * 20) / 10), v: Math.round(rnd() * 1000) };
    });
    const s = bars({
      close: rows.map((r) => r.c),
      open: rows.map((r) => r.o),
      high: rows.map((r) => Math.max(r.c, r.o) + 0.5),
      low: rows.map((r) => Math.min(r.c, r.o) - 0.5),
      vol: rows.map((r) => r.v),
    });
    if (gap !== undefined && gap < length) s.close[gap] = NaN;
    return s;
  });

const LONG_FORMULAS = [...FORMULAS, "A:EMA(C,N)-REF(C,1500);B:MA(C-REF(C,N),M);D:SUM(C-REF(O,P),0);", "A:REF(C,-P);B:EMA(REF(C,-N),M)+REF(O,1030);"];

test("fused loops equal the whole-series kernels bit for bit on long series, across the ranges they run in", () => {
  fc.assert(
    fc.property(fc.constantFrom(...LONG_FORMULAS), longBars, length, length, length, (text, s, N, M, P) => {
      const plan = compileFormula(text, { params: { N, M, P } }).plan!;
      const fused = evaluatePlan(plan, s);
      const classic = evaluatePlan(plan.classic(), s);
      fused.forEach((col, k) => identical(col.values, classic[k]!.values, `${text} N=${N} M=${M} P=${P} ${col.name}`));
    }),
    { numRuns: 60, seed: 29 },
  );
});
