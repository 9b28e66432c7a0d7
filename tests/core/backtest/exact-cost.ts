/**
 * An exact oracle for order sizing, written from the per-fill cost rule of
 * core/backtest/README.md ("Sizing is exact"): value = price × shares,
 * commission = max(minimum, rate × value), stamp duty on sells of shares,
 * transfer fee = 0.00001 × value, the order fitting when value + fees ≤ cash.
 * Each double stands for the decimal JavaScript prints for it; the arithmetic is
 * on BigInt fractions (numerator, denominator), not on the engine's decimals.
 * Rates are those of trade dates from 2023-08-28 on (stamp 0.05 % on sells,
 * transfer 0.001 % both sides); funds pay neither.
 */

/** A non-negative fraction num / den. */
export type Frac = readonly [num: bigint, den: bigint];

/** The decimal a double prints as, as a fraction. */
export function frac(x: number): Frac {
  const m = /^(\d+)(?:\.(\d+))?(?:e([+-]\d+))?$/.exec(String(x));
  if (!m) throw new Error(`not a non-negative finite number: ${x}`);
  const [, whole, part = "", exp = "0"] = m;
  const e = Number(exp) - part.length;
  const digits = BigInt(whole! + part);
  return e >= 0 ? [digits * 10n ** BigInt(e), 1n] : [digits, 10n ** BigInt(-e)];
}

const plus = (a: Frac, b: Frac): Frac => [a[0] * b[1] + b[0] * a[1], a[1] * b[1]];
const times = (a: Frac, b: Frac): Frac => [a[0] * b[0], a[1] * b[1]];
const atMost = (a: Frac, b: Frac): boolean => a[0] * b[1] <= b[0] * a[1];
const larger = (a: Frac, b: Frac): Frac => (atMost(a, b) ? b : a);

export interface CostSetting {
  readonly fund: boolean;
  readonly commission: number;
  readonly minCommission: number;
}

/** Exact value + fees of `shares` at `price`. */
export function exactCost(s: CostSetting, side: 1 | -1, shares: number, price: number): Frac {
  const value = times(frac(shares), frac(price));
  const commission = larger(frac(s.minCommission), times(value, frac(s.commission)));
  const stamp = s.fund || side === 1 ? ([0n, 1n] as Frac) : times(value, [5n, 10_000n]);
  const transfer = s.fund ? ([0n, 1n] as Frac) : times(value, [1n, 100_000n]);
  return plus(plus(plus(value, commission), stamp), transfer);
}

export const fits = (s: CostSetting, side: 1 | -1, shares: number, price: number, budget: number) => atMost(exactCost(s, side, shares, price), frac(budget));

/** Largest min + i·step ≤ cap whose exact cost fits `budget`, by bisection over i (0 when none). */
export function exactLargest(s: CostSetting, lot: { min: number; step: number }, side: 1 | -1, budget: number, price: number, cap: number): number {
  const ok = (i: number) => fits(s, side, lot.min + i * lot.step, price, budget);
  let lo = -1;
  let hi = Math.floor((cap - lot.min) / lot.step) + 1;
  while (hi - lo > 1) {
    const mid = lo + Math.floor((hi - lo) / 2);
    if (ok(mid)) lo = mid;
    else hi = mid;
  }
  return lo < 0 ? 0 : lot.min + lo * lot.step;
}
