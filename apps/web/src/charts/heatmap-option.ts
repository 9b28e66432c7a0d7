/**
 * The parameter heatmap as one ECharts option: the first parameter across, the
 * second up, each cell coloured by the objective from worse (the down colour)
 * to better (the up colour, red as gains are on an A-share screen), so a
 * minimised objective such as the drawdown is coloured the other way round.
 * A gain or loss (a return) is coloured by its sign as on a quote screen: the
 * scale is centred on 0, so every loss is green and every gain red however the
 * grid's values lie (a scale from the grid's worst to its best made a −1.65 %
 * loss red when the others lost more).
 * Cells without a value are drawn empty; small grids carry their values. Pure.
 */
import type { EChartsCoreOption } from "echarts/core";
import type { ParamValue } from "../api/backtest-types.ts";
import type { Direction } from "../api/research-types.ts";
import type { HeatmapCells } from "../research/heatmap-cells.ts";
import type { Palette } from "./palette.ts";
import { tipRow, tipTitle } from "./tooltip-html.ts";

export interface HeatmapInput {
  readonly cells: HeatmapCells;
  readonly xName: string;
  readonly yName: string;
  /** The objective's label. */
  readonly valueName: string;
  readonly direction: Direction;
  /** The objective is a gain or loss (metrics.ts `signed`): coloured by its sign, around 0. */
  readonly signed?: boolean;
  readonly format: (v: number) => string;
  readonly palette: Palette;
  readonly narrow: boolean;
  readonly labels: { readonly points: string; readonly undefinedValue: string };
}

export interface HeatmapChart {
  readonly option: EChartsCoreOption;
  readonly height: number;
}

/** Grids up to this many cells show their values inside the cells. */
const LABELLED_CELLS = 120;
const ROW = 30;

const text = (v: ParamValue) => String(v);

export function heatmapOption(k: HeatmapInput): HeatmapChart {
  const { palette: p, cells: c } = k;
  const worseToBetter = [p.down, p.grid, p.up];
  const colours = k.direction === "max" ? worseToBetter : [...worseToBetter].reverse();
  // One value (or none) still needs a range for the colour scale.
  const reach = Math.max(Math.abs(c.min ?? 0), Math.abs(c.max ?? 0));
  const lo = k.signed ? -reach : (c.min ?? 0);
  const hi = k.signed ? reach : (c.max ?? 0);
  const [min, max] = lo === hi ? [lo - (Math.abs(lo) || 1) * 0.01, hi + (Math.abs(hi) || 1) * 0.01] : [lo, hi];
  const plot = Math.max(160, Math.min(k.narrow ? 360 : 520, c.y.length * ROW));
  const top = 12;
  const bottom = 84;
  // Room on the left for the widest value of the vertical axis, then its name, turned.
  const labelWidth = 8 + 7 * Math.max(1, ...c.y.map((v) => text(v).length));
  const labelled = !k.narrow && c.cells.length <= LABELLED_CELLS;
  const points = new Map(c.cells.map((cell) => [`${cell.x},${cell.y}`, cell.points]));

  const option: EChartsCoreOption = {
    animation: false,
    backgroundColor: "transparent",
    textStyle: { color: p.text },
    tooltip: {
      trigger: "item",
      backgroundColor: p.panel,
      borderColor: p.grid,
      textStyle: { color: p.text, fontSize: 12 },
      confine: true,
      className: "chart-tooltip",
      formatter: (params: unknown) => {
        const [i, j, v] = (params as { value: [number, number, number | "-"] }).value;
        let html = tipTitle(`${k.xName} = ${text(c.x[i]!)} · ${k.yName} = ${text(c.y[j]!)}`);
        html += tipRow(k.valueName, typeof v === "number" ? k.format(v) : k.labels.undefinedValue);
        const n = points.get(`${i},${j}`) ?? 0;
        if (n > 1) html += tipRow(k.labels.points, String(n));
        return html;
      },
    },
    grid: { left: labelWidth + 26, right: 16, top, height: plot },
    xAxis: {
      type: "category",
      name: k.xName,
      nameLocation: "middle",
      nameGap: 26,
      nameTextStyle: { color: p.muted },
      data: c.x.map(text),
      axisLine: { lineStyle: { color: p.grid } },
      axisLabel: { color: p.muted },
      splitArea: { show: false },
    },
    yAxis: {
      type: "category",
      name: k.yName,
      nameLocation: "middle",
      nameRotate: 90,
      nameGap: labelWidth + 4,
      data: c.y.map(text),
      axisLine: { lineStyle: { color: p.grid } },
      axisLabel: { color: p.muted },
      nameTextStyle: { color: p.muted },
    },
    visualMap: {
      type: "continuous",
      min,
      max,
      calculable: false,
      orient: "horizontal",
      left: "center",
      bottom: 4,
      itemHeight: k.narrow ? 160 : 240,
      itemWidth: 12,
      text: [k.format(max), k.format(min)],
      textGap: 8,
      textStyle: { color: p.muted },
      inRange: { color: colours },
      formatter: (v: number) => k.format(v),
    },
    series: [
      {
        name: k.valueName,
        type: "heatmap",
        data: c.cells.map((cell) => [cell.x, cell.y, cell.value ?? "-"]),
        label: labelled
          ? { show: true, color: p.text, fontSize: 10, formatter: (q: { value: [number, number, number | "-"] }) => (typeof q.value[2] === "number" ? k.format(q.value[2]) : "") }
          : { show: false },
        itemStyle: { borderColor: p.panel, borderWidth: 1 },
        emphasis: { itemStyle: { borderColor: p.text, borderWidth: 1 } },
      },
    ],
  };
  return { option, height: top + plot + bottom };
}
