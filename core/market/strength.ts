/**
 * The market strength scan (market-api.md 4.1.1): every security's 5/20/60-day
 * gains combined into one score, with the original system's three presets.
 *
 * For a security whose last close is C[t]:
 *   ret_k    = C[t] / C[t−k] − 1                          k ∈ {5, 20, 60}
 *   vol_20   = sample standard deviation (n − 1) of ln(C[i] / C[i−1]) over the last 20 bars
 *   raw      = (w5·ret_5 + w20·ret_20 + w60·ret_60) / (w5 + w20 + w60)
 *   strength = raw / vol_20 when the volatility penalty is on, else raw
 * A security takes part when it has at least max(min_listed_days, 61) bars (61 =
 * what ret_60 needs), its mean turnover over the last 5 bars is at least
 * min_amount, and vol_20 is positive (a flat line has no defined score). Ranking
 * is by strength, descending; equal scores keep the panel's order.
 *
 * Input is a columnar panel (one Float64Array per field for all securities), so a
 * scan is a few passes over contiguous memory.
 */

export const STRENGTH_PRESETS = {
  steady: { w5: 0.2, w20: 0.3, w60: 0.5, volAdjusted: true },
  breakout: { w5: 0.6, w20: 0.3, w60: 0.1, volAdjusted: false },
  balanced: { w5: 0.34, w20: 0.33, w60: 0.33, volAdjusted: true },
} as const;

export type StrengthPreset = keyof typeof STRENGTH_PRESETS;
export const STRENGTH_PRESET_NAMES = Object.keys(STRENGTH_PRESETS) as [StrengthPreset, ...StrengthPreset[]];

/** Bars ret_60 needs: the last close and the one 60 bars before it. */
export const MIN_BARS = 61;
/** Closes a panel must keep per security for every term of the formula. */
export const PANEL_WINDOW = 64;

export interface StrengthWeights {
  readonly w5: number;
  readonly w20: number;
  readonly w60: number;
  readonly volAdjusted: boolean;
}

/** A preset with any custom weight or penalty switch laid over it. */
export function strengthWeights(preset: StrengthPreset, custom: Partial<StrengthWeights> = {}): StrengthWeights {
  const p = STRENGTH_PRESETS[preset];
  return { w5: custom.w5 ?? p.w5, w20: custom.w20 ?? p.w20, w60: custom.w60 ?? p.w60, volAdjusted: custom.volAdjusted ?? p.volAdjusted };
}

/**
 * Recent daily closes and turnover of many securities. Row i of `close` and
 * `amount` holds security i's last `window` bars, right-aligned (the newest at
 * column window − 1), NaN where its history is shorter.
 */
export interface DailyPanel {
  readonly n: number;
  readonly window: number;
  /** Bars in each security's whole history. */
  readonly bars: Float64Array;
  readonly close: Float64Array;
  readonly amount: Float64Array;
}

export interface StrengthFilter {
  readonly minListedDays: number;
  readonly minAmount: number;
  /** Only rows whose flag is 1 take part (default: all). */
  readonly include?: Uint8Array;
}

/** Scores of the securities that qualify, best first. */
export interface StrengthRanking {
  readonly length: number;
  /** Panel row of each ranked security. */
  readonly row: Int32Array;
  readonly ret5: Float64Array;
  readonly ret20: Float64Array;
  readonly ret60: Float64Array;
  readonly vol20: Float64Array;
  readonly strength: Float64Array;
}

export function rankStrength(panel: DailyPanel, weights: StrengthWeights, filter: StrengthFilter, topN = Infinity): StrengthRanking {
  const { n, window: w, close, amount, bars } = panel;
  if (w < MIN_BARS) throw new RangeError(`panel window ${w} is shorter than ${MIN_BARS} bars`);
  const wsum = weights.w5 + weights.w20 + weights.w60;
  const need = Math.max(filter.minListedDays, MIN_BARS);
  const rows = new Int32Array(n);
  const r5 = new Float64Array(n), r20 = new Float64Array(n), r60 = new Float64Array(n), v20 = new Float64Array(n), score = new Float64Array(n);
  let m = 0;
  for (let i = 0; i < n; i++) {
    if (bars[i] < need || (filter.include && filter.include[i] !== 1)) continue;
    const o = i * w + w - 1;
    if (filter.minAmount > 0) {
      const a5 = (amount[o] + amount[o - 1] + amount[o - 2] + amount[o - 3] + amount[o - 4]) / 5;
      if (!(a5 >= filter.minAmount)) continue;
    }
    const last = close[o];
    // Sample standard deviation of the last 20 log returns (two passes for accuracy).
    let mean = 0;
    for (let k = 0; k < 20; k++) mean += Math.log(close[o - k] / close[o - k - 1]);
    mean /= 20;
    let ss = 0;
    for (let k = 0; k < 20; k++) {
      const d = Math.log(close[o - k] / close[o - k - 1]) - mean;
      ss += d * d;
    }
    const vol = Math.sqrt(ss / 19);
    if (!(vol > 0)) continue;
    const a = last / close[o - 5] - 1;
    const b = last / close[o - 20] - 1;
    const c = last / close[o - 60] - 1;
    const raw = (weights.w5 * a + weights.w20 * b + weights.w60 * c) / wsum;
    const s = weights.volAdjusted ? raw / vol : raw;
    if (!Number.isFinite(s)) continue;
    rows[m] = i;
    r5[m] = a;
    r20[m] = b;
    r60[m] = c;
    v20[m] = vol;
    score[m] = s;
    m++;
  }
  const order = Array.from({ length: m }, (_, k) => k).sort((x, y) => score[y] - score[x] || x - y);
  const k = Math.min(m, topN);
  const pick = <T extends Float64Array | Int32Array>(src: T, make: (n: number) => T): T => {
    const out = make(k);
    for (let j = 0; j < k; j++) out[j] = src[order[j]];
    return out;
  };
  const f64 = (len: number) => new Float64Array(len);
  return {
    length: k,
    row: pick(rows, (len) => new Int32Array(len)),
    ret5: pick(r5, f64),
    ret20: pick(r20, f64),
    ret60: pick(r60, f64),
    vol20: pick(v20, f64),
    strength: pick(score, f64),
  };
}
