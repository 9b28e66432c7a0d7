/**
 * The intraday chart the way A-share terminals draw it: the whole session on
 * the time axis from the start (so the morning does not stretch across the
 * chart), price and average-price lines on a scale symmetric around the
 * previous close, percent labels on the right, volume below.
 */
import { tick } from "../market/format.ts";
import type { EChartsCoreOption } from "echarts/core";
import type { MinuteRow } from "../api/types.ts";
import type { Palette } from "./palette.ts";

const pad = (n: number) => String(n).padStart(2, "0");

/** `09:31`…`11:30`, `13:01`…`15:00` (240 minutes), with `09:30` first when the data has it. */
export function sessionMinutes(withOpen: boolean): string[] {
  const out: string[] = withOpen ? ["09:30"] : [];
  const span = (h: number, m: number, count: number) => {
    for (let i = 1; i <= count; i++) {
      const t = h * 60 + m + i;
      out.push(`${pad(Math.floor(t / 60))}:${pad(t % 60)}`);
    }
  };
  span(9, 30, 120);
  span(13, 0, 120);
  return out;
}

export interface MinuteInput {
  readonly rows: readonly MinuteRow[];
  readonly preClose: number | null;
  readonly decimals: number;
  readonly palette: Palette;
  readonly labels: { readonly price: string; readonly average: string; readonly volume: string };
  readonly compact: (v: number) => string;
}

export function minuteOption(m: MinuteInput): EChartsCoreOption {
  const { palette: p } = m;
  const axis = sessionMinutes(m.rows[0]?.time === "09:30");
  const at = new Map(m.rows.map((r) => [r.time, r]));
  const price: (number | null)[] = [];
  const avg: (number | null)[] = [];
  const vol: ({ value: number; itemStyle: { color: string } } | null)[] = [];
  let sumPV = 0;
  let sumV = 0;
  let prev = m.preClose ?? m.rows[0]?.price ?? 0;
  for (const t of axis) {
    const r = at.get(t);
    if (!r) {
      price.push(null);
      avg.push(null);
      vol.push(null);
      continue;
    }
    sumPV += r.price * r.vol;
    sumV += r.vol;
    price.push(r.price);
    avg.push(sumV > 0 ? sumPV / sumV : r.price);
    vol.push({ value: r.vol, itemStyle: { color: r.price >= prev ? p.up : p.down } });
    prev = r.price;
  }
  const base = m.preClose ?? m.rows[0]?.price ?? 1;
  let dev = base * 0.005;
  for (const v of price) if (v !== null) dev = Math.max(dev, Math.abs(v - base));
  for (const v of avg) if (v !== null) dev = Math.max(dev, Math.abs(v - base));
  dev *= 1.05;
  const fmt = (v: number) => v.toFixed(m.decimals);
  const pctFmt = (v: number) => `${(((v - base) / base) * 100).toFixed(2)}%`;
  const colourOf = (v: number) => (v > base + 1e-9 ? p.up : v < base - 1e-9 ? p.down : p.muted);
  const ticks = new Set(["09:30", "10:30", "11:30", "14:00", "15:00"]);
  const xAxis = [0, 1].map((i) => ({
    type: "category",
    gridIndex: i,
    data: axis,
    boundaryGap: false,
    axisLine: { lineStyle: { color: p.grid } },
    axisTick: { show: false },
    axisLabel: { show: i === 1, color: p.muted, interval: (_: number, v: string) => ticks.has(v) || v === axis[0] },
    splitLine: { show: i === 0, interval: (_: number, v: string) => ticks.has(v), lineStyle: { color: p.grid, opacity: 0.6 } },
  }));
  return {
    animation: false,
    backgroundColor: "transparent",
    tooltip: {
      trigger: "axis",
      axisPointer: { type: "cross", lineStyle: { color: p.muted, type: "dashed" } },
      backgroundColor: p.panel,
      borderColor: p.grid,
      textStyle: { color: p.text, fontSize: 12 },
      confine: true,
      valueFormatter: (v: unknown) => (typeof v === "number" ? (v >= 1e5 ? m.compact(v) : fmt(v)) : "–"),
    },
    axisPointer: { link: [{ xAxisIndex: "all" }], label: { backgroundColor: p.muted } },
    grid: [
      { left: 60, right: 56, top: 12, bottom: "34%" },
      { left: 60, right: 56, top: "72%", bottom: 28 },
    ],
    xAxis,
    yAxis: [
      {
        type: "value",
        gridIndex: 0,
        min: base - dev,
        max: base + dev,
        interval: dev / 2,
        axisLabel: { formatter: fmt, color: (v?: string | number) => colourOf(Number(v)) },
        splitLine: { lineStyle: { color: p.grid, opacity: 0.6 } },
      },
      {
        type: "value",
        gridIndex: 0,
        position: "right",
        min: base - dev,
        max: base + dev,
        interval: dev / 2,
        axisLabel: { formatter: pctFmt, color: (v?: string | number) => colourOf(Number(v)) },
        splitLine: { show: false },
      },
      { type: "value", gridIndex: 1, splitNumber: 2, axisLabel: { color: p.muted, formatter: (v: number) => tick(m.compact(v)) }, splitLine: { lineStyle: { color: p.grid, opacity: 0.6 } } },
    ],
    series: [
      {
        name: m.labels.price,
        type: "line",
        data: price,
        showSymbol: false,
        lineStyle: { width: 1.2, color: p.accent },
        itemStyle: { color: p.accent },
        markLine: m.preClose === null ? undefined : { silent: true, symbol: "none", label: { show: false }, lineStyle: { color: p.muted, type: "dashed" }, data: [{ yAxis: base }] },
      },
      { name: m.labels.average, type: "line", data: avg, showSymbol: false, lineStyle: { width: 1, color: p.series[1] }, itemStyle: { color: p.series[1] } },
      { name: m.labels.volume, type: "bar", xAxisIndex: 1, yAxisIndex: 2, data: vol, barMaxWidth: 3 },
    ],
  };
}
