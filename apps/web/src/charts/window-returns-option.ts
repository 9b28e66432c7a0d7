/**
 * Walk-forward windows as bars: each out-of-sample window's return, a gain in
 * the up colour and a loss in the down colour, in time order, with the
 * window's dates and the parameters chosen for it in the tooltip. Pure.
 */
import type { EChartsCoreOption } from "echarts/core";
import type { Palette } from "./palette.ts";
import { tipRow, tipTitle } from "./tooltip-html.ts";

export interface WindowBar {
  /** `#1` */
  readonly label: string;
  readonly start: string;
  readonly end: string;
  readonly value: number | null;
  /** The chosen parameters, as text. */
  readonly params: string;
}

export interface WindowReturnsInput {
  readonly windows: readonly WindowBar[];
  readonly palette: Palette;
  readonly labels: { readonly value: string; readonly params: string };
  readonly format: (v: number) => string;
  readonly narrow: boolean;
}

export function windowReturnsOption(k: WindowReturnsInput): { option: EChartsCoreOption; height: number } {
  const p = k.palette;
  const height = k.narrow ? 220 : 280;
  const option: EChartsCoreOption = {
    animation: false,
    backgroundColor: "transparent",
    textStyle: { color: p.text },
    tooltip: {
      trigger: "axis",
      axisPointer: { type: "shadow" },
      backgroundColor: p.panel,
      borderColor: p.grid,
      textStyle: { color: p.text, fontSize: 12 },
      confine: true,
      className: "chart-tooltip",
      formatter: (params: unknown) => {
        const i = (Array.isArray(params) ? params : [params])[0]?.dataIndex as number | undefined;
        const w = i === undefined ? undefined : k.windows[i];
        if (!w) return "";
        const v = w.value;
        return (
          tipTitle(`${w.label} ${w.start} → ${w.end}`) +
          tipRow(k.labels.value, v === null ? "–" : k.format(v), v === null ? undefined : v > 0 ? p.up : v < 0 ? p.down : undefined) +
          tipRow(k.labels.params, w.params)
        );
      },
    },
    grid: { left: 8, right: 12, top: 24, bottom: 8, containLabel: true },
    xAxis: {
      type: "category",
      data: k.windows.map((w) => (k.narrow ? w.label : `${w.label}\n${w.start}`)),
      axisLine: { lineStyle: { color: p.grid } },
      axisTick: { show: false },
      axisLabel: { color: p.muted, fontSize: 11 },
    },
    yAxis: {
      type: "value",
      axisLabel: { color: p.muted, formatter: (v: number) => k.format(v) },
      splitLine: { lineStyle: { color: p.grid, opacity: 0.6 } },
    },
    series: [
      {
        name: k.labels.value,
        type: "bar",
        barMaxWidth: 48,
        data: k.windows.map((w) => ({
          value: w.value,
          itemStyle: { color: w.value === null ? p.muted : w.value >= 0 ? p.up : p.down },
        })),
        label: { show: !k.narrow, position: "top", color: p.muted, fontSize: 11, formatter: (q: { value: number | null }) => (q.value === null ? "" : k.format(q.value)) },
        markLine: { silent: true, symbol: "none", lineStyle: { color: p.muted, type: "dashed" }, label: { show: false }, data: [{ yAxis: 0 }] },
      },
    ],
  };
  return { option, height };
}
