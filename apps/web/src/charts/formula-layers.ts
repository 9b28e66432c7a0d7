/**
 * A formula's plot (the compute answer's `plot`) on the K-line, drawn as TDX
 * draws it: numeric lines with their colour, width and pattern, COLORSTICK as
 * red/green bars, STICK/VOLSTICK/POINTDOT in their forms, NODRAW left out;
 * signal lines and DRAWICON/DRAWTEXT as marks on their bars (buy a red ▲
 * below, sell a green ▼ above); STICKLINE as boxes. Lines on the price scale
 * (moving averages, bands) go over the candles, the others into one pane.
 */
import type { FormulaPlot, FormulaStyle } from "../api/types.ts";
import { barKey } from "../backtest/time-keys.ts";
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

const KIND: Readonly<Record<FormulaStyle["plot"], ChartLine["kind"]>> = {
  line: "line",
  stick: "stick",
  colorstick: "signed-bar",
  volstick: "bar",
  linestick: "stick",
  pointdot: "dots",
  crossdot: "dots",
  circledot: "dots",
  none: "line",
};

/** The line's drawing from its style words. */
function drawn(name: string, values: readonly (number | null)[], style: FormulaStyle): ChartLine {
  return {
    name,
    values,
    kind: KIND[style.plot],
    ...(style.color ? { color: style.color } : {}),
    ...(style.thick !== null ? { width: style.thick } : {}),
    ...(style.line !== "solid" ? { dash: style.line } : {}),
  };
}

export function formulaLayers(
  plot: FormulaPlot,
  times: readonly string[],
  low: readonly number[],
  high: readonly number[],
  paneTitle: string,
): { overlays: ChartLine[]; panes: ChartPane[]; signals: SignalMark[] } {
  // the plot's bars are the chart's bars, matched by time label
  const index = new Map(times.map((t, i) => [t, i]));
  const at = plot.time.map((label) => index.get(barKey(String(label))) ?? -1);
  const align = (values: readonly (number | null)[]) => {
    const out: (number | null)[] = times.map(() => null);
    values.forEach((v, k) => {
      if (at[k]! >= 0) out[at[k]!] = v;
    });
    return out;
  };
  const overlays: ChartLine[] = [];
  const paneLines: ChartLine[] = [];
  const signals: SignalMark[] = [];
  // marks at a price off the candles' scale (DRAWICON on DIF) belong to the formula's pane
  const paneMarks: SignalMark[] = [];
  const priceLow = Math.min(...low);
  const priceHigh = Math.max(...high);
  const pad = (priceHigh - priceLow) * 0.5;
  for (const line of plot.lines) {
    if (line.style.plot === "none") continue;
    if (line.kind === "signal") {
      line.values.forEach((v, k) => {
        if (v !== null && v !== 0 && at[k]! >= 0) {
          signals.push({ time: times[at[k]!]!, name: line.name, side: line.side, ...(line.style.color ? { color: line.style.color } : {}) });
        }
      });
      continue;
    }
    const values = align(line.values);
    const chart = drawn(line.name, values, line.style);
    if (chart.kind === "line" && onPriceScale(values, low, high)) overlays.push(chart);
    else paneLines.push(chart);
  }
  for (const d of plot.drawings) {
    const name = d.name ?? d.text ?? d.fn;
    const color = d.style.color ? { color: d.style.color } : {};
    if (d.fn === "STICKLINE") {
      const from: (number | null)[] = times.map(() => null);
      const to: (number | null)[] = times.map(() => null);
      for (const p of d.points) {
        if (at[p.at]! < 0) continue;
        from[at[p.at]!] = p.price;
        to[at[p.at]!] = p.to ?? p.price;
      }
      const box: ChartLine = { name, values: from, to, kind: "boxes", hollow: d.empty === true, ...(d.width !== null ? { width: d.width } : {}), ...color };
      (onPriceScale(from, low, high) ? overlays : paneLines).push(box);
      continue;
    }
    for (const p of d.points) {
      if (at[p.at]! < 0) continue;
      const text = d.fn === "DRAWTEXT" && d.text ? { text: d.text } : {};
      const mark: SignalMark = { time: times[at[p.at]!]!, name, side: d.side, price: p.price, ...text, ...color };
      (p.price >= priceLow - pad && p.price <= priceHigh + pad ? signals : paneMarks).push(mark);
    }
  }
  const panes = paneLines.length || paneMarks.length ? [{ title: paneTitle, lines: paneLines, marks: paneMarks }] : [];
  return { overlays, panes, signals };
}
