/**
 * Decimal rounding as the TDX terminal does it: half away from zero ("四舍五入",
 * Go's `math.Round`), not banker's rounding.
 *
 * Binary doubles cannot hold most half-cents exactly (2.01 − 0.055 is
 * 1.95499999999999985…), so a plain `Math.round` would round the intended
 * 1.955 down. A guard of 1e-6 of the last unit absorbs that representation error;
 * it is far above double precision at market price magnitudes (ulp of 1e7 cents
 * is about 2e-9) and far below anything a real price can carry.
 */
const HALF = 0.5 + 1e-6;

/** Rounds `x` to a multiple of 1/`scale` (`scale` = 10^decimals), half away from zero. NaN stays NaN. */
export function roundScaled(x: number, scale: number): number {
  return x < 0 ? -Math.floor(-x * scale + HALF) / scale : Math.floor(x * scale + HALF) / scale;
}

/** Rounds `x` to `decimals` places, half away from zero. NaN stays NaN. */
export function roundHalfUp(x: number, decimals: number): number {
  return roundScaled(x, 10 ** decimals);
}
