/**
 * What a kernel receives: a whole column, or one number standing for every
 * bar (a constant or a formula parameter). Kernels branch on the shape once
 * per call, never per bar.
 */
export type Operand = Float64Array | number;

/** Index of the first valid (non-NaN) value, or `x.length` if there is none. */
export function firstValid(x: Float64Array): number {
  let i = 0;
  while (i < x.length && x[i] !== x[i]) i++;
  return i;
}
