/** backtesting.py's bundled GOOG daily bars (shared fixture) as a `BarSeries`. */
import { allocSeries, type BarSeries } from "../../../core/bars/series.ts";
import { readFixtureText } from "../../support/fixtures.ts";

export const GOOG_CSV = "backtest-reference/GOOG.csv";
export const GOOG_STATS = "backtest-reference/backtesting-py-expected-stats.json";

export function readGoog(): BarSeries {
  const lines = readFixtureText(GOOG_CSV).trim().split("\n").slice(1);
  const s = allocSeries(lines.length);
  lines.forEach((line, i) => {
    const [date, open, high, low, close, volume] = line.split(",");
    const [y, m, d] = date!.split("-").map(Number);
    s.time[i] = Date.UTC(y!, m! - 1, d!);
    s.open[i] = Number(open);
    s.high[i] = Number(high);
    s.low[i] = Number(low);
    s.close[i] = Number(close);
    s.vol[i] = Number(volume);
    s.amount[i] = Number.NaN;
  });
  return s;
}
