/**
 * The slow, general path for functions whose window length is itself a
 * series (HQChart and TDX accept `COUNT(X, BARSLAST(C)+1)`): each bar resolves
 * its own window and reduces it directly. Fixed windows never come here.
 */
export interface WindowRule {
  /** First bar that may have a value. */
  readonly start: number;
  /** Whether a window reaching before `start` is cut short (true) or invalid. */
  readonly partial: boolean;
  /** Whether a length of 0 means "every bar since `start`". */
  readonly zeroMeansAll: boolean;
}

export function perBarWindow(out: Float64Array, lengths: Float64Array, rule: WindowRule, reduce: (lo: number, hi: number) => number): void {
  for (let i = 0; i < out.length; i++) {
    const k = Math.trunc(lengths[i]!);
    if (i < rule.start || k !== k || k < 0 || (k === 0 && !rule.zeroMeansAll)) {
      out[i] = NaN;
      continue;
    }
    let lo = k === 0 ? rule.start : i - k + 1;
    if (lo < rule.start) {
      if (!rule.partial) {
        out[i] = NaN;
        continue;
      }
      lo = rule.start;
    }
    out[i] = reduce(lo, i);
  }
}
