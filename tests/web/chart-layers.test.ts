/** Placing chan results, indicators and formula outputs on the K-line's bars. */
import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import type { ChanResult, IndicatorInfo } from "../../apps/web/src/api/types.ts";
import { alignColumn, barColumns, ohlcvRecords } from "../../apps/web/src/charts/bar-columns.ts";
import { chanLayers, pointLabel } from "../../apps/web/src/charts/chan-layers.ts";
import { formulaLayers, onPriceScale } from "../../apps/web/src/charts/formula-layers.ts";
import { indicatorLayers } from "../../apps/web/src/charts/indicator-layers.ts";

const times = ["d1", "d2", "d3", "d4", "d5"];
const ALL = { strokes: true, segments: true, pivots: true, points: true };

const stroke = (b: string, bp: number, e: string, ep: number) => ({
  index: 0,
  dir: bp < ep ? ("up" as const) : ("down" as const),
  is_sure: true,
  begin_time: b,
  begin_price: bp,
  end_time: e,
  end_price: ep,
});

const chan: ChanResult = {
  strokes: [stroke("d1", 10, "d2", 12), stroke("d2", 12, "d4", 9), stroke("d4", 9, "d9", 15)],
  segments: [stroke("d0", 8, "d5", 13)],
  pivots: [
    { index: 0, is_sure: false, begin_time: "d2", end_time: "d4", zg: 11, zd: 10 },
    { index: 1, is_sure: true, begin_time: "d2", end_time: "d7", zg: 11, zd: 10 },
  ],
  bsp: [
    { time: "d4", is_buy: true, types: ["1p", "2"], price: 9, is_sure: true },
    { time: "d8", is_buy: false, types: ["1p"], price: 15, is_sure: true },
  ],
};

test("strokes become one polyline sharing turning points; lines off the drawn bars are dropped", () => {
  const l = chanLayers(chan, times, ALL, false);
  assert.deepEqual(l.strokes, [
    ["d1", 10],
    ["d2", 12],
    ["d4", 9],
  ]);
  assert.deepEqual(l.segments, [], "the segment starts before the first bar");
  assert.deepEqual(l.pivots, [{ from: "d2", to: "d4", high: 11, low: 10, sure: false }]);
  assert.deepEqual(l.points, [{ time: "d4", price: 9, buy: true, label: "1/2B" }]);
});

test("unchecked chan layers are empty", () => {
  const l = chanLayers(chan, times, { strokes: false, segments: true, pivots: false, points: false }, true);
  assert.deepEqual([l.strokes, l.pivots, l.points], [[], [], []]);
});

test("buy/sell point labels in both languages", () => {
  assert.equal(pointLabel(["1p"], true, true), "1买");
  assert.equal(pointLabel(["2", "3a"], false, true), "2/3a卖");
  assert.equal(pointLabel(["3b"], false, false), "3bS");
});

test("columns are aligned by bar time, not by position", () => {
  const rows = [
    { date: "d2", X: 2 },
    { date: "d4", X: Number.NaN },
    { date: "d5", X: 5 },
    { date: "d9", X: 9 },
  ];
  assert.deepEqual(alignColumn(times, rows, "X"), [null, 2, null, null, 5]);
});

test("OHLCV records prefer datetime, and missing volume is sent as 0", () => {
  const rows = [
    { datetime: "2026-01-02 09:35", open: 1, high: 2, low: 0.5, close: 1.5, vol: null, amount: null },
    { date: "2026-01-02", open: 1, high: 2, low: 0.5, close: 1.5, vol: 10, amount: 20 },
  ];
  const out = ohlcvRecords(rows);
  assert.deepEqual(out[0], { datetime: "2026-01-02 09:35", open: 1, high: 2, low: 0.5, close: 1.5, vol: 0, amount: 0 });
  assert.equal(out[1]!.date, "2026-01-02");
  assert.deepEqual(barColumns(rows).times, ["2026-01-02 09:35", "2026-01-02"]);
});

test("price-scale indicators overlay the candles; the rest get panes with MACD as columns", () => {
  const infos: IndicatorInfo[] = [
    {
      id: "MA",
      title: "MA 均线",
      params: [
        { name: "M1", default: 5, min: 1, max: 250, description: null },
        { name: "M2", default: 10, min: 1, max: 250, description: null },
      ],
      outputs: ["MA_MA1", "MA_MA2"],
      lines: ["MA1", "MA2"],
    },
    { id: "MACD", title: "MACD", params: [], outputs: ["MACD_DIF", "MACD_DEA", "MACD"], lines: ["DIF", "DEA", "MACD"] },
    { id: "KDJ", title: "KDJ", params: [], outputs: ["KDJ_K"], lines: ["K"] },
  ];
  const rows = times.map((d, i) => ({ date: d, MA_MA1: i, MA_MA2: i + 1, MACD_DIF: i, MACD_DEA: i, MACD: i - 2, KDJ_K: 50 }));
  const { overlays, panes } = indicatorLayers(infos, ["MACD", "MA", "KDJ", "GONE"], rows, times);
  assert.deepEqual(
    overlays.map((l) => l.name),
    ["MA5", "MA10"],
    "moving averages are named by their period, as TDX does",
  );
  assert.deepEqual(
    indicatorLayers(infos, ["MA"], rows, times, { MA: { M2: 30 } }).overlays.map((l) => l.name),
    ["MA5", "MA30"],
    "a period the user set names its line",
  );
  assert.deepEqual(
    panes.map((p) => p.title),
    ["MACD", "KDJ"],
  );
  assert.deepEqual(
    panes[0]!.lines.map((l) => [l.name, l.kind]),
    [
      ["MACD.DIF", "line"],
      ["MACD.DEA", "line"],
      ["MACD", "signed-bar"],
    ],
  );
  assert.deepEqual(panes[1]!.lines[0]!.name, "KDJ.K");
});

const style = (plot = "line", more: Record<string, unknown> = {}) => ({ plot, line: "solid", color: null, thick: null, ...more }) as never;

test("formula plot: lines where their scale belongs, drawn in their style; signals and icons mark their bars by side", () => {
  const low = [9, 10, 11, 12, 13];
  const high = [11, 12, 13, 14, 15];
  const out = formulaLayers(
    {
      time: ["d1", "d2", "d3", "d4", "d5"],
      lines: [
        { name: "MA", kind: "numeric", side: null, style: style("line", { color: "#ffff00", thick: 2, line: "dotted" }), values: [null, null, 12, 13, 14] },
        { name: "OSC", kind: "numeric", side: null, style: style("colorstick"), values: [1, -1, 2, -2, 0] },
        { name: "HIDDEN", kind: "numeric", side: null, style: style("none"), values: [1, 2, 3, 4, 5] },
        { name: "金叉", kind: "signal", side: "buy", style: style(), values: [0, 0, 0, 1, 0] },
      ],
      drawings: [
        { fn: "DRAWICON", name: null, text: null, icon: 2, width: null, empty: null, side: "sell", style: style(), points: [{ at: 1, price: 12 }] },
        { fn: "DRAWTEXT", name: null, text: "B", icon: null, width: null, empty: null, side: "buy", style: style(), points: [{ at: 4, price: -1 }] },
        { fn: "STICKLINE", name: null, text: null, icon: null, width: 2, empty: true, side: null, style: style("line", { color: "#ff0000" }), points: [{ at: 0, price: 10, to: 11 }] },
      ],
    },
    times,
    low,
    high,
    "F",
  );
  assert.deepEqual(
    out.overlays.map((l) => [l.name, l.kind]),
    [
      ["MA", "line"],
      ["STICKLINE", "boxes"],
    ],
  );
  assert.deepEqual([out.overlays[0]!.color, out.overlays[0]!.width, out.overlays[0]!.dash], ["#ffff00", 2, "dotted"]);
  assert.deepEqual(out.overlays[1]!.values, [10, null, null, null, null]);
  assert.deepEqual(out.overlays[1]!.to, [11, null, null, null, null]);
  assert.equal(out.overlays[1]!.hollow, true);
  assert.equal(out.panes.length, 1);
  assert.deepEqual(
    out.panes[0]!.lines.map((l) => [l.name, l.kind]),
    [["OSC", "signed-bar"]],
    "NODRAW is left out",
  );
  assert.deepEqual(out.signals, [
    { time: "d4", name: "金叉", side: "buy" },
    { time: "d2", name: "DRAWICON", side: "sell", price: 12 },
  ]);
  assert.deepEqual(out.panes[0]!.marks, [{ time: "d5", name: "B", side: "buy", price: -1, text: "B" }], "a mark off the price scale goes to the pane");
});

test("values inside the candles' range are always on the price scale; an all-null column never is", () => {
  fc.assert(
    fc.property(
      fc.array(fc.double({ min: 1, max: 1000, noNaN: true }), { minLength: 1, maxLength: 50 }),
      fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 1, maxLength: 50 }),
      (base, fractions) => {
        const low = base.map((b) => b);
        const high = base.map((b) => b * 1.1);
        const lo = Math.min(...low);
        const hi = Math.max(...high);
        const values = fractions.map((f) => lo + f * (hi - lo));
        assert.equal(onPriceScale(values, low, high), true);
        assert.equal(
          onPriceScale(
            values.map(() => null),
            low,
            high,
          ),
          false,
        );
      },
    ),
    { numRuns: 200 },
  );
});
