/**
 * The SSE Composite daily fixture (`chanlun/000001.SH_D.csv`, 3,332 bars) as a
 * BarSeries, and its chan.py / czsc reference outputs. Daily bars sit at 00:00
 * market time; the CSV's 15:00 close time is dropped. The file has no amount
 * column, so `amount` is NaN.
 */
import { marketTime } from "../../../core/bars/market-time.ts";
import { allocSeries, type BarSeries } from "../../../core/bars/series.ts";
import { fixture, readFixtureText } from "../../support/fixtures.ts";

export const SSE_CSV = "chanlun/000001.SH_D.csv";

export function sseOracle(name: string): string {
  return `chanlun/oracle/${name}.000001.SH_D.json`;
}

/** The fixture's bars, or undefined when `../shared/fixtures` is absent. */
export function loadSseDaily(): BarSeries | undefined {
  if (!fixture(SSE_CSV)) return undefined;
  const rows = readFixtureText(SSE_CSV).trim().split("\n");
  const header = rows[0]!.split(",");
  const col = (name: string) => header.indexOf(name);
  const [dt, open, close, high, low, vol] = ["dt", "open", "close", "high", "low", "vol"].map(col) as [number, number, number, number, number, number];
  const s = allocSeries(rows.length - 1);
  for (let i = 1; i < rows.length; i++) {
    const f = rows[i]!.split(",");
    const d = f[dt]!;
    s.time[i - 1] = marketTime(Number(d.slice(0, 4)), Number(d.slice(5, 7)), Number(d.slice(8, 10)));
    s.open[i - 1] = Number(f[open]);
    s.close[i - 1] = Number(f[close]);
    s.high[i - 1] = Number(f[high]);
    s.low[i - 1] = Number(f[low]);
    s.vol[i - 1] = Number(f[vol]);
    s.amount[i - 1] = NaN;
  }
  return s;
}

export function readOracle(name: string): any {
  return JSON.parse(readFixtureText(sseOracle(name)));
}
