/** Backtest results on charts: time labels, trade markers on their bars, the equity/drawdown option, and the K-line's trade pins. */
import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import type { Trade } from "../../apps/web/src/api/backtest-types.ts";
import { barKey } from "../../apps/web/src/backtest/time-keys.ts";
import { tradeMarks } from "../../apps/web/src/backtest/trade-marks.ts";
import { barColumns } from "../../apps/web/src/charts/bar-columns.ts";
import { alignTo, equityOption, unionTimes } from "../../apps/web/src/charts/equity-option.ts";
import { klineOption } from "../../apps/web/src/charts/kline-option.ts";
import type { Palette } from "../../apps/web/src/charts/palette.ts";

const palette: Palette = { up: "#e00", down: "#0a0", text: "#111", muted: "#777", grid: "#ccc", panel: "#fff", accent: "#00f", pivot: "#fa0", series: ["#1", "#2", "#3"] };
type AnyOption = Record<string, any>;

test("result stamps become the bar endpoint's time labels", () => {
  assert.equal(barKey("2026-11-20T00:00:00"), "2026-11-20");
  assert.equal(barKey("2026-11-20T13:55:00"), "2026-11-20 13:55");
  assert.equal(barKey("2026-11-20 13:55"), "2026-11-20 13:55");
  assert.equal(barKey("2026-11-20"), "2026-11-20");
});

const trade = (datetime: string, action: Trade["action"], price: number | null, rejected = false): Trade => ({
  datetime,
  direction: action === "open_long" || action === "close_short" ? "BUY" : "SELL",
  size: 100,
  price,
  commission: 5,
  pnl: 0,
  rejected,
  reason: rejected ? "limit_up" : null,
  action,
  entry_datetime: null,
  entry_price: null,
  holding_days: null,
  holding_bars: null,
  return_pct: null,
});
const LETTERS = { open_long: "B", close_long: "S", open_short: "SS", close_short: "BC" };

test("fills land on their drawn bar at their price; refused attempts are marked; fills off the chart are left out", () => {
  const times = ["2026-01-05", "2026-01-06", "2026-01-07"];
  const marks = tradeMarks(
    [
      trade("2026-01-05T00:00:00", "open_long", 10),
      trade("2026-01-06T00:00:00", "close_long", 11, true),
      trade("2026-01-07T00:00:00", "close_long", 12),
      trade("2026-01-08T00:00:00", "open_short", 13),
      trade("2026-01-07T00:00:00", "open_short", null),
    ],
    times,
    LETTERS,
    true,
  );
  assert.deepEqual(marks, [
    { time: "2026-01-05", price: 10, side: "buy", label: "B", rejected: false },
    { time: "2026-01-06", price: 11, side: "sell", label: "S", rejected: true },
    { time: "2026-01-07", price: 12, side: "sell", label: "S", rejected: false },
  ]);
  assert.equal(tradeMarks([trade("2026-01-06T00:00:00", "close_long", 11, true)], times, LETTERS, false).length, 0);
});

test("60-minute bars as the service sends them (isoformat, as easy_tdx): each intraday fill lands on its own bar, not the day's first", () => {
  const row = (datetime: string) => ({ datetime, open: 10, high: 10, low: 10, close: 10, vol: 1, amount: 10 });
  const cols = barColumns(["2026-11-26T10:30:00", "2026-11-26T11:30:00", "2026-11-26T14:00:00", "2026-11-26T15:00:00"].map(row));
  assert.deepEqual(cols.times, ["2026-11-26 10:30", "2026-11-26 11:30", "2026-11-26 14:00", "2026-11-26 15:00"]);
  const marks = tradeMarks([trade("2026-11-26T14:00:00", "open_long", 10), trade("2026-11-26T15:00:00", "close_long", 10)], cols.times, LETTERS, false);
  assert.deepEqual(
    marks.map((m) => m.time),
    ["2026-11-26 14:00", "2026-11-26 15:00"],
  );
  assert.deepEqual(barColumns([{ date: "2026-11-26T00:00:00", open: 1, high: 1, low: 1, close: 1, vol: 1, amount: 1 }]).times, ["2026-11-26"]);
});

test("the K-line draws trade pins (buy below pointing up in the up colour, sell above in the down colour) and lists them in the tooltip", () => {
  const times = ["d1", "d2", "d3"];
  const { option } = klineOption({
    times,
    open: [1, 2, 3],
    high: [2, 3, 4],
    low: [0.5, 1.5, 2.5],
    close: [1.5, 2.5, 3.5],
    vol: [1, 1, 1],
    overlays: [],
    panes: [],
    chan: null,
    signals: [],
    trades: [
      { time: "d1", price: 1.2, side: "buy", label: "B", rejected: false },
      { time: "d3", price: 3.4, side: "sell", label: "S", rejected: true },
    ],
    decimals: 2,
    palette,
    labels: { kline: "K", volume: "V", strokes: "s", segments: "g", open: "O", high: "H", low: "L", close: "C", changePct: "%" },
    compact: String,
    narrow: false,
  }) as { option: AnyOption };
  const pins = option.series[0].markPoint.data as AnyOption[];
  assert.deepEqual(
    pins.map((p) => [p.coord, p.value, p.symbolRotate, p.itemStyle.color]),
    [
      [["d1", 1.2], "B", 180, "#e00"],
      [["d3", 3.4], "S", 0, "#777"],
    ],
  );
  const html = option.tooltip.formatter([{ dataIndex: 0, seriesName: "K", value: 0, color: "", seriesType: "candlestick" }]) as string;
  assert.match(html, /<span>B<\/span><b style="color:#e00">1\.20<\/b>/);
});

test("curves are aligned on the union of their times, blank where a curve has no bar", () => {
  fc.assert(
    fc.property(fc.array(fc.uniqueArray(fc.integer({ min: 0, max: 40 }), { maxLength: 15 }), { minLength: 1, maxLength: 4 }), (lists) => {
      const keys = lists.map((l) => l.map((d) => `2026-01-${String(d + 1).padStart(2, "0")}`));
      const axis = unionTimes(keys);
      assert.deepEqual(axis, [...new Set(keys.flat())].sort());
      for (const k of keys) {
        const aligned = alignTo(
          axis,
          k,
          k.map((_, i) => i),
        );
        assert.equal(aligned.filter((v) => v !== null).length, k.length);
        k.forEach((t, i) => assert.equal(aligned[axis.indexOf(t)], i));
      }
    }),
  );
});

test("equity option: CNY for one result with buy and hold, net value from 1.00 when comparing, drawdown drawn below zero", () => {
  const a = { name: "A", times: ["d1", "d2", "d3"], values: [100, 110, 99], drawdown: [0, 0, 0.1] };
  const b = { name: "B", times: ["d2", "d3"], values: [50, 60], drawdown: [0, 0] };
  const one = equityOption({
    curves: [a],
    normalise: false,
    benchmark: { name: "BH", times: ["d1", "d3"], values: [100, 90] },
    palette,
    labels: { equity: "E", drawdown: "DD" },
    compact: String,
    narrow: false,
  }).option as AnyOption;
  assert.deepEqual(
    one.series.map((s: AnyOption) => [s.name, s.data]),
    [
      ["A", [100, 110, 99]],
      ["BH", [100, null, 90]],
      ["DD", [0, 0, -0.1]],
    ],
  );
  const two = equityOption({ curves: [a, b], normalise: true, palette, labels: { equity: "E", drawdown: "DD" }, compact: String, narrow: true }).option as AnyOption;
  assert.deepEqual(two.xAxis[0].data, ["d1", "d2", "d3"]);
  assert.deepEqual(two.series[0].data, [1, 1.1, 0.99]);
  assert.deepEqual(two.series[1].data, [null, 1, 1.2]);
  assert.deepEqual(two.legend.data, ["A", "B"]);
  assert.equal(two.series[3].name, "B · DD");
});
