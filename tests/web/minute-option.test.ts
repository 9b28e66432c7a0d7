/** The intraday chart: the session's time axis, the average-price line and the scale around the previous close. */
import assert from "node:assert/strict";
import { test } from "node:test";
import { minuteOption, sessionMinutes } from "../../apps/web/src/charts/minute-option.ts";
import type { Palette } from "../../apps/web/src/charts/palette.ts";

const palette: Palette = { up: "u", down: "d", text: "t", muted: "m", grid: "g", panel: "p", accent: "a", pivot: "v", series: ["s1", "s2"] };

test("the session axis has the 240 trading minutes and skips the lunch break", () => {
  const axis = sessionMinutes(false);
  assert.equal(axis.length, 240);
  assert.equal(axis[0], "09:31");
  assert.equal(axis[119], "11:30");
  assert.equal(axis[120], "13:01");
  assert.equal(axis.at(-1), "15:00");
  assert.ok(!axis.includes("12:00"), '!axis.includes("12:00")');
  assert.deepEqual(sessionMinutes(true).slice(0, 2), ["09:30", "09:31"]);
});

test("price and volume-weighted average fill the minutes traded so far; the scale is symmetric around the previous close", () => {
  const rows = [
    { time: "09:31", price: 10.2, vol: 100 },
    { time: "09:32", price: 10.0, vol: 300 },
    { time: "09:33", price: 9.9, vol: 100 },
  ];
  const o = minuteOption({ rows, preClose: 10, decimals: 2, palette, labels: { price: "P", average: "A", volume: "V" }, compact: String }) as Record<string, any>;
  const [price, avg, vol] = o.series;
  assert.equal(price.data.length, 240);
  assert.deepEqual(price.data.slice(0, 4), [10.2, 10.0, 9.9, null]);
  assert.ok(Math.abs(avg.data[1] - (10.2 * 100 + 10 * 300) / 400) < 1e-12, "Math.abs(avg.data[1] - (10.2 * 100 + 10 * 300) / 400) < 1e-12");
  assert.ok(Math.abs(avg.data[2] - (10.2 * 100 + 10 * 300 + 9.9 * 100) / 500) < 1e-12, "Math.abs(avg.data[2] - (10.2 * 100 + 10 * 300 + 9.9 * 100) / 500) < 1e-12");
  assert.equal(vol.data[0].itemStyle.color, "u", "first minute above the previous close");
  assert.equal(vol.data[1].itemStyle.color, "d");
  const y = o.yAxis[0];
  assert.ok(Math.abs(10 - y.min - (y.max - 10)) < 1e-9, "symmetric");
  assert.ok(y.max >= 10.2 && y.min <= 9.9, "y.max >= 10.2 && y.min <= 9.9");
  assert.deepEqual(price.markLine.data, [{ yAxis: 10 }]);
});
