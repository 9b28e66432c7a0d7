/**
 * Random inputs for checking kernels against their literal definitions (core/formula/LANGUAGE.md §3):
 * short series of small integers, so that ties, zeros and equal neighbours are common, with invalid
 * bars (NaN) anywhere; and operands (a window, lag or weight) that are one number or a series.
 */
import fc from "fast-check";

/** A value: a small integer (ties and zeros are frequent) or, one time in eight, invalid. */
export const value = fc.oneof({ weight: 7, arbitrary: fc.integer({ min: -3, max: 3 }) }, { weight: 1, arbitrary: fc.constant(NaN) });

/** A count (a lag, a window length): mostly small integers, sometimes negative, fractional or invalid. */
export const count = fc.oneof(
  { weight: 6, arbitrary: fc.integer({ min: 0, max: 6 }) },
  { weight: 1, arbitrary: fc.integer({ min: -4, max: -1 }) },
  { weight: 1, arbitrary: fc.integer({ min: 0, max: 60 }).map((v) => v / 10) },
  { weight: 1, arbitrary: fc.constant(NaN) },
);

/** A series of `n` elements drawn from `arb`. */
export const seriesOf = <T>(n: number, arb: fc.Arbitrary<T>) => fc.array(arb, { minLength: n, maxLength: n });

/** An operand for a series of length `n`: one number, or a series of the same length. */
export const operandOf = (n: number, arb: fc.Arbitrary<number>): fc.Arbitrary<number | number[]> => fc.oneof(arb, seriesOf(n, arb));

/** The operand's value on bar `i`. */
export const at = (op: number | readonly number[], i: number): number => (typeof op === "number" ? op : op[i]!);

/** The operand in the shape a kernel takes. */
export const asOperand = (op: number | readonly number[]): number | Float64Array => (typeof op === "number" ? op : Float64Array.from(op));

/** Index of the first valid value, or the length if there is none. */
export function firstValid(x: readonly number[]): number {
  const f = x.findIndex((v) => v === v);
  return f < 0 ? x.length : f;
}

/** A condition holds where it is non-zero and valid. */
export const truthy = (v: number): boolean => v !== 0 && v === v;

/** A kernel's output on `n` bars, pre-filled with a marker so that an element it does not write shows. */
export function output(n: number, run: (out: Float64Array) => void): Float64Array {
  const out = new Float64Array(n).fill(12345);
  run(out);
  return out;
}
