/**
 * Where computed indicators are drawn: price-scale indicators (moving averages,
 * bands, SAR) over the candles, every other one in its own pane, with MACD's
 * histogram and VOL's volume as columns.
 */
import type { IndicatorInfo } from "../api/types.ts";
import { alignColumn } from "./bar-columns.ts";
import type { ChartLine, ChartPane } from "./chart-types.ts";

/** Indicators whose every line is a price (TDX draws them on the main chart). */
export const PRICE_INDICATORS: ReadonlySet<string> = new Set(["MA", "EMA", "EXPMA", "BOLL", "BBI", "SAR"]);

const COLUMN_LINES: Readonly<Record<string, Readonly<Record<string, ChartLine["kind"]>>>> = {
  MACD: { MACD: "signed-bar" },
  VOL: { VOLUME: "bar" },
};

export function indicatorLayers(
  infos: readonly IndicatorInfo[],
  chosen: readonly string[],
  rows: readonly Readonly<Record<string, unknown>>[],
  times: readonly string[],
): { overlays: ChartLine[]; panes: ChartPane[] } {
  const overlays: ChartLine[] = [];
  const panes: ChartPane[] = [];
  for (const id of chosen) {
    const info = infos.find((x) => x.id === id);
    if (!info) continue;
    const lines: ChartLine[] = info.outputs.map((column, j) => {
      const line = info.lines[j] ?? column;
      return { name: PRICE_INDICATORS.has(id) || line.startsWith(id) ? line : `${id}.${line}`, values: alignColumn(times, rows, column), kind: COLUMN_LINES[id]?.[line] ?? "line" };
    });
    if (PRICE_INDICATORS.has(id)) overlays.push(...lines);
    else panes.push({ title: info.title || id, lines });
  }
  return { overlays, panes };
}
