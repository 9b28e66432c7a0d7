/**
 * The K-line chart as one ECharts option: candles (red up, green down) with
 * overlays, chan strokes/segments/pivots/points, formula signals and backtest
 * fills on the price pane, volume below, then one pane per oscillator, all
 * sharing one zoom and one crosshair. Pure (no DOM), so layout rules are
 * unit-tested.
 */
import { tick } from "../market/format.ts";
import type { EChartsCoreOption } from "echarts/core";
import type { ChanLayers, ChartLine, ChartPane, SignalMark, TradeMark } from "./chart-types.ts";
import type { Palette } from "./palette.ts";
import { tipRow, tipTitle } from "./tooltip-html.ts";

export interface KlineLabels {
  readonly kline: string;
  readonly volume: string;
  readonly strokes: string;
  readonly segments: string;
  readonly open: string;
  readonly high: string;
  readonly low: string;
  readonly close: string;
  readonly changePct: string;
}

export interface KlineInput {
  readonly times: readonly string[];
  readonly open: readonly number[];
  readonly high: readonly number[];
  readonly low: readonly number[];
  readonly close: readonly number[];
  readonly vol: readonly (number | null)[];
  readonly overlays: readonly ChartLine[];
  readonly panes: readonly ChartPane[];
  readonly chan: ChanLayers | null;
  readonly signals: readonly SignalMark[];
  /** Backtest fills, drawn as pins at their price (buy below pointing up, sell above pointing down). */
  readonly trades?: readonly TradeMark[];
  readonly decimals: number;
  readonly palette: Palette;
  readonly labels: KlineLabels;
  /** Large-number format for volume axes and tooltips. */
  readonly compact: (v: number) => string;
  /** Narrow screens: shorter panes. */
  readonly narrow: boolean;
  /** Bars visible before the user zooms. */
  readonly visibleBars?: number;
}

export interface KlineChart {
  readonly option: EChartsCoreOption;
  /** Pixel height the chart needs for its panes. */
  readonly height: number;
}

const LEFT = 60;
const RIGHT = 12;
const LEGEND = 30;
const GAP = 22;
const SLIDER = 40;

/** Pane geometry in pixels: price pane, volume pane, then oscillators. */
export function paneLayout(paneCount: number, narrow: boolean): { tops: number[]; heights: number[]; total: number } {
  const heights = [narrow ? 230 : 330, narrow ? 64 : 86, ...Array.from({ length: paneCount }, () => (narrow ? 80 : 104))];
  const tops: number[] = [];
  let y = LEGEND;
  for (const h of heights) {
    tops.push(y);
    y += h + GAP;
  }
  return { tops, heights, total: y - GAP + SLIDER + 16 };
}

const DASH = { solid: "solid", dotted: "dotted", dashed: "dashed" } as const;

function lineSeries(line: ChartLine, axis: number, color: string, palette: Palette, close: readonly number[], open: readonly number[]) {
  const own = line.color ?? color;
  const common = { name: line.name, xAxisIndex: axis, yAxisIndex: axis };
  if (line.kind === "bar" || line.kind === "signed-bar" || line.kind === "stick") {
    const paint = (v: number | null, i: number) => (line.kind === "stick" ? own : (line.kind === "signed-bar" ? (v ?? 0) >= 0 : close[i]! >= open[i]!) ? palette.up : palette.down);
    return {
      ...common,
      type: "bar",
      barMaxWidth: line.kind === "stick" ? Math.max(1, line.width ?? 1) : 8,
      data: line.values.map((v, i) => ({ value: v, itemStyle: { color: paint(v, i) } })),
    };
  }
  if (line.kind === "boxes") {
    // a candlestick without wicks: [open, close, low, high] = [from, to, lower, upper]
    const to = line.to ?? [];
    return {
      ...common,
      type: "candlestick",
      barMaxWidth: 2 + 3 * (line.width ?? 1),
      data: line.values.map((v, i) => {
        const w = to[i];
        return v === null || w === null || w === undefined ? [null, null, null, null] : [v, w, Math.min(v, w), Math.max(v, w)];
      }),
      itemStyle: line.hollow ? { color: "transparent", color0: "transparent", borderColor: own, borderColor0: own } : { color: own, color0: own, borderColor: own, borderColor0: own },
      tooltip: { show: false },
    };
  }
  const dots = line.kind === "dots";
  const width = line.width ?? 1;
  return {
    ...common,
    type: "line",
    data: line.values,
    showSymbol: dots,
    symbol: "circle",
    symbolSize: dots ? 2 + width : 4,
    lineStyle: { width: dots || width === 0 ? 0 : width, color: own, type: DASH[line.dash ?? "solid"] },
    itemStyle: { color: own },
    emphasis: { disabled: true },
  };
}

/** A signal's mark: buy a red ▲ under the bar, sell a green ▼ over it, DRAWTEXT its text; others a dot in their colour. */
function signalMark(s: SignalMark, time: string, low: number, high: number, p: Palette): object {
  const side = s.side ?? null;
  const buy = side === "buy";
  const at = s.price ?? (buy ? low : high);
  if (s.text !== undefined) {
    return {
      coord: [time, at],
      value: s.text,
      symbol: "circle",
      symbolSize: 1,
      itemStyle: { color: "transparent" },
      label: { show: true, formatter: s.text, color: s.color ?? (buy ? p.up : side === "sell" ? p.down : p.text), fontSize: 11, position: buy ? "bottom" : "top" },
    };
  }
  if (side === null) {
    return { coord: [time, at], value: s.name, symbol: "circle", symbolSize: 6, itemStyle: { color: s.color ?? p.accent }, label: { show: false } };
  }
  return {
    coord: [time, at],
    value: s.name,
    symbol: "triangle",
    symbolSize: 9,
    symbolRotate: buy ? 0 : 180,
    symbolOffset: [0, buy ? 10 : -10],
    itemStyle: { color: buy ? p.up : p.down },
    label: { show: false },
  };
}

export function klineOption(k: KlineInput): KlineChart {
  const { palette: p, labels, times } = k;
  const n = times.length;
  const layout = paneLayout(k.panes.length, k.narrow);
  const grids = layout.tops.map((top, i) => ({ left: LEFT, right: RIGHT, top, height: layout.heights[i] }));
  const last = grids.length - 1;
  const axisLine = { lineStyle: { color: p.grid } };
  const xAxis = grids.map((_, i) => ({
    type: "category",
    gridIndex: i,
    data: times,
    boundaryGap: true,
    axisLine,
    axisTick: { show: false },
    axisLabel: { show: i === last, color: p.muted },
    splitLine: { show: false },
    axisPointer: { label: { show: i === last } },
  }));
  const priceFmt = (v: number) => v.toFixed(k.decimals);
  const yAxis = grids.map((_, i) => ({
    type: "value",
    gridIndex: i,
    scale: true,
    splitNumber: i === 0 ? 5 : 2,
    axisLine: { show: false },
    axisLabel: { color: p.muted, formatter: i === 0 ? priceFmt : i === 1 ? (v: number) => tick(k.compact(v)) : undefined },
    splitLine: { lineStyle: { color: p.grid, opacity: 0.6 } },
  }));

  const markPoints: object[] = [];
  const index = new Map(times.map((t, i) => [t, i]));
  for (const s of k.signals) {
    const i = index.get(s.time);
    if (i !== undefined) markPoints.push(signalMark(s, s.time, k.low[i]!, k.high[i]!, p));
  }
  for (const m of k.chan?.points ?? []) {
    markPoints.push({
      coord: [m.time, m.price],
      value: m.label,
      symbol: "pin",
      symbolSize: 30,
      symbolRotate: m.buy ? 180 : 0,
      symbolOffset: [0, m.buy ? 15 : -15],
      itemStyle: { color: m.buy ? p.up : p.down },
      label: { show: true, color: "#fff", fontSize: 9, offset: [0, m.buy ? 3 : 0] },
    });
  }

  const tradesAt = new Map<string, TradeMark[]>();
  for (const m of k.trades ?? []) {
    const buy = m.side === "buy";
    markPoints.push({
      coord: [m.time, m.price],
      value: m.label,
      symbol: "pin",
      symbolSize: m.rejected ? 18 : 26,
      symbolRotate: buy ? 180 : 0,
      symbolOffset: [0, buy ? 13 : -13],
      itemStyle: { color: m.rejected ? p.muted : buy ? p.up : p.down, opacity: m.rejected ? 0.7 : 1 },
      label: { show: true, color: "#fff", fontSize: m.rejected ? 8 : 10, fontWeight: "bold", offset: [0, buy ? 3 : 0] },
    });
    tradesAt.set(m.time, [...(tradesAt.get(m.time) ?? []), m]);
  }

  const series: object[] = [
    {
      name: labels.kline,
      type: "candlestick",
      xAxisIndex: 0,
      yAxisIndex: 0,
      data: times.map((_, i) => [k.open[i], k.close[i], k.low[i], k.high[i]]),
      itemStyle: { color: p.up, color0: p.down, borderColor: p.up, borderColor0: p.down },
      markPoint: { data: markPoints, animation: false },
      markArea: {
        silent: true,
        data: (k.chan?.pivots ?? []).map((b) => [
          {
            xAxis: b.from,
            yAxis: b.high,
            itemStyle: { color: p.pivot, opacity: b.sure ? 0.22 : 0.12, borderColor: p.pivot, borderWidth: 1, borderType: b.sure ? "solid" : "dashed" },
          },
          { xAxis: b.to, yAxis: b.low },
        ]),
      },
    },
    {
      name: labels.volume,
      type: "bar",
      xAxisIndex: 1,
      yAxisIndex: 1,
      barMaxWidth: 10,
      data: k.vol.map((v, i) => ({ value: v, itemStyle: { color: k.close[i]! >= k.open[i]! ? p.up : p.down } })),
    },
  ];
  const legend: string[] = [];
  let colour = 0;
  const nextColour = () => p.series[colour++ % p.series.length]!;
  for (const line of k.overlays) {
    series.push(lineSeries(line, 0, nextColour(), p, k.close, k.open));
    legend.push(line.name);
  }
  if (k.chan && k.chan.strokes.length > 1) {
    series.push({
      name: labels.strokes,
      type: "line",
      xAxisIndex: 0,
      yAxisIndex: 0,
      data: k.chan.strokes,
      showSymbol: false,
      lineStyle: { width: 1.2, color: p.accent },
      itemStyle: { color: p.accent },
      tooltip: { show: false },
    });
    legend.push(labels.strokes);
  }
  if (k.chan && k.chan.segments.length > 1) {
    series.push({
      name: labels.segments,
      type: "line",
      xAxisIndex: 0,
      yAxisIndex: 0,
      data: k.chan.segments,
      showSymbol: false,
      lineStyle: { width: 2.4, color: p.pivot },
      itemStyle: { color: p.pivot },
      tooltip: { show: false },
    });
    legend.push(labels.segments);
  }
  const titles: object[] = [];
  /** An indicator's value as the tooltip and the pane heading write it. */
  const indicatorValue = (v: number) => (Math.abs(v) >= 1e5 ? k.compact(v) : v.toFixed(Math.abs(v) >= 100 ? 2 : 3));
  k.panes.forEach((pane, j) => {
    const axis = j + 2;
    colour = 0;
    const first = series.length;
    // TDX heads a pane with its name and each line's latest value in the line's colour ("MACD DIF 0.395 DEA 0.335 MACD 0.119")
    const rich: Record<string, object> = { t: { fontSize: 11, color: p.muted } };
    const heading = [`{t|${pane.title}}`];
    pane.lines.forEach((line, i) => {
      const own = line.color ?? p.series[(colour + i) % p.series.length]!;
      const last = line.values.findLast((v) => v !== null && Number.isFinite(v));
      if (last === undefined || last === null || line.kind === "boxes") return;
      const shade = line.kind === "signed-bar" ? (last >= 0 ? p.up : p.down) : line.kind === "bar" ? p.muted : own;
      rich[`v${i}`] = { fontSize: 11, color: shade };
      // an indicator's lines are named "MACD.DIF" on the chart; the heading says "DIF" as TDX does
      heading.push(`{v${i}|${line.name.slice(line.name.indexOf(".") + 1).replace(/[{}|]/g, "")} ${indicatorValue(last)}}`);
    });
    for (const line of pane.lines) series.push(lineSeries(line, axis, nextColour(), p, k.close, k.open));
    if (pane.marks?.length) {
      // marks ride on the pane's first series (an empty line when the pane has only marks)
      if (series.length === first) series.push({ name: pane.title, type: "line", xAxisIndex: axis, yAxisIndex: axis, data: [], showSymbol: false });
      const marks = pane.marks.flatMap((m) => (index.has(m.time) ? [signalMark(m, m.time, m.price ?? 0, m.price ?? 0, p)] : []));
      (series[first] as { markPoint?: object }).markPoint = { data: marks, animation: false };
    }
    titles.push({ text: heading.join("  "), left: LEFT + 4, top: layout.tops[axis]! - 18, textStyle: { fontSize: 11, color: p.muted, fontWeight: "normal", rich } });
  });
  titles.push({ text: labels.volume, left: LEFT + 4, top: layout.tops[1]! - 18, textStyle: { fontSize: 11, color: p.muted, fontWeight: "normal" } });

  const visible = Math.min(n, k.visibleBars ?? (k.narrow ? 60 : 120));
  const start = n === 0 ? 0 : Math.max(0, 100 - (visible / n) * 100);
  const axes = grids.map((_, i) => i);

  const tooltipFormatter = (params: unknown): string => {
    const list = (Array.isArray(params) ? params : [params]) as { dataIndex: number; seriesName: string; value: unknown; color: string; seriesType: string }[];
    const i = list[0]?.dataIndex;
    if (i === undefined || i < 0 || i >= n) return "";
    const prev = i > 0 ? k.close[i - 1]! : k.open[i]!;
    const chg = prev ? ((k.close[i]! - prev) / prev) * 100 : 0;
    const dir = (v: number) => (v > prev ? p.up : v < prev ? p.down : undefined);
    let html = tipTitle(times[i]!);
    html += tipRow(labels.open, priceFmt(k.open[i]!), dir(k.open[i]!));
    html += tipRow(labels.high, priceFmt(k.high[i]!), dir(k.high[i]!));
    html += tipRow(labels.low, priceFmt(k.low[i]!), dir(k.low[i]!));
    html += tipRow(labels.close, priceFmt(k.close[i]!), dir(k.close[i]!));
    html += tipRow(labels.changePct, `${chg > 0 ? "+" : ""}${chg.toFixed(2)}%`, chg > 0 ? p.up : chg < 0 ? p.down : undefined);
    const v = k.vol[i];
    if (v !== null && v !== undefined) html += tipRow(labels.volume, k.compact(v));
    for (const m of tradesAt.get(times[i]!) ?? []) html += tipRow(m.label, priceFmt(m.price), m.rejected ? p.muted : m.side === "buy" ? p.up : p.down);
    for (const s of list) {
      if (s.seriesType === "candlestick" || s.seriesName === labels.volume) continue;
      const raw = typeof s.value === "object" && s.value !== null && "value" in s.value ? (s.value as { value: unknown }).value : s.value;
      if (typeof raw !== "number" || !Number.isFinite(raw)) continue;
      html += tipRow(s.seriesName, indicatorValue(raw), s.color);
    }
    return html;
  };

  const option: EChartsCoreOption = {
    animation: false,
    backgroundColor: "transparent",
    textStyle: { color: p.text },
    title: titles,
    legend: { top: 4, left: LEFT, type: "scroll", data: legend, textStyle: { color: p.muted, fontSize: 11 }, itemWidth: 14, itemHeight: 8 },
    tooltip: {
      trigger: "axis",
      axisPointer: { type: "cross", lineStyle: { color: p.muted, type: "dashed" }, crossStyle: { color: p.muted } },
      backgroundColor: p.panel,
      borderColor: p.grid,
      textStyle: { color: p.text, fontSize: 12 },
      confine: true,
      className: "chart-tooltip",
      formatter: tooltipFormatter,
    },
    axisPointer: { link: [{ xAxisIndex: "all" }], label: { backgroundColor: p.muted } },
    grid: grids,
    xAxis,
    yAxis,
    dataZoom: [
      { type: "inside", xAxisIndex: axes, start, end: 100, minValueSpan: 10 },
      {
        type: "slider",
        xAxisIndex: axes,
        start,
        end: 100,
        bottom: 8,
        height: 22,
        borderColor: p.grid,
        textStyle: { color: p.muted },
        dataBackground: { lineStyle: { color: p.muted }, areaStyle: { color: p.grid } },
      },
    ],
    series,
  };
  return { option, height: layout.total };
}
