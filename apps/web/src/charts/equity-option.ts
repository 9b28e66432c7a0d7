/**
 * Equity and drawdown as one ECharts option: equity curves on top (in CNY for
 * one result, as net value from 1.00 when several are compared, optionally
 * with a buy-and-hold line), their drawdowns below, one shared time axis,
 * zoom and crosshair. Curves with different bars are aligned by time (the
 * union of their times); a curve is blank where it has no bar. Pure.
 */
import { tick } from "../market/format.ts";
import type { EChartsCoreOption } from "echarts/core";
import type { Palette } from "./palette.ts";

export interface EquityCurve {
  readonly name: string;
  readonly times: readonly string[];
  /** Equity per bar (CNY). */
  readonly values: readonly (number | null)[];
  /** Drawdown per bar as a fraction of the running peak (≥ 0). */
  readonly drawdown: readonly (number | null)[];
}

export interface EquityInput {
  readonly curves: readonly EquityCurve[];
  /** Each curve divided by its first value (net value), for comparing results of different capital. */
  readonly normalise: boolean;
  /** Buy and hold, already in the curves' unit. */
  readonly benchmark?: { readonly name: string; readonly times: readonly string[]; readonly values: readonly (number | null)[] } | null;
  readonly palette: Palette;
  readonly labels: { readonly equity: string; readonly drawdown: string };
  readonly compact: (v: number) => string;
  readonly narrow: boolean;
}

export interface EquityChart {
  readonly option: EChartsCoreOption;
  readonly height: number;
}

const LEFT = 64;
const RIGHT = 14;
const TOP = 30;
const GAP = 26;

/** Sorted union of time labels (they sort as text). */
export function unionTimes(lists: readonly (readonly string[])[]): string[] {
  return [...new Set(lists.flat())].sort();
}

/** `values` placed on `axis` by time (null where the curve has no bar). */
export function alignTo(axis: readonly string[], times: readonly string[], values: readonly (number | null)[]): (number | null)[] {
  const at = new Map<string, number | null>();
  times.forEach((t, i) => at.set(t, values[i] ?? null));
  return axis.map((t) => at.get(t) ?? null);
}

function normalised(values: readonly (number | null)[]): (number | null)[] {
  const first = values.find((v) => v !== null && v !== 0);
  return first === undefined || first === null ? values.map(() => null) : values.map((v) => (v === null ? null : v / first));
}

export function equityOption(k: EquityInput): EquityChart {
  const { palette: p } = k;
  const axis = unionTimes(k.curves.map((c) => c.times));
  const heights = [k.narrow ? 200 : 260, k.narrow ? 80 : 110];
  const tops = [TOP, TOP + heights[0]! + GAP];
  const height = tops[1]! + heights[1]! + 70;
  const single = k.curves.length === 1;
  const colour = (i: number) => (single ? p.accent : p.series[i % p.series.length]!);
  const fmtValue = (v: number) => (k.normalise ? v.toFixed(3) : k.compact(v));
  const fmtPct = (v: number) => `${(v * 100).toFixed(2)}%`;
  const valueTip = { valueFormatter: (v: unknown) => (typeof v === "number" ? fmtValue(v) : "–") };
  const pctTip = { valueFormatter: (v: unknown) => (typeof v === "number" ? fmtPct(v) : "–") };

  const series: object[] = [];
  k.curves.forEach((c, i) => {
    const values = alignTo(axis, c.times, c.values);
    series.push({
      name: c.name,
      type: "line",
      xAxisIndex: 0,
      yAxisIndex: 0,
      data: k.normalise ? normalised(values) : values,
      showSymbol: false,
      connectNulls: false,
      tooltip: valueTip,
      lineStyle: { width: 1.6, color: colour(i) },
      itemStyle: { color: colour(i) },
      ...(single ? { areaStyle: { color: colour(i), opacity: 0.08 } } : {}),
    });
  });
  if (k.benchmark) {
    series.push({
      name: k.benchmark.name,
      type: "line",
      xAxisIndex: 0,
      yAxisIndex: 0,
      data: alignTo(axis, k.benchmark.times, k.benchmark.values),
      showSymbol: false,
      tooltip: valueTip,
      lineStyle: { width: 1, color: p.muted, type: "dashed" },
      itemStyle: { color: p.muted },
    });
  }
  k.curves.forEach((c, i) => {
    series.push({
      name: single ? k.labels.drawdown : `${c.name} · ${k.labels.drawdown}`,
      type: "line",
      xAxisIndex: 1,
      yAxisIndex: 1,
      data: alignTo(axis, c.times, c.drawdown).map((v) => (v === null ? null : 0 - v)),
      showSymbol: false,
      tooltip: pctTip,
      lineStyle: { width: 1, color: single ? p.down : colour(i) },
      itemStyle: { color: single ? p.down : colour(i) },
      ...(single ? { areaStyle: { color: p.down, opacity: 0.25 } } : {}),
    });
  });

  const axisLine = { lineStyle: { color: p.grid } };
  const option: EChartsCoreOption = {
    animation: false,
    backgroundColor: "transparent",
    textStyle: { color: p.text },
    legend: {
      top: 4,
      left: LEFT,
      type: "scroll",
      data: [...k.curves.map((c) => c.name), ...(k.benchmark ? [k.benchmark.name] : [])],
      textStyle: { color: p.muted, fontSize: 11 },
      itemWidth: 14,
      itemHeight: 8,
    },
    title: [{ text: k.labels.drawdown, left: LEFT + 4, top: tops[1]! - 18, textStyle: { fontSize: 11, color: p.muted, fontWeight: "normal" } }],
    tooltip: {
      trigger: "axis",
      axisPointer: { type: "cross", lineStyle: { color: p.muted, type: "dashed" } },
      backgroundColor: p.panel,
      borderColor: p.grid,
      textStyle: { color: p.text, fontSize: 12 },
      confine: true,
    },
    axisPointer: { link: [{ xAxisIndex: "all" }], label: { backgroundColor: p.muted } },
    grid: tops.map((top, i) => ({ left: LEFT, right: RIGHT, top, height: heights[i] })),
    xAxis: [0, 1].map((i) => ({
      type: "category",
      gridIndex: i,
      data: axis,
      boundaryGap: false,
      axisLine,
      axisTick: { show: false },
      axisLabel: { show: i === 1, color: p.muted },
      splitLine: { show: false },
      axisPointer: { label: { show: i === 1 } },
    })),
    yAxis: [
      {
        type: "value",
        gridIndex: 0,
        scale: true,
        splitNumber: 4,
        axisLabel: { color: p.muted, formatter: (v: number) => tick(fmtValue(v)) },
        splitLine: { lineStyle: { color: p.grid, opacity: 0.6 } },
      },
      { type: "value", gridIndex: 1, max: 0, splitNumber: 2, axisLabel: { color: p.muted, formatter: (v: number) => fmtPct(v) }, splitLine: { lineStyle: { color: p.grid, opacity: 0.6 } } },
    ],
    dataZoom: [
      { type: "inside", xAxisIndex: [0, 1] },
      { type: "slider", xAxisIndex: [0, 1], bottom: 8, height: 22, borderColor: p.grid, textStyle: { color: p.muted } },
    ],
    series,
  };
  return { option, height };
}
