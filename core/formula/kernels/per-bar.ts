/**
 * Per-bar operations, described so the evaluator can fuse a whole chain of
 * them (`(C-LLV(L,9))/(HHV(H,9)-LLV(L,9))*100`) into one generated loop: on
 * V8 a pass over a column costs about 2 ns per bar whatever it computes, so
 * one loop for a chain beats one pass per operator several times over.
 *
 * `expr` builds a JavaScript expression from operand names (plain
 * identifiers supplied by the code generator, never formula text). `call` is
 * for the rare maths functions: a plain function invoked per bar whose
 * non-finite results become invalid.
 *
 * Templates write `nan` (a local the generator defines as 0/0), never the
 * global `NaN`: V8 reads that global as a boxed value, and a conditional
 * mixing it with a computed number then boxes every result (2–3× slower).
 *
 * An invalid (NaN) operand gives an invalid result for every operator,
 * comparisons and AND/OR included (core/formula/LANGUAGE.md §2 advises this for
 * comparisons; HQChart is inconsistent). Division by zero is invalid.
 */
export interface PerBar {
  readonly expr?: (o: readonly string[]) => string;
  readonly call?: (a: number, b: number, c: number) => number;
  /**
   * Reads its first argument at another bar: `lag(column, lagName)` builds the
   * read (REF with a single-number lag). That argument must be a stored column,
   * never a value computed earlier in the same loop.
   */
  readonly lag?: (column: string, lag: string) => string;
}

/**
 * Comparisons and logic are branch-free: `+(a > b)` is 0 or 1 without a jump,
 * and adding `a - a` (0, or NaN when a is invalid or infinite) makes an
 * invalid operand give an invalid result. On market data, where a test such
 * as C>REF(C,1) flips at random, a branch mispredicts half the time; this is
 * two to five times faster.
 */
const invalidIf = (...o: string[]) => o.map((v) => ` + (${v} - ${v})`).join("");
const compare = (test: string, a: string, b: string) => `+(${a} ${test} ${b})${invalidIf(a, b)}`;

export const OPERATORS: Readonly<Record<string, PerBar>> = {
  "+": { expr: ([a, b]) => `${a} + ${b}` },
  "-": { expr: ([a, b]) => `${a} - ${b}` },
  "*": { expr: ([a, b]) => `${a} * ${b}` },
  "/": { expr: ([a, b]) => `${b} === 0 ? nan : ${a} / ${b}` },
  ">": { expr: ([a, b]) => compare(">", a!, b!) },
  "<": { expr: ([a, b]) => compare("<", a!, b!) },
  ">=": { expr: ([a, b]) => compare(">=", a!, b!) },
  "<=": { expr: ([a, b]) => compare("<=", a!, b!) },
  "=": { expr: ([a, b]) => compare("===", a!, b!) },
  "<>": { expr: ([a, b]) => compare("!==", a!, b!) },
  AND: { expr: ([a, b]) => `((${a} !== 0) & (${b} !== 0))${invalidIf(a!, b!)}` },
  OR: { expr: ([a, b]) => `((${a} !== 0) | (${b} !== 0))${invalidIf(a!, b!)}` },
};

/** Scalar forms of the operators, for constant folding and parameter arithmetic. */
export const SCALAR_OPERATORS: Readonly<Record<string, (a: number, b: number) => number>> = {
  "+": (a, b) => a + b,
  "-": (a, b) => a - b,
  "*": (a, b) => a * b,
  "/": (a, b) => (b === 0 ? NaN : a / b),
  ">": (a, b) => (a > b ? 1 : a <= b ? 0 : NaN),
  "<": (a, b) => (a < b ? 1 : a >= b ? 0 : NaN),
  ">=": (a, b) => (a >= b ? 1 : a < b ? 0 : NaN),
  "<=": (a, b) => (a <= b ? 1 : a > b ? 0 : NaN),
  "=": (a, b) => (a === b ? 1 : a < b || a > b ? 0 : NaN),
  "<>": (a, b) => (a < b || a > b ? 1 : a === b ? 0 : NaN),
  AND: (a, b) => (a !== a || b !== b ? NaN : a !== 0 && b !== 0 ? 1 : 0),
  OR: (a, b) => (a !== a || b !== b ? NaN : a !== 0 || b !== 0 ? 1 : 0),
};

/**
 * REF/REFV with a single-number lag, read inside the fused loop: the first N
 * bars (past the end, for a negative lag) have no value; the lag is truncated.
 * Per-bar lags take the whole-series kernel, whose "reuse the previous result"
 * rule needs the previous output.
 */
export const SHIFT: PerBar = { lag: (c, k) => `(i - ${k} >= 0 && i - ${k} < n ? ${c}[i - ${k}] : nan)` };

export const NEGATE: PerBar = { expr: ([a]) => `-${a}` };
/** A single number on every bar, where a function needs a column. */
export const SPREAD: PerBar = { expr: ([a]) => `${a}` };
export const ABS: PerBar = { expr: ([a]) => `Math.abs(${a})` };
export const MAX: PerBar = { expr: ([a, b]) => `Math.max(${a}, ${b})` };
export const MIN: PerBar = { expr: ([a, b]) => `Math.min(${a}, ${b})` };
/** NOT(X): 1 where X is 0, 0 where X is non-zero, invalid where X is. */
export const NOT: PerBar = { expr: ([a]) => `+(${a} === 0)${invalidIf(a!)}` };

/**
 * IF(C,A,B). An invalid condition gives an invalid bar. HQChart takes B there;
 * we propagate, so that cumulative sums such as OBV's
 * `SUM(IF(C=REF(C,1),0,VA),0)` start on the first bar that has a previous
 * close instead of carrying a made-up first term forever.
 *
 * The choice is made without a jump: both values go into a two-slot buffer
 * (`sel`, which the generator provides) and the condition picks one, twice
 * as fast as a mispredicted branch. The unchosen value never reaches the
 * result (so an invalid unchosen branch does no harm); a chosen −0 becomes 0.
 */
const choose = (c: string, a: string, b: string) => `(sel[0] = ${b}, sel[1] = ${a}, sel[+(${c} !== 0)]${invalidIf(c)})`;
export const IF: PerBar = { expr: ([c, a, b]) => choose(c!, a!, b!) };
export const IFN: PerBar = { expr: ([c, a, b]) => choose(c!, b!, a!) };
