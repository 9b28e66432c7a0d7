/**
 * Moving averages and sums as per-bar steps with state, so the code
 * generator can run them inside a fused loop next to the arithmetic that
 * feeds and reads them: MACD's two EMAs, their difference, DEA and the bar
 * become one pass instead of five. Each template performs exactly the
 * operations of its whole-series kernel (averages.ts, windows.ts) in the same
 * order, so the numbers are identical.
 *
 * Templates cover the common case only: inputs without an invalid value
 * after the first valid one, and ordinary parameters. Anything else (a gap,
 * SMA with N = 0, a window below 1) makes the generated loop report failure,
 * and the evaluator runs the formula again with the whole-series kernels,
 * whose gap rules are the reference. A gap is detected without a test per
 * bar: an invalid value poisons the running state (NaN stays NaN), so the
 * state is checked once after each range of bars.
 *
 * Templates are code built from generated identifiers only (`p` is a unique
 * prefix, operands are names the generator chose); no formula text, name or
 * constant value enters them.
 */
export interface Recurrence {
  /**
   * Reads its input at earlier bars too (window sums), given the constant
   * arguments (undefined where a value is only known per evaluation): the
   * input must then be a stored column, named in `step` as `col`.
   */
  windowed(constants: readonly (number | undefined)[]): boolean;
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
  step(p: string, x: string, col: string): string;
  /**
   * An expression that is 1 (or true) when the fast path did not hold, 0
   * otherwise, checked after each range of bars. It evaluates every operand
   * (`&`, not `&&`), so that V8 has seen every comparison in it before it
   * optimises the loop: code meeting a comparison it has no type feedback for
   * bails out to the interpreter.
   */
  failed(p: string): string;
}

const finiteCheck = (...names: string[]) => `if (!(${names.map((n) => `${n} - ${n} === 0`).join(" && ")})) return false;`;

/**
 * Y = a·X + b·Y', seeded with X on its first valid bar (EMA, EXPMA, SMA):
 * averages.ts `ema`/`sma` with `recurrence`. `weights` gives the two weight
 * expressions from the scalar operands.
 */
function seeded(weights: (s: readonly string[]) => [string, string], refuse?: (s: readonly string[]) => string): Recurrence {
  return {
    windowed: () => false,
    init: (p, s) => {
      const [a, b] = weights(s);
      return [
        refuse ? `if (${refuse(s)}) return false;` : "",
        `const ${p}a = ${a};`,
        `const ${p}b = ${b};`,
        finiteCheck(`${p}a`, `${p}b`),
      ].join("\n");
    },
    state: [
      ["y", "nan"],
      ["s", "0", "count"],
    ],
    step: (p, x) => `if (${p}s === 1) ${p}y = ${p}a * ${x} + ${p}b * ${p}y;\nelse if (${x} === ${x}) { ${p}y = ${x}; ${p}s = 1; }`,
    failed: (p) => `((${p}s === 1) & (${p}y !== ${p}y))`,
  };
}

/** EMA(X,N) and EXPMA(X,N): a = 2/(N+1), b = (N−1)/(N+1). */
export const EMA_STEP: Recurrence = seeded(([n]) => [`2 / (${n} + 1)`, `(${n} - 1) / (${n} + 1)`]);

/** SMA(X,N,M): a = M/N, b = (N−M)/N; N = 0 is left to the kernel. */
export const SMA_STEP: Recurrence = seeded(
  ([n, m]) => [`${m} / ${n}`, `(${n} - ${m}) / ${n}`],
  ([n]) => `${n} === 0`,
);

/** EXPMEMA(X,N): the EMA recurrence seeded with the mean of the first N consecutive valid values. */
export const EXPMEMA_STEP: Recurrence = {
  windowed: () => false,
  init: (p, [len]) =>
    [
      `const ${p}n = Math.trunc(${len});`,
      `if (!(${p}n >= 1)) return false;`,
      `const ${p}a = 2 / (${p}n + 1);`,
      `const ${p}b = (${p}n - 1) / (${p}n + 1);`,
    ].join("\n"),
  state: [
    ["r", "0", "count"],
    ["t", "0"],
    ["y", "nan"],
  ],
  step: (p, x) =>
    [
      `if (${p}r < ${p}n) {`,
      `  if (${x} === ${x}) { ${p}r++; ${p}t += ${x}; } else { ${p}r = 0; ${p}t = 0; }`,
      `  if (${p}r === ${p}n) ${p}y = ${p}t / ${p}n;`,
      `} else ${p}y = ${p}a * ${x} + ${p}b * ${p}y;`,
    ].join("\n"),
  failed: (p) => `((${p}r === ${p}n) & (${p}y !== ${p}y))`,
};

/**
 * A rolling sum over N bars from the input's first valid bar (windows.ts
 * `sum`, averages.ts `ma`): the first N values are added one by one, then
 * each bar adds the new value less the one leaving the window. `scale` turns
 * the sum into the result; `partial` says whether the first N−1 bars have a
 * value (SUM) or not (MA). N = 0 (SUM only) is the running total. Templates
 * may read the series length `n` and the bar index `i`.
 */
function rolling(scale: (p: string) => string, partial: boolean, minimum: number): Recurrence {
  return {
    // a constant N = 0 (the running total) never reads back
    windowed: (c) => c[1] !== 0,
    init: (p, [len]) =>
      [
        `const ${p}n0 = Math.trunc(${len});`,
        `if (!(${p}n0 >= ${minimum})) return false;`,
        // a running total never fills its window, nor does one longer than the series; an
        // integer (not a double, as Math.trunc gives) makes `i - n` a cheaper index
        `const ${p}n = Math.min(${p}n0 === 0 ? n + 1 : ${p}n0, n + 1) | 0;`,
        `const ${p}k = 1 / ${p}n0;`,
      ].join("\n"),
    state: [
      ["c", "0", "count"],
      ["t", "0"],
      ["y", "nan"],
    ],
    step: (p, x, col) =>
      [
        `if (${p}c < ${p}n) {`,
        `  if (${p}c > 0 || ${x} === ${x}) { ${p}t += ${x}; ${p}c++; }`,
        partial ? `  ${p}y = ${p}c > 0 ? ${scale(p)} : nan;` : `  ${p}y = ${p}c === ${p}n ? ${scale(p)} : nan;`,
        `} else { ${p}t += ${x} - ${col}[i - ${p}n]; ${p}y = ${scale(p)}; }`,
      ].join("\n"),
    failed: (p) => `((${p}c > 0) & (${p}t !== ${p}t))`,
  };
}

/** MA(X,N): the rolling sum times 1/N, once N values exist. */
export const MA_STEP: Recurrence = rolling((p) => `${p}t * ${p}k`, false, 1);

/** SUM(X,N): partial sums from the first valid bar; N = 0 is the running total. */
export const SUM_STEP: Recurrence = rolling((p) => `${p}t`, true, 0);
