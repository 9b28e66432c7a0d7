/**
 * Performance metrics as defined in `metric-docs.ts`, computed in one pass over
 * the equity track and one over the fills, without building rows: this is the
 * metrics-only path that parameter sweeps call thousands of times.
 */
import { DAY_MS } from "./bar-time.ts";
import type { Performance } from "./metric-docs.ts";
import type { FillLog } from "./trade-log.ts";
import { periodsPerYear } from "./periods-per-year.ts";

/** Per-bar account state on a timeline (what every kernel produces). */
export interface EquityTrack {
  readonly length: number;
  readonly time: Float64Array;
  readonly equity: Float64Array;
  readonly cash: Float64Array;
  readonly held: Uint8Array;
}

/** Running sums over trades (closing fills) and the fees of all fills. */
export class TradeTally {
  count = 0;
  wins = 0;
  /** Welford's running mean and squared deviations of P&L (exact for near-equal P&Ls). */
  meanPnl = 0;
  m2Pnl = 0;
  grossWin = 0;
  grossLoss = 0;
  sumReturn = 0;
  sumWinReturn = 0;
  sumLossReturn = 0;
  maxWinReturn = Number.NaN;
  minLossReturn = Number.NaN;
  sumDays = 0;
  maxDays = Number.NaN;
  sumBars = 0;
  fees = 0;

  addTrade(pnl: number, ret: number, days: number, bars: number): void {
    this.count++;
    const delta = pnl - this.meanPnl;
    this.meanPnl += delta / this.count;
    this.m2Pnl += delta * (pnl - this.meanPnl);
    this.sumReturn += ret;
    this.sumDays += days;
    this.sumBars += bars;
    if (!(days <= this.maxDays)) this.maxDays = days;
    if (pnl > 0) {
      this.wins++;
      this.grossWin += pnl;
      this.sumWinReturn += ret;
      if (!(ret <= this.maxWinReturn)) this.maxWinReturn = ret;
    } else {
      this.grossLoss -= pnl;
      this.sumLossReturn += ret;
      if (!(ret >= this.minLossReturn)) this.minLossReturn = ret;
    }
  }
}

/** Drawdown episodes: depth (fraction), length in bars and in calendar days. */
class Episodes {
  count = 0;
  sumDepth = 0;
  sumBars = 0;
  maxBars = 0;
  sumDays = 0;
  maxDays = 0;

  add(depth: number, bars: number, days: number): void {
    this.count++;
    this.sumDepth += depth;
    this.sumBars += bars;
    this.sumDays += days;
    if (bars > this.maxBars) this.maxBars = bars;
    if (days > this.maxDays) this.maxDays = days;
  }
}

/** Adds the fills of one leg (or all legs with `leg` = −1) on a timeline to `tally`. */
export function tallyFills(fills: FillLog, time: Float64Array, leg: number, tally: TradeTally): TradeTally {
  for (let i = 0; i < fills.count; i++) {
    if (leg >= 0 && fills.leg[i] !== leg) continue;
    tally.fees += fills.fees(i);
    const pnl = fills.pnl[i]!;
    if (pnl !== pnl) continue;
    const exit = fills.bar[i]!;
    const entry = fills.entryBar[i]!;
    tally.addTrade(pnl, pnl / fills.basis[i]!, (time[exit]! - time[entry]!) / DAY_MS, exit - entry);
  }
  return tally;
}

/** Close of the last bar over the first usable close from bar `from`, minus 1. */
export function buyHoldReturn(close: Float64Array, from: number): number {
  let first = Number.NaN;
  for (let i = Math.max(0, from); i < close.length && !(first > 0); i++) first = close[i]!;
  let last = Number.NaN;
  for (let i = close.length - 1; i >= 0 && last !== last; i--) last = close[i]!;
  return last / first - 1;
}

export interface MetricContext {
  readonly initialCash: number;
  readonly annualDays: number;
  readonly riskFreeRate: number;
  readonly buyHold: number;
  readonly openTrades: number;
  readonly rejected: number;
}

/** All metrics from an equity track and a trade tally. */
export function performanceOf(track: EquityTrack, tally: TradeTally, ctx: MetricContext): Performance {
  const { length: n, time, equity, cash, held } = track;
  const N = periodsPerYear(time, n, ctx.annualDays);
  const rf = ctx.riskFreeRate / N;
  const v0 = n > 0 ? equity[0]! : ctx.initialCash;
  let peak = v0;
  let peakBar = 0;
  let maxDd = 0;
  let episodeDepth = 0;
  let inDrawdown = false;
  const episodes = new Episodes();
  // Returns are summed as deviations from the first one, which keeps the variance
  // exact when returns cluster away from zero.
  const shift = n > 1 ? equity[1]! / v0 - 1 : 0;
  let sumR = 0;
  let sumDev = 0;
  let sumDev2 = 0;
  let sumDown2 = 0;
  let heldBars = n > 0 ? held[0]! : 0;
  let sumExposure = 0;
  let maxExposure = 0;
  if (n > 0 && v0 > 0) {
    const x = Math.abs(v0 - cash[0]!) / v0;
    sumExposure = x;
    maxExposure = x;
  }
  let prev = v0;
  for (let t = 1; t < n; t++) {
    const v = equity[t]!;
    const r = v / prev - 1;
    prev = v;
    sumR += r;
    const dev = r - shift;
    sumDev += dev;
    sumDev2 += dev * dev;
    const down = r - rf;
    if (down < 0) sumDown2 += down * down;
    heldBars += held[t]!;
    const positionValue = v - cash[t]!;
    if (positionValue !== 0 && v > 0) {
      const x = Math.abs(positionValue) / v;
      sumExposure += x;
      if (x > maxExposure) maxExposure = x;
    }
    if (v >= peak) {
      if (inDrawdown) {
        episodes.add(episodeDepth, t - peakBar, (time[t]! - time[peakBar]!) / DAY_MS);
        episodeDepth = 0;
        inDrawdown = false;
      }
      peak = v;
      peakBar = t;
    } else {
      const dd = 1 - v / peak;
      inDrawdown = true;
      if (dd > episodeDepth) episodeDepth = dd;
      if (dd > maxDd) maxDd = dd;
    }
  }
  if (inDrawdown) episodes.add(episodeDepth, n - 1 - peakBar, (time[n - 1]! - time[peakBar]!) / DAY_MS);

  const m = n - 1;
  const vEnd = n > 0 ? equity[n - 1]! : ctx.initialCash;
  const growth = vEnd / v0;
  const meanR = m > 0 ? sumR / m : Number.NaN;
  // Below 1e-12 per bar a deviation is float noise of a flat equity line, not risk: ratios on it are undefined.
  const noiseFree = (x: number) => (x < 1e-12 ? 0 : x);
  const std = m > 1 ? noiseFree(Math.sqrt(Math.max(0, (sumDev2 - (sumDev * sumDev) / m) / (m - 1)))) : Number.NaN;
  const downside = m > 0 ? noiseFree(Math.sqrt(sumDown2 / m)) : Number.NaN;
  const annual = m > 0 ? growth ** (N / m) - 1 : Number.NaN;
  const spanDays = n > 1 ? (time[n - 1]! - time[0]!) / DAY_MS : 0;
  const k = tally.count;
  const losses = k - tally.wins;
  const meanPnl = k > 0 ? tally.meanPnl : Number.NaN;
  const stdPnl = k > 1 ? Math.sqrt(tally.m2Pnl / (k - 1)) : Number.NaN;
  return {
    start_cash: ctx.initialCash,
    end_value: vEnd,
    equity_peak: n > 0 ? peak : Number.NaN,
    total_return: vEnd / ctx.initialCash - 1,
    annual_return: annual,
    cagr: spanDays > 0 ? growth ** (365.25 / spanDays) - 1 : Number.NaN,
    volatility: std * Math.sqrt(N),
    sharpe: ((meanR - rf) / std) * Math.sqrt(N),
    sortino: ((meanR - rf) / downside) * Math.sqrt(N),
    calmar: annual / maxDd,
    max_drawdown: n > 0 ? maxDd : Number.NaN,
    avg_drawdown: episodes.count > 0 ? episodes.sumDepth / episodes.count : 0,
    max_dd_duration: episodes.maxBars,
    avg_dd_duration: episodes.count > 0 ? episodes.sumBars / episodes.count : 0,
    max_dd_duration_days: episodes.maxDays,
    avg_dd_duration_days: episodes.count > 0 ? episodes.sumDays / episodes.count : 0,
    buy_hold_return: ctx.buyHold,
    exposure_time: n > 0 ? heldBars / n : Number.NaN,
    avg_exposure: n > 0 ? sumExposure / n : Number.NaN,
    max_exposure: n > 0 ? maxExposure : Number.NaN,
    total_trades: k,
    open_trades: ctx.openTrades,
    win_trades: tally.wins,
    lose_trades: losses,
    rejected_trades: ctx.rejected,
    win_rate: tally.wins / k,
    profit_factor: tally.grossWin / tally.grossLoss,
    expectancy: meanPnl,
    expectancy_pct: tally.sumReturn / k,
    avg_win: tally.sumWinReturn / tally.wins,
    avg_loss: tally.sumLossReturn / losses,
    max_win: tally.maxWinReturn,
    max_loss: tally.minLossReturn,
    sqn: (Math.sqrt(k) * meanPnl) / stdPnl,
    avg_holding_days: tally.sumDays / k,
    max_holding_days: tally.maxDays,
    avg_holding_bars: tally.sumBars / k,
    total_fees: tally.fees,
  };
}
