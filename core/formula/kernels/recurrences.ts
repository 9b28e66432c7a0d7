/**
 * Recursive averages as per-bar steps with state, so the code
 * generator can run them inside a fused loop next to the arithmetic that
 * feeds and reads them: MACD's two EMAs, their difference, DEA and the bar
 * become one pass instead of five. Each template performs exactly the
 * operations of its whole-series kernel (averages.ts) in the same order, so
 * the numbers are identical. MA and SUM are not here: their exact sums
 * (exact-sums.ts) rescan a window when a value needs a finer decimal scale,
 * which a step cannot.
 *
 * Templates cover the common case only: inputs without an invalid value
 * after the first valid one, and ordinary parameters. Anything else (a gap,
 * EMA or SMA with N < 1, EXPMEMA with N = 0) makes the generated loop report failure,
 * and the evaluator runs the formula again with the whole-series kernels,
 * whose gap rules are the reference. A gap is detected without a test per
 * bar: an invalid value poisons the running state (NaN stays NaN), so the
 * state is checked once after each range of bars.
 *
 * Templates are code built from generated identifiers only (`p` is a unique
 * prefix, operands are names the generator chose); no formula text, name or
 * constant value enters them (only numbers of exact-sums.ts, see EXPMEMA_STEP).
 */
import { SEED_DECIMAL } from "./exact-sums.ts";

export interface Recurrence {
  /**
   * Statements run before the loop (on every range of bars), declaring
   * constants from the scalar operands `s` (the arguments after the series).
   * They may `return false` to refuse the values (the evaluator then falls
   * back).
   */
  init(p: string, s: readonly string[]): string;
  /**
   * The variables the steps update, as `[suffix, value before bar 0]`, and
   * "count" for a whole number (kept as an integer, which V8 compares
   * faster): the generator declares `${p}${suffix}` and carries it from one
   * range of bars to the next.
   */
  readonly state: readonly (readonly [string, string, "count"?])[];
  /** Statements run on each bar with the input value `x`; they leave the result in `${p}y`. */
  step(p: string, x: string): string;
  /**
   * An expression that is 1 (or true) when the fast path did not hold, 0
   * otherwise, checked after each range of bars. It evaluates every operand
   * (`&`, not `&&`), so that V8 has seen every comparison in it before it
   * optimises the loop: code meeting a comparison it has no type feedback for
   * bails out to the interpreter.
   */
  failed(p: string): string;
}

/** The generated step gives up (returns false) unless `name` is finite (x − x is 0 only for a finite x). */
const finiteCheck = (name: string) => `if (!(${name} - ${name} === 0)) return false;`;

/**
 * Y = X − b·(X − Y'), seeded with X on its first valid bar (EMA, EXPMA, SMA):
 * averages.ts `ema`/`sma` with `recurrence`. `weight` gives b, the weight of
 * the old average, from the scalar operands.
 */
function seeded(weight: (n: string, s: readonly string[]) => string): Recurrence {
  return {
    // N truncated; N < 1 (no value on any bar) is left to the kernel
    init: (p, s) => `const ${p}n = Math.trunc(${s[0]});\nif (!(${p}n >= 1)) return false;\nconst ${p}b = ${weight(`${p}n`, s)};\n${finiteCheck(`${p}b`)}`,
    state: [
      ["y", "nan"],
      ["s", "0", "count"],
    ],
    step: (p, x) => `if (${p}s === 1) ${p}y = ${x} - ${p}b * (${x} - ${p}y);\nelse if (${x} === ${x}) { ${p}y = ${x}; ${p}s = 1; }`,
    failed: (p) => `(${p}s === 1) & (${p}y !== ${p}y)`,
  };
}

/** EMA(X,N) and EXPMA(X,N): b = (N−1)/(N+1), N truncated. */
export const EMA_STEP: Recurrence = seeded((n) => `(${n} - 1) / (${n} + 1)`);

/** SMA(X,N,M): b = (N−M)/N, N truncated. */
export const SMA_STEP: Recurrence = seeded((n, [, m]) => `(${n} - ${m}) / ${n}`);

/**
 * EXPMEMA(X,N): the EMA recurrence seeded with the mean of the first N
 * consecutive valid values, as exact-sums.ts `seedMean` takes it: beside the
 * double sum `t`, the values read at the finest decimal scale are summed in
 * `u` while all of them are decimals there (`d` counts those that are not).
 */
const D = SEED_DECIMAL;
export const EXPMEMA_STEP: Recurrence = {
  // N below 1 needs no refusal: the seed is never complete and Y stays invalid on every bar, as in
  // the kernel (N = 0 reports failure: a seed of 0 values, then the invalid Y)
  init: (p, [len]) => `const ${p}n = Math.trunc(${len});
const ${p}b = (${p}n - 1) / (${p}n + 1);
const ${p}c = Math.min(${D.top}, ${D.limit} / ${p}n);`,
  state: [
    ["r", "0", "count"],
    ["t", "0"],
    ["u", "0"],
    ["d", "0", "count"],
    ["y", "nan"],
  ],
  step: (p, x) => `if (${p}r < ${p}n) {
  if (${x} === ${x}) {
    ${p}r++; ${p}t += ${x};
    const ${p}e = ${x} * ${D.scale}; const ${p}q = ${p}e + ${D.magic} - ${D.magic};
    if (Math.abs(${p}e - ${p}q) <= ${D.tol} + Math.abs(${p}e) * ${D.rel} && Math.abs(${p}e) <= ${p}c) ${p}u += ${p}q; else ${p}d = 1;
  } else { ${p}r = 0; ${p}t = 0; ${p}u = 0; ${p}d = 0; }
  if (${p}r === ${p}n) ${p}y = ${p}d === 0 ? ${p}u / (${D.scale} * ${p}n) : ${p}t / ${p}n;
} else ${p}y = ${x} - ${p}b * (${x} - ${p}y);`,
  failed: (p) => `(${p}r === ${p}n) & (${p}y !== ${p}y)`,
};
