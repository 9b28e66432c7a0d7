/**
 * Definition of every performance metric, one string each, in output order. The
 * HTTP layer copies these into OpenAPI; the metric code follows them exactly.
 *
 * Notation: V_0 … V_{n-1} equity at each bar's close (V_0 = initial cash, since
 * nothing fills on the first bar), r_t = V_t / V_{t-1} − 1 for t ≥ 1 (m = n − 1
 * returns), N = bars per year (annual_days for daily bars, annual_days × the
 * most bars a day holds for intraday bars, 52, 12, 4 or 1 for weekly, monthly,
 * quarterly or yearly bars: read from the bars' times, periods-per-year.ts),
 * rf = risk_free_rate / N. A trade is a closing fill
 * (a sell closing a long, a buy covering a short); its P&L is net of the fees of
 * both sides (entry fees released pro rata) and its return is P&L / (average
 * entry price × shares). Open positions are not trades unless close_at_end.
 * Undefined or infinite values are reported as null.
 */
export const METRIC_DOCS = {
  start_cash: "Initial capital in CNY.",
  end_value: "Equity at the last bar's close in CNY: cash plus positions marked at that close.",
  equity_peak: "Highest equity at any bar's close in CNY.",
  total_return: "V_{n-1} / V_0 − 1.",
  annual_return: "(V_{n-1} / V_0)^(N / m) − 1: compound growth per bar annualised with N bars a year.",
  cagr: "(V_{n-1} / V_0)^(365.25 / D) − 1 with D the calendar days from the first to the last bar.",
  volatility: "Sample standard deviation (ddof 1) of the per-bar returns r_t, times √N.",
  sharpe: "(mean(r_t) − rf) / std(r_t, ddof 1) × √N.",
  sortino: "(mean(r_t) − rf) / sqrt(mean(min(r_t − rf, 0)²)) × √N; every bar counts in the downside mean.",
  calmar: "annual_return / max_drawdown.",
  max_drawdown: "Largest drawdown 1 − V_t / max_{s≤t} V_s, as a fraction in [0, 1].",
  avg_drawdown: "Mean over drawdown episodes of each episode's deepest drawdown (fraction). An episode runs from the last bar at a peak to the first bar back at or above it, or to the last bar.",
  max_dd_duration: "Longest drawdown episode in bars (recovery bar index − peak bar index).",
  avg_dd_duration: "Mean drawdown episode length in bars.",
  max_dd_duration_days: "Longest drawdown episode in calendar days (recovery date − peak date).",
  avg_dd_duration_days: "Mean drawdown episode length in calendar days.",
  buy_hold_return:
    "Close of the last bar / close of bar warmup_bars − 1: buying at that close and holding, no fees (for a portfolio or multi-strategy run, the weight-averaged value over its symbols).",
  exposure_time: "Share of bars during which a position was held at any time (from entry bar through exit bar inclusive).",
  avg_exposure: "Mean over bars of |position value| / equity at the close (gross exposure).",
  max_exposure: "Largest |position value| / equity at any bar's close.",
  total_trades: "Number of trades (closing fills).",
  open_trades: "Positions still open after the last bar.",
  win_trades: "Trades with P&L > 0.",
  lose_trades: "Trades with P&L ≤ 0 (break-even counts as a loss).",
  rejected_trades: "Fill attempts refused: price at the limit, suspended bar, T+1, not enough cash for one lot, or no price. A closing order retried on several bars counts once per bar.",
  win_rate: "win_trades / total_trades.",
  profit_factor: "Sum of P&L of winning trades / |sum of P&L of trades with P&L < 0| (CNY).",
  expectancy: "Mean trade P&L in CNY (= win_rate × mean win − (1 − win_rate) × |mean loss|).",
  expectancy_pct: "Arithmetic mean of trade returns (fraction).",
  avg_win: "Mean return of winning trades (fraction).",
  avg_loss: "Mean return of losing trades (fraction).",
  max_win: "Largest return among winning trades (fraction).",
  max_loss: "Smallest return among losing trades (fraction).",
  sqn: "System quality number √k × mean(P&L) / std(P&L, ddof 1) over the k trades.",
  avg_holding_days: "Mean calendar days from a trade's entry bar to its exit bar.",
  max_holding_days: "Longest calendar days from a trade's entry bar to its exit bar.",
  avg_holding_bars: "Mean bars from a trade's entry bar to its exit bar.",
  total_fees: "Commission, stamp duty and transfer fees of all fills in CNY (slippage is in the fill prices).",
} as const;

export type MetricName = keyof typeof METRIC_DOCS;

export const METRIC_NAMES = Object.keys(METRIC_DOCS) as readonly MetricName[];

/** Every metric as a number (NaN when undefined). */
export type Performance = Record<MetricName, number>;
