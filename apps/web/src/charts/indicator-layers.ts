/**
 * Where computed indicators are drawn: price-scale indicators (moving averages,
 * bands, SAR) over the candles, every other one in its own pane, with MACD's
 * histogram and VOL's volume as columns. Moving-average lines are named by
 * their period as TDX names them (MA5, MA10, MA20, MA60), not by their
 * position (MA1–MA4, the API's column names).
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

/** `MA2` of MA with M2 = 10 is `MA10`; lines of other indicators keep their names. */
function periodName(info: IndicatorInfo, line: string, given: Readonly<Record<string, number>> | undefined): string {
  const m = /^(MA|EMA)(\d)$/.exec(line);
  if (!m || m[1] !== info.id) return line;
  const param = info.params.find((p) => p.name === `M${m[2]}`);
  const n = given?.[`M${m[2]}`] ?? param?.default;
  return n === undefined ? line : `${m[1]}${n}`;
}

export function indicatorLayers(
  infos: readonly IndicatorInfo[],
  chosen: readonly string[],
  rows: readonly Readonly<Record<string, unknown>>[],
  times: readonly string[],
  params: Readonly<Record<string, Readonly<Record<string, number>>>> = {},
): { overlays: ChartLine[]; panes: ChartPane[] } {
  const overlays: ChartLine[] = [];
  const panes: ChartPane[] = [];
  for (const id of chosen) {
    const info = infos.find((x) => x.id === id);
    if (!info) continue;
    const lines: ChartLine[] = info.outputs.map((column, j) => {
      const line = periodName(info, info.lines[j] ?? column, params[id]);
      return { name: PRICE_INDICATORS.has(id) || line.startsWith(id) ? line : `${id}.${line}`, values: alignColumn(times, rows, column), kind: COLUMN_LINES[id]?.[line] ?? "line" };
    });
    if (PRICE_INDICATORS.has(id)) overlays.push(...lines);
    else panes.push({ title: info.title || id, lines });
  }
  return { overlays, panes };
}
