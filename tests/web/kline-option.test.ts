/** The K-line option builder: pane layout, candle/volume encoding, overlays, chan layers, signals, zoom and tooltip. */
import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import type { ChanLayers } from "../../apps/web/src/charts/chart-types.ts";
import { type KlineInput, klineOption, paneLayout } from "../../apps/web/src/charts/kline-option.ts";
import type { Palette } from "../../apps/web/src/charts/palette.ts";

const palette: Palette = {
  up: "#e00",
  down: "#0a0",
  text: "#111",
  muted: "#777",
  grid: "#ccc",
  panel: "#fff",
  accent: "#00f",
  pivot: "#fa0",
  series: ["#1", "#2", "#3"],
};

const labels = {
  kline: "K",
  volume: "VOL",
  strokes: "strokes",
  segments: "segments",
  open: "O",
  high: "H",
  low: "L",
  close: "C",
  changePct: "chg",
};

function input(n: number, extra: Partial<KlineInput> = {}): KlineInput {
  const times = Array.from({ length: n }, (_, i) => `2026-01-${String(i + 1).padStart(2, "0")}`);
  const close = times.map((_, i) => 10 + i);
  return {
    times,
    open: close.map((c, i) => (i % 2 ? c + 0.5 : c - 0.5)),
    high: close.map((c) => c + 1),
    low: close.map((c) => c - 1),
    close,
    vol: close.map((c) => c * 100),
    overlays: [],
    panes: [],
    chan: null,
    signals: [],
    decimals: 2,
    palette,
    labels,
    compact: (v) => `${v}`,
    narrow: false,
    ...extra,
  };
}

type AnyOption = Record<string, any>;
/** The builder's option, opened up for inspection. */
const chart = (k: KlineInput) => klineOption(k) as { option: AnyOption; height: number };
const seriesOf = (o: AnyOption) => o.series as AnyOption[];

test("panes stack downwards and the chart grows by one pane height per oscillator", () => {
  const zero = paneLayout(0, false);
  const two = paneLayout(2, false);
  assert.equal(zero.tops.length, 2);
  assert.equal(two.tops.length, 4);
  for (let i = 1; i < two.tops.length; i++) assert.ok(two.tops[i]! > two.tops[i - 1]! + two.heights[i - 1]!, "two.tops[i]! > two.tops[i - 1]! + two.heights[i - 1]!");
  assert.equal(two.total - zero.total, 2 * (two.heights[2]! + (two.tops[3]! - two.tops[2]! - two.heights[2]!)));
  assert.ok(paneLayout(2, true).total < two.total, "paneLayout(2, true).total < two.total");
});

test("candles are [open, close, low, high] and volume bars take the candle's colour", () => {
  const { option } = chart(input(4));
  const [candles, volume] = seriesOf(option);
  assert.equal(candles!.type, "candlestick");
  assert.deepEqual(candles!.data[0], [9.5, 10, 9, 11]);
  assert.equal(volume!.type, "bar");
  // Bar 0 closes above its open (up colour), bar 1 below (down colour).
  assert.equal(volume!.data[0].itemStyle.color, palette.up);
  assert.equal(volume!.data[1].itemStyle.color, palette.down);
  assert.equal((option.grid as unknown[]).length, 2);
});

test("overlays go on the price axes, pane lines on their own axes, MACD-style columns coloured by sign", () => {
  const { option } = chart(
    input(3, {
      overlays: [{ name: "MA5", values: [null, 10, 11] }],
      panes: [
        {
          title: "MACD",
          lines: [
            { name: "MACD.DIF", values: [1, 2, 3] },
            { name: "MACD", values: [-1, 0, 2], kind: "signed-bar" },
          ],
        },
      ],
    }),
  );
  const s = seriesOf(option);
  const ma = s.find((x) => x.name === "MA5")!;
  assert.equal(ma.xAxisIndex, 0);
  assert.deepEqual(ma.data, [null, 10, 11]);
  const hist = s.find((x) => x.name === "MACD")!;
  assert.equal(hist.type, "bar");
  assert.equal(hist.yAxisIndex, 2);
  assert.deepEqual(
    hist.data.map((d: AnyOption) => d.itemStyle.color),
    [palette.down, palette.up, palette.up],
  );
  assert.equal((option.grid as unknown[]).length, 3);
  assert.deepEqual(option.legend.data, ["MA5"]);
  // as TDX heads a pane: its name, then each line's latest value in the line's colour (the histogram's by its sign)
  const heading = (option.title as AnyOption[]).find((t) => String(t.text).includes("{t|MACD}"))!;
  assert.equal(heading.text, "{t|MACD}  {v0|DIF 3.000}  {v1|MACD 2.000}");
  assert.equal(heading.textStyle.rich.v0.color, s.find((x) => x.name === "MACD.DIF")!.lineStyle.color, "DIF's value in DIF's colour");
  assert.equal(heading.textStyle.rich.v1.color, palette.up, "a positive histogram value in the up colour");
});

test("chan layers become polylines, pivot boxes and pins; signals become triangles at their bars", () => {
  const chan: ChanLayers = {
    strokes: [
      ["2026-01-01", 9],
      ["2026-01-03", 13],
    ],
    segments: [["2026-01-01", 9]],
    pivots: [{ from: "2026-01-01", to: "2026-01-02", high: 12, low: 10, sure: true }],
    points: [{ time: "2026-01-02", price: 10, buy: true, label: "1B" }],
  };
  const { option } = chart(
    input(3, {
      chan,
      signals: [
        { time: "2026-01-03", name: "BUY", side: "buy" },
        { time: "2026-01-02", name: "SELL", side: "sell" },
        { time: "1999-01-01", name: "BUY", side: "buy" },
      ],
    }),
  );
  const s = seriesOf(option);
  assert.ok(
    s.some((x) => x.name === "strokes" && x.data.length === 2),
    's.some((x) => x.name === "strokes" && x.data.length === 2)',
  );
  // A one-vertex segment line cannot be drawn and is left out.
  assert.ok(!s.some((x) => x.name === "segments"), '!s.some((x) => x.name === "segments")');
  const candles = s[0]!;
  assert.equal(candles.markArea.data.length, 1);
  assert.deepEqual(
    candles.markArea.data[0].map((c: AnyOption) => [c.xAxis, c.yAxis]),
    [
      ["2026-01-01", 12],
      ["2026-01-02", 10],
    ],
  );
  const marks = candles.markPoint.data as AnyOption[];
  assert.equal(marks.length, 3, "two signals at known bars plus one chan point");
  const buy = marks.find((m) => m.value === "BUY")!;
  assert.deepEqual(buy.coord, ["2026-01-03", 11], "a buy sits under the bar's low");
  assert.equal(buy.itemStyle.color, palette.up);
  assert.deepEqual([buy.symbol, buy.symbolRotate], ["triangle", 0], "a buy is ▲");
  const sell = marks.find((m) => m.value === "SELL")!;
  assert.deepEqual(sell.coord, ["2026-01-02", 12], "a sell sits over the bar's high");
  assert.equal(sell.itemStyle.color, palette.down);
  assert.deepEqual([sell.symbol, sell.symbolRotate], ["triangle", 180], "a sell is ▼");
  assert.equal(marks.find((m) => m.value === "1B")!.itemStyle.color, palette.up);
});

test("the tooltip shows the change against the previous close and escapes names", () => {
  const { option } = chart(input(3, { overlays: [{ name: "<b>x</b>", values: [1, 2, 3] }] }));
  const html = option.tooltip.formatter([
    { dataIndex: 1, seriesName: "K", seriesType: "candlestick", value: 0, color: "" },
    { dataIndex: 1, seriesName: "<b>x</b>", seriesType: "line", value: 2, color: "#123" },
  ]) as string;
  assert.match(html, /2026-01-02/);
  assert.match(html, /\+10\.00%/, "close 11 after 10");
  assert.ok(!html.includes("<b>x</b>"), '!html.includes("<b>x</b>")');
  assert.match(html, /&#60;b&#62;x&#60;\/b&#62;/);
});

test("the initial zoom shows the last `visibleBars` bars (all of them when fewer)", () => {
  fc.assert(
    fc.property(fc.integer({ min: 1, max: 2000 }), fc.integer({ min: 1, max: 500 }), (n, visible) => {
      const { option } = chart(input(n, { visibleBars: visible }));
      const start = option.dataZoom[0].start as number;
      assert.ok(start >= 0 && start < 100, "start >= 0 && start < 100");
      const shown = Math.round(((100 - start) / 100) * n);
      assert.equal(shown, Math.min(n, visible));
    }),
    { numRuns: 200 },
  );
});

test("formula drawings: colours, widths and patterns as written, COLORSTICK by sign, STICK in its colour, dots, STICKLINE boxes", () => {
  const { option } = chart(
    input(3, {
      overlays: [
        { name: "M", values: [10, 11, 12], color: "#ffff00", width: 2, dash: "dotted" },
        { name: "BOX", values: [10, null, 12], to: [11, null, 11], kind: "boxes", hollow: true, color: "#ff0000", width: 3 },
      ],
      panes: [
        {
          title: "F",
          lines: [
            { name: "MACD", values: [1, -1, 0], kind: "signed-bar" },
            { name: "ST", values: [1, 2, null], kind: "stick", color: "#123456" },
            { name: "PD", values: [1, 2, 3], kind: "dots" },
          ],
          marks: [{ time: "2026-01-02", name: "B", side: "buy", price: -1, text: "买" }],
        },
      ],
    }),
  );
  const s = seriesOf(option);
  const by = (name: string) => s.find((x) => x.name === name)!;
  assert.deepEqual([by("M").type, by("M").lineStyle.color, by("M").lineStyle.width, by("M").lineStyle.type], ["line", "#ffff00", 2, "dotted"]);
  const macd = by("MACD");
  assert.equal(macd.type, "bar");
  assert.deepEqual(
    macd.data.map((d: AnyOption) => d.itemStyle.color),
    [palette.up, palette.down, palette.up],
    "red at and above 0, green below",
  );
  assert.deepEqual(
    by("ST").data.map((d: AnyOption) => d.itemStyle.color),
    ["#123456", "#123456", "#123456"],
  );
  assert.deepEqual([by("PD").type, by("PD").showSymbol, by("PD").lineStyle.width], ["line", true, 0], "dots, no line");
  const box = by("BOX");
  assert.equal(box.type, "candlestick");
  assert.deepEqual(box.data, [
    [10, 11, 10, 11],
    [null, null, null, null],
    [12, 11, 11, 12],
  ]);
  assert.deepEqual([box.itemStyle.color, box.itemStyle.borderColor], ["transparent", "#ff0000"], "hollow boxes in their colour");
  const mark = macd.markPoint.data[0];
  assert.deepEqual([mark.coord, mark.label.formatter, mark.label.color], [["2026-01-02", -1], "买", palette.up], "a pane's mark at its price, text in buy red");
});

test("signals without a side are neutral dots in their colour; a sell sits over the high", () => {
  const { option } = chart(
    input(3, {
      signals: [
        { time: "2026-01-02", name: "X", side: null, color: "#abcdef" },
        { time: "2026-01-03", name: "死叉", side: "sell" },
      ],
    }),
  );
  const marks = seriesOf(option)[0]!.markPoint.data as AnyOption[];
  assert.deepEqual([marks[0]!.symbol, marks[0]!.itemStyle.color], ["circle", "#abcdef"]);
  assert.deepEqual([marks[1]!.coord, marks[1]!.symbolRotate, marks[1]!.symbolOffset], [["2026-01-03", 13], 180, [0, -10]]);
});
