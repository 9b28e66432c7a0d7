/**
 * Issue 17's speed rule for the exact window sums (core/formula/kernels/exact-sums.ts):
 * no kernel more than 10% slower than the running sums it replaced. Side by
 * side in one process (the machine may be loaded, so only ratios from the
 * same run count): the old running-sum MA and SUM kernels (kept here, and
 * only here, as the baseline: a double sum adding each entering value and
 * subtracting each leaving one, TA-Lib's method) against today's, on bare
 * MA(C,20), SUM(V,20), SUM(C,0), MA of the mixed column (H+L+C)/3, and WMA
 * (window by window in doubles before, one pass of exact integers now), on
 * 800 and 10,000 bars; and the formula engine on MACD+KDJ+BOLL with its MA
 * computed by each kernel (the same plan, the catalog's MA swapped for the
 * old kernel while a second copy of the text is compiled). The target line
 * gives each ratio twice: from mitata's medians, and interleaved in CPU time
 * (the one to read on a loaded machine).
 */
import process from "node:process";
import { bench, do_not_optimize, group, summary } from "mitata";
import { compileFormula, evaluatePlan, FUNCTIONS, type FunctionSpec, type Kernel } from "../core/formula/index.ts";
import { ma, wma, firstValid, RANGE, sum } from "../core/formula/kernels/index.ts";
import { randomWalk } from "../tests/plugins/indicators/market.ts";
import { FORMULA_TEXT } from "./formula-texts.ts";
import { median, target } from "./targets.ts";

// ---- the baseline: the running-sum kernels before issue 17 (constant N only) -------------------------------------

function oldMa(out: Float64Array, x: Float64Array, N: number): void {
  const n = out.length;
  const f = firstValid(x);
  out.fill(NaN, 0, Math.min(n, f + N - 1));
  if (f + N - 1 >= n) return;
  if (oldMaWithoutGaps(out, x, f, N | 0)) return;
  let s = 0;
  let bad = 0;
  for (let i = f; i < n; i++) {
    const v = x[i]!;
    if (v === v) s += v;
    else bad++;
    if (i - N >= f) {
      const o = x[i - N]!;
      if (o === o) s -= o;
      else bad--;
    }
    if (i >= f + N - 1) out[i] = bad > 0 ? NaN : s * (1 / N);
  }
}

function oldMaWithoutGaps(out: Float64Array, x: Float64Array, f: number, N: number): boolean {
  const n = out.length;
  const inv = 1 / N;
  let s = 0;
  for (let i = f; i < f + N; i++) s += x[i]!;
  out[f + N - 1] = s * inv;
  for (let from = f + N; from < n; from += RANGE) s = oldRollMean(out, x, from, Math.min(n, from + RANGE), N, inv, s);
  return s === s;
}

function oldRollMean(out: Float64Array, x: Float64Array, from: number, to: number, N: number, inv: number, s: number): number {
  for (let i = from; i < to; i++) {
    s += x[i]! - x[i - N]!;
    out[i] = s * inv;
  }
  return s;
}

function oldSum(out: Float64Array, x: Float64Array, len: number): void {
  const n = out.length;
  const f = firstValid(x);
  const N = Math.trunc(len);
  out.fill(NaN, 0, f);
  if (oldSumWithoutGaps(out, x, f, Math.min(N, n + 1) | 0)) return;
  let s = 0;
  for (let i = f; i < n; i++) {
    const v = x[i]!;
    if (v === v) s += v;
    if (N > 0 && i - N >= f) {
      const o = x[i - N]!;
      if (o === o) s -= o;
    }
    out[i] = s;
  }
}

function oldSumWithoutGaps(out: Float64Array, x: Float64Array, f: number, N: number): boolean {
  const n = out.length;
  let s = 0;
  const warm = N > 0 ? Math.min(n, f + N) : n;
  for (let from = f; from < warm; from += RANGE) s = oldRunningSum(out, x, from, Math.min(warm, from + RANGE), s);
  for (let from = warm; from < n; from += RANGE) s = oldRollingSum(out, x, from, Math.min(n, from + RANGE), N, s);
  return s === s;
}

function oldRunningSum(out: Float64Array, x: Float64Array, from: number, to: number, s: number): number {
  for (let i = from; i < to; i++) {
    s += x[i]!;
    out[i] = s;
  }
  return s;
}

function oldRollingSum(out: Float64Array, x: Float64Array, from: number, to: number, N: number, s: number): number {
  for (let i = from; i < to; i++) {
    s += x[i]! - x[i - N]!;
    out[i] = s;
  }
  return s;
}

/** WMA before issue 17 (constant N): each window summed afresh in doubles. */
function oldWma(out: Float64Array, x: Float64Array, N: number): void {
  const f = firstValid(x);
  const reduce = (lo: number, hi: number) => {
    let s = 0;
    let w = 0;
    for (let j = lo, k = 1; j <= hi; j++, k++) {
      s += k * x[j]!;
      w += k;
    }
    return s / w;
  };
  const hasNaN = (lo: number, hi: number) => {
    for (let j = lo; j <= hi; j++) if (x[j] !== x[j]) return true;
    return false;
  };
  for (let i = 0; i < out.length; i++) out[i] = N >= 1 && i - N + 1 >= f && !hasNaN(i - N + 1, i) ? reduce(i - N + 1, i) : NaN;
}

// ---- the cases ----------------------------------------------------------------------------------------------------

type Case = readonly [label: string, column: (s: ReturnType<typeof randomWalk>) => Float64Array, kernel: "MA" | "SUM" | "WMA", N: number];
const CASES: readonly Case[] = [
  ["MA(C,20)", (s) => s.close, "MA", 20],
  ["SUM(V,20)", (s) => s.vol, "SUM", 20],
  ["SUM(C,0)", (s) => s.close, "SUM", 0],
  ["MA((H+L+C)/3,14)", (s) => s.high.map((h, i) => (h + s.low[i]! + s.close[i]!) / 3), "MA", 14],
  ["WMA(C,20)", (s) => s.close, "WMA", 20],
];
const SIZES = [800, 10_000];

/** A pair of calls to compare: the old one, then the new one. */
type Pair = readonly [name: string, old: () => unknown, exact: () => unknown];
const pairs: Pair[] = [];
for (const n of SIZES) {
  const s = randomWalk(n, 5);
  const out = new Float64Array(n);
  for (const [label, column, kernel, N] of CASES) {
    const x = column(s);
    const run = kernel === "MA" ? ([oldMa, ma] as const) : kernel === "SUM" ? ([oldSum, sum] as const) : ([oldWma, wma] as const);
    pairs.push([`${label}, ${n} bars`, () => run[0](out, x, N), () => run[1](out, x, N)]);
  }
}

// the formula with either MA kernel: the catalog's MA is swapped while a second copy of the text compiles
const spec = FUNCTIONS.get("MA")! as { -readonly [K in keyof FunctionSpec]: FunctionSpec[K] };
const exactPlan = compileFormula(FORMULA_TEXT).plan!;
const exactRun = spec.run!;
spec.run = ((o, a) => oldMa(o, a[0] as Float64Array, a[1] as number)) satisfies Kernel;
// a different text (BOLL renamed), so no compile cache can hand back the first plan
const oldPlan = compileFormula(FORMULA_TEXT.replaceAll("BOLL", "BOLM")).plan!;
spec.run = exactRun;
for (const n of SIZES) {
  const s = randomWalk(n, 7);
  pairs.push([`MACD+KDJ+BOLL, ${n} bars`, () => evaluatePlan(oldPlan, s), () => evaluatePlan(exactPlan, s)]);
}

for (const [name, old, exact] of pairs) {
  summary(() => {
    group(`exact sums: ${name}`, () => {
      bench(`${name}: old`, () => do_not_optimize(old()));
      bench(`${name}: exact`, () => do_not_optimize(exact()));
    });
  });
}

/**
 * exact ÷ old per pair, measured interleaved (a batch of old calls, then a
 * batch of new ones, 61 times) in this process's CPU time, so that other
 * processes on a loaded machine (their share of the cores, a change of
 * load) hit both alike: the median of the 61 ratios.
 */
function interleaved([, old, exact]: Pair): number {
  const batch = (f: () => unknown, k: number) => {
    const t0 = process.cpuUsage();
    for (let j = 0; j < k; j++) do_not_optimize(f());
    const t = process.cpuUsage(t0);
    return (t.user + t.system) / 1000;
  };
  // calls per batch for about 2 ms
  const k = Math.max(1, Math.round(2 / (batch(old, 20) / 20)));
  const ratios: number[] = [];
  for (let round = 0; round < 61; round++) ratios.push(batch(exact, k) / batch(old, k));
  return median(ratios);
}

target("issue 17: exact MA/SUM no more than 10% slower than the running sums (exact ÷ old: mitata medians; interleaved CPU time)", (r) => {
  const ratios = pairs.map((p) => [p[0], r.median(`${p[0]}: exact`) / r.median(`${p[0]}: old`), interleaved(p)] as const);
  return {
    measured: ratios.map(([name, q, i]) => `${name} ${q.toFixed(2)}×; ${i.toFixed(2)}×`).join(" | "),
    peer: "the old running-sum kernels in this run",
    met: ratios.every(([, , i]) => i <= 1.1),
  };
});
