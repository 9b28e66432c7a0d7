/**
 * Which side of its BBI line each close is on, decided exactly (issue 17: no
 * trade from rounding noise). BBI = (MA(C,M1)+MA(C,M2)+MA(C,M3)+MA(C,M4))/4
 * (TDX's 多空指标), so
 *   C − BBI = −¼ · Σk (Sk − Mk·C) / Mk,   Sk = the sum of the last Mk closes.
 * Closes are prices in ticks of 0.001 at the finest, so with q = C·1000 every
 * Ek = Sk(q) − Mk·q is an exact integer in a double (|Ek| ≤ 2^53 for any
 * price a market quotes). The double Σ Ek/Mk has at most a few units of
 * rounding in its last place; where it is farther from 0 than that bound its
 * sign is the true sign, and only near a tie is the sum taken over the
 * common denominator in BigInt. A window holding a close that is not such a
 * decimal (or invalid) falls back to comparing the double line, as before.
 * Bar by bar and causal: bar i reads closes up to i only.
 */

const P = 1000;

/** +1 where the close is above BBI, −1 below, 0 on an exact tie or before every window is full. */
export function bbiSides(close: Float64Array, periods: readonly number[]): Int8Array {
  const n = close.length;
  const out = new Int8Array(n);
  const longest = Math.max(...periods);
  const q = new Float64Array(n);
  // closes that are not decimals at 1/1000 (or are invalid) among the last `longest`
  let odd = 0;
  const sums = periods.map(() => 0);
  const oddAt = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    const c = close[i]!;
    const r = Math.round(c * P);
    const decimal = r / P === c && Math.abs(r) <= 2 ** 40;
    q[i] = decimal ? r : 0;
    oddAt[i] = decimal ? 0 : 1;
    odd += oddAt[i]!;
    if (i >= longest) odd -= oddAt[i - longest]!;
    for (let k = 0; k < periods.length; k++) {
      const m = periods[k]!;
      sums[k] = sums[k]! + q[i]! - (i >= m ? q[i - m]! : 0);
    }
    if (i < longest - 1) continue;
    out[i] = odd === 0 ? exactSide(sums, periods, q[i]!) : doubleSide(close, periods, i);
  }
  return out;
}

function exactSide(sums: readonly number[], periods: readonly number[], qi: number): number {
  let v = 0;
  let size = 0;
  for (let k = 0; k < periods.length; k++) {
    const e = sums[k]! - periods[k]! * qi;
    v += e / periods[k]!;
    size += Math.abs(e / periods[k]!);
  }
  // each quotient and each addition rounds by at most half a unit of the running magnitude
  if (Math.abs(v) > size * 2 ** -50) return v > 0 ? -1 : 1;
  const L = periods.reduce((a, m) => lcm(a, BigInt(m)), 1n);
  let t = 0n;
  for (let k = 0; k < periods.length; k++) t += BigInt(sums[k]! - periods[k]! * qi) * (L / BigInt(periods[k]!));
  return t === 0n ? 0 : t > 0n ? -1 : 1;
}

/** The old comparison, for windows of closes that are not decimals. */
function doubleSide(close: Float64Array, periods: readonly number[], i: number): number {
  let line = 0;
  for (const m of periods) {
    let s = 0;
    for (let j = i - m + 1; j <= i; j++) s += close[j]!;
    line += s / m;
  }
  line /= periods.length;
  const c = close[i]!;
  return c > line ? 1 : c < line ? -1 : 0;
}

const gcd = (a: bigint, b: bigint): bigint => (b === 0n ? a : gcd(b, a % b));
const lcm = (a: bigint, b: bigint): bigint => (a / gcd(a, b)) * b;
