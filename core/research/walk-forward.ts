/**
 * Walk-forward out-of-sample validation (design note §3, Pardo's method):
 * after an initial in-sample span of `inSampleRatio` of the bars, the rest is
 * cut into `nWindows` consecutive out-of-sample windows (the last one takes the
 * remainder). Each window's parameters are chosen by optimising on its
 * in-sample span, which ends on the bar before the window starts — rolling
 * (the same length as the initial span, moving with the window) or anchored
 * (from the first bar). The chosen parameters are then run on the window alone
 * (`isolatedSpan`): it opens flat, its indicators see a few bars before it
 * (signals there are suppressed by `warmup_bars`), and it is closed out on its
 * last bar, so no position or profit carries from one window into the next
 * (easy_tdx's "each window opens independently"). Every metric of a window is
 * computed over the window's own bars only, the `bars` it reports.
 */
import { type BarSeries, sliceSeries } from "../bars/index.ts";
import type { BacktestConfig, Performance } from "../backtest/index.ts";

export interface WalkForwardOptions {
  readonly nWindows: number;
  /** Share of the bars in the initial in-sample span (0..1). */
  readonly inSampleRatio: number;
  readonly anchored: boolean;
}

/** Bar index ranges of one window, all `[start, end)`. */
export interface WalkForwardWindow {
  readonly index: number;
  readonly inSampleStart: number;
  readonly inSampleEnd: number;
  readonly start: number;
  readonly end: number;
}

/** Shortest in-sample span and out-of-sample window, in bars. */
export const MIN_WINDOW_BARS = 20;

/** The windows over `n` bars; a RangeError says why when the bars are too few. */
export function planWalkForward(n: number, o: WalkForwardOptions): WalkForwardWindow[] {
  const span = Math.floor(n * o.inSampleRatio);
  const width = Math.floor((n - span) / o.nWindows);
  if (span < MIN_WINDOW_BARS || width < MIN_WINDOW_BARS) {
    const need = Math.ceil(Math.max(MIN_WINDOW_BARS / o.inSampleRatio, (MIN_WINDOW_BARS * o.nWindows) / (1 - o.inSampleRatio)));
    throw new RangeError(
      `${n} bars are too few for ${o.nWindows} walk-forward windows with ${Math.round(o.inSampleRatio * 100)} % in-sample (each span needs ≥ ${MIN_WINDOW_BARS} bars; about ${need} bars needed)`,
    );
  }
  return Array.from({ length: o.nWindows }, (_, index) => {
    const start = span + index * width;
    const end = index === o.nWindows - 1 ? n : start + width;
    return {
      index,
      inSampleStart: o.anchored ? 0 : start - span,
      inSampleEnd: start,
      start,
      end,
    };
  });
}

export interface WalkForwardSummary {
  readonly window_returns: number[];
  /** Share of windows with a return > 0. */
  readonly consistency: number;
  /** ∏(1 + window return) − 1: the windows compounded one after another. */
  readonly chained_return: number;
  readonly mean_window_return: number;
  readonly median_window_return: number;
  readonly worst_window: number;
  readonly best_window: number;
  /** Mean Sharpe ratio over the windows where it is defined. */
  readonly mean_sharpe: number;
  /** Deepest max drawdown of any window (fraction). */
  readonly worst_drawdown: number;
  readonly total_trades: number;
}

const mean = (xs: readonly number[]) => (xs.length > 0 ? xs.reduce((a, x) => a + x, 0) / xs.length : Number.NaN);

function median(xs: readonly number[]): number {
  if (xs.length === 0) return Number.NaN;
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 === 1 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

/** Aggregates of the windows' out-of-sample results, in window order. */
export function summariseWalkForward(windows: readonly Performance[]): WalkForwardSummary {
  const returns = windows.map((w) => w.total_return);
  const sharpes = windows.map((w) => w.sharpe).filter(Number.isFinite);
  return {
    window_returns: returns,
    consistency: returns.length > 0 ? returns.filter((r) => r > 0).length / returns.length : Number.NaN,
    chained_return: returns.reduce((g, r) => g * (1 + r), 1) - 1,
    mean_window_return: mean(returns),
    median_window_return: median(returns),
    worst_window: returns.length > 0 ? Math.min(...returns) : Number.NaN,
    best_window: returns.length > 0 ? Math.max(...returns) : Number.NaN,
    mean_sharpe: mean(sharpes),
    worst_drawdown: windows.length > 0 ? Math.max(...windows.map((w) => w.max_drawdown)) : Number.NaN,
    total_trades: windows.reduce((a, w) => a + w.total_trades, 0),
  };
}

/** A span of bars `[start, end)` to be run on its own. */
export interface BarSpan {
  readonly start: number;
  readonly end: number;
}

/**
 * The bars and settings of an isolated run of `span`: up to `contextBars`
 * earlier bars for the indicators with their signals suppressed (warm-up),
 * flat at the start, closed out on the last bar. Used for the out-of-sample
 * windows and for the evaluation's train/valid/test segments. `own` is the
 * index of the span's first bar in `bars`: its metrics are taken from there
 * (`runMetrics(…, own)`), so the context bars, flat and signal-free, neither
 * lengthen the annualisation nor dilute the returns, volatility or exposure.
 */
export function isolatedSpan<C extends BacktestConfig>(bars: BarSeries, span: BarSpan, contextBars: number, config: C): { bars: BarSeries; config: C; own: number } {
  const from = Math.max(0, span.start - contextBars);
  return {
    bars: sliceSeries(bars, from, span.end),
    config: { ...config, warmup_bars: Math.max(config.warmup_bars, span.start - from), close_at_end: true },
    own: span.start - from,
  };
}
