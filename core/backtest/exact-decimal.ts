/**
 * Exact decimals for the decisions money makes (core/backtest/README.md,
 * "Sizing is exact"). A price, a cash amount or a fee rate arrives as a double,
 * and the decimal it stands for is its shortest round-trip form (what
 * `String(x)` prints: 10.05, not 10.050000000000000710…). Sums and products of
 * those decimals are kept as `n / 10^s` with a BigInt `n`, so "does this order
 * fit the cash" is decided on the decimals themselves, never on binary noise
 * such as 100 × 10.05 = 1005.0000000000001.
 */

/** The decimal `n / 10^s` (s ≥ 0). */
export interface Dec {
  readonly n: bigint;
  readonly s: number;
}

export const ZERO: Dec = { n: 0n, s: 0 };

const POW10: bigint[] = [1n];
function pow10(k: number): bigint {
  for (let i = POW10.length; i <= k; i++) POW10.push(POW10[i - 1]! * 10n);
  return POW10[k]!;
}

/** The shortest decimal that reads back as the finite double `x`. */
export function decimalOf(x: number): Dec {
  if (!Number.isFinite(x)) throw new RangeError(`not a finite amount: ${x}`);
  if (Number.isInteger(x) && Math.abs(x) <= Number.MAX_SAFE_INTEGER) return { n: BigInt(x), s: 0 };
  const text = String(x);
  const e = text.indexOf("e");
  const mantissa = e < 0 ? text : text.slice(0, e);
  const exponent = e < 0 ? 0 : Number(text.slice(e + 1));
  const dot = mantissa.indexOf(".");
  const digits = dot < 0 ? mantissa : mantissa.slice(0, dot) + mantissa.slice(dot + 1);
  const s = (dot < 0 ? 0 : mantissa.length - dot - 1) - exponent;
  return s >= 0 ? { n: BigInt(digits), s } : { n: BigInt(digits) * pow10(-s), s: 0 };
}

/** `a` and `b` over one denominator: their numerators at the larger scale. */
function aligned(a: Dec, b: Dec): [bigint, bigint, number] {
  if (a.s === b.s) return [a.n, b.n, a.s];
  return a.s > b.s ? [a.n, b.n * pow10(a.s - b.s), a.s] : [a.n * pow10(b.s - a.s), b.n, b.s];
}

export function add(a: Dec, b: Dec): Dec {
  const [x, y, s] = aligned(a, b);
  return { n: x + y, s };
}

export function mul(a: Dec, b: Dec): Dec {
  return { n: a.n * b.n, s: a.s + b.s };
}

/** Sign of `a − b`: −1, 0 or 1. */
export function compare(a: Dec, b: Dec): number {
  const [x, y] = aligned(a, b);
  return x < y ? -1 : x > y ? 1 : 0;
}

export function max(a: Dec, b: Dec): Dec {
  return compare(a, b) >= 0 ? a : b;
}
