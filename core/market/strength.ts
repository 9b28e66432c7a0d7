/**
 * The market strength scan (adapters/http/README.md 4.1.1): every security's 5/20/60-day
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
 * scan is a few passes over contiguous memory; only the top N are ordered.
 */
import { topRows } from "./top-rows.ts";

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
  /** The rows' weight-free terms, when the panel's owner keeps them current (else each scan computes them). */
  readonly features?: StrengthFeatures;
}

/**
 * The terms of the formula that depend on a row's bars only, not on weights or
 * filters: ret_5/20/60, vol_20 and the mean turnover of the last 5 bars. A held
 * panel keeps them per row and recomputes only rows whose file changed, so a
 * scan is one pass of weighted sums. Meaningless (NaN or worse) for rows with
 * fewer than {@link MIN_BARS} bars, which no scan takes.
 */
export interface StrengthFeatures {
  readonly ret5: Float64Array;
  readonly ret20: Float64Array;
  readonly ret60: Float64Array;
  readonly vol20: Float64Array;
  readonly amount5: Float64Array;
}

export function allocStrengthFeatures(n: number): StrengthFeatures {
  return { ret5: new Float64Array(n), ret20: new Float64Array(n), ret60: new Float64Array(n), vol20: new Float64Array(n), amount5: new Float64Array(n) };
}

/** Computes row `i`'s terms into `f`. */
export function writeStrengthFeatures(panel: DailyPanel, i: number, f: StrengthFeatures): void {
  const { window: w, close, amount } = panel;
  if (w < MIN_BARS) throw new RangeError(`panel window ${w} is shorter than ${MIN_BARS} bars`);
  const o = i * w + w - 1;
  f.amount5[i] = (amount[o]! + amount[o - 1]! + amount[o - 2]! + amount[o - 3]! + amount[o - 4]!) / 5;
  const last = close[o]!;
  // Sample standard deviation of the last 20 log returns (two passes for accuracy).
  let mean = 0;
  for (let k = 0; k < 20; k++) mean += Math.log(close[o - k]! / close[o - k - 1]!);
  mean /= 20;
  let ss = 0;
  for (let k = 0; k < 20; k++) {
    const d = Math.log(close[o - k]! / close[o - k - 1]!) - mean;
    ss += d * d;
  }
  f.vol20[i] = Math.sqrt(ss / 19);
  f.ret5[i] = last / close[o - 5]! - 1;
  f.ret20[i] = last / close[o - 20]! - 1;
  f.ret60[i] = last / close[o - 60]! - 1;
}

/** Every row's terms. */
export function strengthFeatures(panel: DailyPanel): StrengthFeatures {
  const f = allocStrengthFeatures(panel.n);
  for (let i = 0; i < panel.n; i++) writeStrengthFeatures(panel, i, f);
  return f;
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
  const { n, window: w, bars } = panel;
  if (w < MIN_BARS) throw new RangeError(`panel window ${w} is shorter than ${MIN_BARS} bars`);
  const f = panel.features ?? strengthFeatures(panel);
  const wsum = weights.w5 + weights.w20 + weights.w60;
  const need = Math.max(filter.minListedDays, MIN_BARS);
  const rows = new Int32Array(n);
  const score = new Float64Array(n);
  let m = 0;
  for (let i = 0; i < n; i++) {
    if (bars[i]! < need || (filter.include && filter.include[i] !== 1)) continue;
    if (filter.minAmount > 0 && !(f.amount5[i]! >= filter.minAmount)) continue;
    const vol = f.vol20[i]!;
    if (!(vol > 0)) continue;
    const raw = (weights.w5 * f.ret5[i]! + weights.w20 * f.ret20[i]! + weights.w60 * f.ret60[i]!) / wsum;
    const s = weights.volAdjusted ? raw / vol : raw;
    if (!Number.isFinite(s)) continue;
    rows[m] = i;
    score[m] = s;
    m++;
  }
  // equal scores keep the panel's order
  const order = topRows(score, m, topN);
  const k = order.length;
  const row = new Int32Array(k);
  const out = { ret5: new Float64Array(k), ret20: new Float64Array(k), ret60: new Float64Array(k), vol20: new Float64Array(k), strength: new Float64Array(k) };
  for (let j = 0; j < k; j++) {
    const i = rows[order[j]!]!;
    row[j] = i;
    out.ret5[j] = f.ret5[i]!;
    out.ret20[j] = f.ret20[i]!;
    out.ret60[j] = f.ret60[i]!;
    out.vol20[j] = f.vol20[i]!;
    out.strength[j] = score[order[j]!]!;
  }
  return { length: k, row, ...out };
}
