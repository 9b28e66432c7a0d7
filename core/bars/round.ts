/**
 * Decimal rounding as the TDX terminal does it: half away from zero ("四舍五入",
 * Go's `math.Round`), not banker's rounding.
 *
 * Binary doubles cannot hold most half-cents exactly (10 − 0.365 is
 * 9.63499999999999979…), so a plain `Math.round` would round the intended
 * 9.635 down. A guard of 1e-6 of the last unit absorbs that representation error;
 * it is far above double precision at market price magnitudes (ulp of 1e7 cents
 * is about 2e-9) and far below anything a real price can carry.
 */
const GUARD = 1e-6;

/** Rounds `x` to `decimals` places, half away from zero. NaN stays NaN. */
export function roundHalfUp(x: number, decimals: number): number {
  const scale = POW10[decimals] ?? 10 ** decimals;
  return x < 0 ? -Math.floor(-x * scale + 0.5 + GUARD) / scale : Math.floor(x * scale + 0.5 + GUARD) / scale;
}

const POW10 = [1, 10, 100, 1000, 10000, 100000, 1000000];
