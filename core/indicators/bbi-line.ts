/**
 * The BBI line, (MA(X,M1)+MA(X,M2)+MA(X,M3)+MA(X,M4))/4, exact for a decimal
 * series (issue 17), for the `bbi` strategy's close-against-BBI decision.
 *
 * The formula's BBI adds four doubles and so rounds up to three times: with
 * the close flat at 3.37 every MA is exactly 3.37 while their float mean is a
 * neighbour of it, and "close > BBI" would fire on noise. Here the mean is one
 * fraction: with window totals T_k of the scaled integers q (decimal-sums.ts)
 * and L the least common multiple of the periods,
 *   BBI = Σ T_k·(L/M_k) / (4·L·S),
 * an integer over an integer, rounded once. Correct rounding is monotonic,
 * so the close (itself the double nearest its decimal) compares with BBI as
 * the decimals do, ties included.
 * Fallback (a series not decimal to 6 places, a gap, or totals that could
 * pass 2^53): the formula's own computation from the MA kernel.
 */
import { ma } from "../formula/kernels/averages.ts";
import { decimalScale, scaled, scaledLimit } from "../formula/kernels/decimal-sums.ts";
import { firstValid } from "../formula/kernels/operand.ts";

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

export function bbiLine(out: Float64Array, x: Float64Array, periods: readonly number[]): void {
  const n = out.length;
  const M = periods.map((p) => Math.trunc(p));
  const L = M.reduce((l, m) => (m >= 1 ? (l / gcd(l, m)) * m : NaN), 1);
  const f = firstValid(x);
  const S = L === L && L <= 2 ** 30 ? decimalScale(x, f, n, scaledLimit(M.length * L)) : 0;
  if (S === 0 || !exactLine(out, x, f, M, L, S)) formulaLine(out, x, periods);
}

/** Rolling integer totals for each period; false (garbage written) on an invalid value after the first. */
function exactLine(out: Float64Array, x: Float64Array, f: number, M: readonly number[], L: number, S: number): boolean {
  const n = out.length;
  const totals = M.map(() => 0);
  const weights = M.map((m) => L / m);
  const start = f + Math.max(...M) - 1;
  const d = M.length * L * S;
  out.fill(NaN, 0, Math.min(n, start));
  for (let i = f; i < n; i++) {
    const v = x[i]!;
    if (v !== v) return false;
    const q = scaled(v, S);
    let num = 0;
    for (let k = 0; k < M.length; k++) {
      const j = i - M[k]!;
      totals[k] = totals[k]! + q - (j >= f ? scaled(x[j]!, S) : 0);
      num += totals[k]! * weights[k]!;
    }
    if (i >= start) out[i] = num / d;
  }
  return true;
}

/** What the formula computes: the four MA kernels added left to right, over 4. */
function formulaLine(out: Float64Array, x: Float64Array, periods: readonly number[]): void {
  const line = new Float64Array(out.length);
  out.fill(0);
  for (const p of periods) {
    ma(line, x, p);
    for (let i = 0; i < out.length; i++) out[i] = out[i]! + line[i]!;
  }
  for (let i = 0; i < out.length; i++) out[i] = out[i]! / periods.length;
}
