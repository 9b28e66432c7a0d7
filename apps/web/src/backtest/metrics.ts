/**
 * How each performance metric (and each figure of a research result) reads:
 * its unit (fraction shown as a percentage, CNY, ratio, count, bars or
 * calendar days), its section of the table, and which way is better (for
 * highlighting the best result in a comparison). The list of metrics and
 * their definitions come from the server's Performance schema; a metric this
 * table does not know still shows, as a plain number.
 */
import type { Locale } from "../app/i18n.ts";
import { compact, fractionPct, share } from "../market/format.ts";

export type MetricUnit = "pct" | "cny" | "ratio" | "count" | "bars" | "days";
export type MetricSection = "returns" | "risk" | "trades" | "holding" | "other";

export interface MetricSpec {
  readonly unit: MetricUnit;
  readonly section: MetricSection;
  readonly better?: "high" | "low";
  /** A gain or loss: coloured by sign (red up, green down). */
  readonly signed?: boolean;
}

const M = (unit: MetricUnit, section: MetricSection, better?: "high" | "low", signed?: "signed"): MetricSpec => ({
  unit,
  section,
  ...(better ? { better } : {}),
  ...(signed ? { signed: true } : {}),
});

export const METRICS: Readonly<Record<string, MetricSpec>> = {
  start_cash: M("cny", "returns"),
  end_value: M("cny", "returns", "high"),
  equity_peak: M("cny", "returns", "high"),
  total_cash: M("cny", "returns"),
  total_stocks: M("count", "returns"),
  total_return: M("pct", "returns", "high", "signed"),
  annual_return: M("pct", "returns", "high", "signed"),
  cagr: M("pct", "returns", "high", "signed"),
  buy_hold_return: M("pct", "returns", undefined, "signed"),
  volatility: M("pct", "risk", "low"),
  sharpe: M("ratio", "risk", "high"),
  sortino: M("ratio", "risk", "high"),
  calmar: M("ratio", "risk", "high"),
  max_drawdown: M("pct", "risk", "low"),
  avg_drawdown: M("pct", "risk", "low"),
  max_dd_duration: M("bars", "risk", "low"),
  avg_dd_duration: M("bars", "risk", "low"),
  max_dd_duration_days: M("days", "risk", "low"),
  avg_dd_duration_days: M("days", "risk", "low"),
  total_trades: M("count", "trades"),
  open_trades: M("count", "trades"),
  win_trades: M("count", "trades"),
  lose_trades: M("count", "trades"),
  rejected_trades: M("count", "trades"),
  win_rate: M("pct", "trades", "high"),
  profit_factor: M("ratio", "trades", "high"),
  expectancy: M("cny", "trades", "high", "signed"),
  expectancy_pct: M("pct", "trades", "high", "signed"),
  avg_win: M("pct", "trades", "high", "signed"),
  avg_loss: M("pct", "trades", "high", "signed"),
  max_win: M("pct", "trades", "high", "signed"),
  max_loss: M("pct", "trades", "high", "signed"),
  sqn: M("ratio", "trades", "high"),
  total_fees: M("cny", "trades", "low"),
  exposure_time: M("pct", "holding"),
  avg_exposure: M("pct", "holding"),
  max_exposure: M("pct", "holding"),
  avg_holding_days: M("days", "holding"),
  max_holding_days: M("days", "holding"),
  avg_holding_bars: M("bars", "holding"),
  // Figures of the research results (walk-forward, evaluation, multi-seed, rotation), shown with the same units.
  consistency: M("pct", "other", "high"),
  compounded_return: M("pct", "other", "high", "signed"),
  mean_window_return: M("pct", "other", "high", "signed"),
  median_window_return: M("pct", "other", "high", "signed"),
  worst_window: M("pct", "other", "high", "signed"),
  best_window: M("pct", "other", "high", "signed"),
  mean_sharpe: M("ratio", "other", "high"),
  worst_drawdown: M("pct", "other", "low"),
  excess_return: M("pct", "other", "high", "signed"),
  wf_consistency: M("pct", "other", "high"),
  alpha: M("pct", "other", "high", "signed"),
  beta: M("ratio", "other"),
  information_ratio: M("ratio", "other", "high"),
  tracking_error: M("pct", "other", "low"),
  positive_ratio: M("pct", "other", "high"),
  mean_return: M("pct", "other", "high", "signed"),
  median_return: M("pct", "other", "high", "signed"),
  mean_trades: M("ratio", "other", "high"),
  turnover: M("ratio", "other"),
};

export const METRIC_SECTIONS: readonly MetricSection[] = ["returns", "risk", "trades", "holding", "other"];

export const metricSpec = (name: string): MetricSpec => METRICS[name] ?? { unit: "ratio", section: "other" };

/** A metric's value as shown (a dash for null). */
export function formatMetric(name: string, v: number | null | undefined, locale: Locale): string {
  if (v === null || v === undefined || !Number.isFinite(v)) return "–";
  switch (metricSpec(name).unit) {
    case "pct":
      return metricSpec(name).signed ? fractionPct(v) : share(v);
    case "cny":
      return Math.abs(v) >= 1e4 ? compact(v, locale) : v.toFixed(2);
    case "count":
      return String(Math.round(v));
    case "bars":
    case "days":
      return Number.isInteger(v) ? String(v) : v.toFixed(1);
    default:
      return v.toFixed(2);
  }
}

/** The metric names of several performances in a stable order: the schema's order first, then any extra names. */
export function metricNames(schemaOrder: readonly string[], performances: readonly Readonly<Record<string, unknown>>[]): string[] {
  const present = new Set(performances.flatMap((p) => Object.keys(p)));
  const out = schemaOrder.filter((n) => present.has(n));
  for (const p of performances) for (const n of Object.keys(p)) if (!out.includes(n)) out.push(n);
  return out;
}

/** Index of the best value among results for a metric with a direction; null when none or a tie for all. */
export function bestIndex(name: string, values: readonly (number | null | undefined)[]): number | null {
  const better = metricSpec(name).better;
  if (!better) return null;
  let best = -1;
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (v === null || v === undefined || !Number.isFinite(v)) continue;
    if (best < 0 || (better === "high" ? v > values[best]! : v < values[best]!)) best = i;
  }
  if (best < 0) return null;
  const top = values[best];
  return values.every((v) => v === top) ? null : best;
}
