/** Deterministic random walk of daily bars (LCG noise), the series the backtest and research benchmarks share. */
import { allocSeries, type BarSeries } from "../core/bars/index.ts";

export function dailyWalk(n: number): BarSeries {
  const s = allocSeries(n);
  let seed = 12345;
  const noise = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648 - 0.5;
  let price = 10;
  for (let i = 0; i < n; i++) {
    const open = Math.round(price * (1 + noise() * 0.01) * 100) / 100;
    price = Math.max(1, Math.round(open * (1 + noise() * 0.05) * 100) / 100);
    s.time[i] = Date.UTC(2005, 0, 4) + i * 86_400_000;
    s.open[i] = open;
    s.close[i] = price;
    s.high[i] = Math.max(open, price);
    s.low[i] = Math.min(open, price);
    s.vol[i] = 1e6;
    s.amount[i] = 1e6 * price;
  }
  return s;
}
