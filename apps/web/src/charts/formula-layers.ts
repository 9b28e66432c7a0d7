/**
 * A formula's outputs on the K-line: signal columns become marks on the bars
 * where they fire; numeric columns go over the candles when they live on the
 * price scale (moving averages, bands) and into one formula pane otherwise.
 */
import type { FormulaOutput } from "../api/types.ts";
import { alignColumn } from "./bar-columns.ts";
import type { ChartLine, ChartPane, SignalMark } from "./chart-types.ts";

/** True when every finite value lies within the candles' range widened by half of it on each side. */
export function onPriceScale(values: readonly (number | null)[], low: readonly number[], high: readonly number[]): boolean {
  let lo = Infinity;
  let hi = -Infinity;
  for (let i = 0; i < low.length; i++) {
    lo = Math.min(lo, low[i]!);
    hi = Math.max(hi, high[i]!);
  }
  const pad = (hi - lo) * 0.5;
  let seen = false;
  for (const v of values) {
    if (v === null) continue;
    seen = true;
    if (v < lo - pad || v > hi + pad) return false;
  }
  return seen;
}

export function formulaLayers(
  outputs: readonly FormulaOutput[],
  rows: readonly Readonly<Record<string, unknown>>[],
  times: readonly string[],
  low: readonly number[],
  high: readonly number[],
  paneTitle: string,
): { overlays: ChartLine[]; panes: ChartPane[]; signals: SignalMark[] } {
  const overlays: ChartLine[] = [];
  const paneLines: ChartLine[] = [];
  const signals: SignalMark[] = [];
  for (const out of outputs) {
    const values = alignColumn(times, rows, out.name);
    if (out.kind === "signal") {
      values.forEach((v, i) => {
        if (v !== null && v !== 0) signals.push({ time: times[i]!, name: out.name });
      });
    } else if (onPriceScale(values, low, high)) overlays.push({ name: out.name, values });
    else paneLines.push({ name: out.name, values });
  }
  return { overlays, panes: paneLines.length ? [{ title: paneTitle, lines: paneLines }] : [], signals };
}
