/**
 * A strategy's equity curve against a benchmark's over the same bars: CAPM
 * beta and alpha and the active-return statistics, from per-bar returns
 * r_t = V_t / V_{t−1} − 1 annualised with N bars a year. Undefined values
 * (fewer than 3 bars, a flat benchmark) are NaN, reported as null.
 */
export interface BenchmarkComparison {
  /** cov(r_s, r_b) / var(r_b), sample (ddof 1). */
  readonly beta: number;
  /** (mean(r_s) − beta × mean(r_b)) × N. */
  readonly alpha: number;
  /** mean(r_s − r_b) / std(r_s − r_b, ddof 1) × √N. */
  readonly information_ratio: number;
  /** std(r_s − r_b, ddof 1) × √N. */
  readonly tracking_error: number;
}

export function compareToBenchmark(strategy: ArrayLike<number>, benchmark: ArrayLike<number>, annualDays: number): BenchmarkComparison {
  const n = Math.min(strategy.length, benchmark.length);
  let m = 0;
  let ss = 0;
  let sb = 0;
  let sd = 0;
  const rs: number[] = [];
  const rb: number[] = [];
  for (let t = 1; t < n; t++) {
    const a = strategy[t]! / strategy[t - 1]! - 1;
    const b = benchmark[t]! / benchmark[t - 1]! - 1;
    if (!Number.isFinite(a) || !Number.isFinite(b)) continue;
    rs.push(a);
    rb.push(b);
    ss += a;
    sb += b;
    sd += a - b;
    m++;
  }
  if (m < 2) return { beta: Number.NaN, alpha: Number.NaN, information_ratio: Number.NaN, tracking_error: Number.NaN };
  const ms = ss / m;
  const mb = sb / m;
  const md = sd / m;
  let cov = 0;
  let varB = 0;
  let varD = 0;
  for (let k = 0; k < m; k++) {
    cov += (rs[k]! - ms) * (rb[k]! - mb);
    varB += (rb[k]! - mb) ** 2;
    varD += (rs[k]! - rb[k]! - md) ** 2;
  }
  const beta = varB > 0 ? cov / varB : Number.NaN;
  const stdD = Math.sqrt(varD / (m - 1));
  return {
    beta,
    alpha: (ms - beta * mb) * annualDays,
    information_ratio: stdD > 0 ? (md / stdD) * Math.sqrt(annualDays) : Number.NaN,
    tracking_error: stdD * Math.sqrt(annualDays),
  };
}
