/**
 * Drawing attributes: every style word TDX uses is parsed into the output's
 * style, colours in TDX's BBGGRR order; signals are read as buy or sell; and
 * DRAWICON, DRAWTEXT and STICKLINE mark exactly the bars where their
 * condition holds, checked against a plain loop over the same bars.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { colorOf, compileFormula, evaluatePlan, plotFormula, sideOfIcon, sideOfName } from "../../../core/formula/index.ts";
import { bars } from "./helpers.ts";

const styleOf = (line: string) => {
  const c = compileFormula(line);
  assert.ok(c.ok, `compiles: ${line}`);
  return c.styles[0]!;
};

test("plot forms: COLORSTICK, STICK, VOLSTICK, LINESTICK, POINTDOT, CROSSDOT, CIRCLEDOT and NODRAW; a plain line otherwise", () => {
  assert.equal(styleOf("A:C;").plot, "line");
  assert.equal(styleOf("MACD:C-O,COLORSTICK;").plot, "colorstick");
  assert.equal(styleOf("A:C-O,STICK;").plot, "stick");
  assert.equal(styleOf("A:VOL,VOLSTICK;").plot, "volstick");
  assert.equal(styleOf("A:C,LINESTICK;").plot, "linestick");
  assert.equal(styleOf("A:C,POINTDOT;").plot, "pointdot");
  assert.equal(styleOf("A:C,crossdot;").plot, "crossdot");
  assert.equal(styleOf("A:C,CircleDot;").plot, "circledot");
  assert.equal(styleOf("A:C,NODRAW;").plot, "none");
});

test("line pattern and width: DOTLINE, DASHLINE, LINETHICKn (0 included)", () => {
  assert.deepEqual(styleOf("A:C,DOTLINE;"), { plot: "line", line: "dotted", color: null, thick: null });
  assert.equal(styleOf("A:C,DASHLINE;").line, "dashed");
  assert.equal(styleOf("A:C,LINETHICK3;").thick, 3);
  assert.equal(styleOf("A:C,LINETHICK0;").thick, 0);
  assert.deepEqual(styleOf("A:C,COLORRED,LINETHICK2,DOTLINE;"), { plot: "line", line: "dotted", color: "#ff0000", thick: 2 });
});

test("named colours and COLOR + hex in TDX's BBGGRR order (COLOR0000FF is red); later words win", () => {
  assert.equal(styleOf("A:C,COLORRED;").color, "#ff0000");
  assert.equal(styleOf("A:C,COLORGREEN;").color, "#00ff00");
  assert.equal(styleOf("A:C,colorwhite;").color, "#ffffff");
  assert.equal(styleOf("A:C,COLOR0000FF;").color, "#ff0000");
  assert.equal(styleOf("A:C,COLORFF0000;").color, "#0000ff");
  assert.equal(styleOf("A:C,CoLor00FFFF;").color, "#ffff00");
  assert.equal(styleOf("A:C,COLORRED,COLORBLUE;").color, "#0000ff");
  assert.equal(colorOf("LINETHICK2"), null);
  // any BBGGRR: the #rrggbb answer read back byte by byte is the same colour
  fc.assert(
    fc.property(fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: 255 }), (r, g, b) => {
      const hex = (v: number) => v.toString(16).padStart(2, "0");
      const css = colorOf(`COLOR${hex(b)}${hex(g)}${hex(r)}`);
      assert.equal(css, `#${hex(r)}${hex(g)}${hex(b)}`, "BBGGRR becomes #rrggbb");
    }),
  );
});

test("styles follow their output, anonymous and re-plotted lines included", () => {
  const c = compileFormula("DIF:C-O,COLORWHITE;DEA:=C,COLORYELLOW;DEA,COLORYELLOW,LINETHICK2;2*(DIF-DEA),COLORSTICK;");
  assert.deepEqual(
    c.outputs.map((o) => o.name),
    ["DIF", "DEA", "OUTPUT_2"],
  );
  assert.deepEqual(
    c.styles.map((s) => [s.plot, s.color, s.thick]),
    [
      ["line", "#ffffff", null],
      ["line", "#ffff00", 2],
      ["colorstick", null, null],
    ],
  );
});

test("buy and sell are read from names, DRAWTEXT text and DRAWICON's icon number", () => {
  for (const buy of ["金叉", "买入", "BUY", "b", "B1", "多头", "抄底", "LONG_ENTRY"]) assert.equal(sideOfName(buy), "buy", buy);
  for (const sell of ["死叉", "卖出", "SELL", "S", "空头", "逃顶", "卖出信号买不得"]) assert.equal(sideOfName(sell), "sell", sell);
  for (const none of ["DIF", "BOLL", "SAR", "信号", null]) assert.equal(sideOfName(none), null, String(none));
  // TDX's icons as HQChart reproduces them (umychart.complier.js, g_JSComplierResource): red ↑ B ▲ buy, green ↓ S ▼ sell
  const hqchart: Record<number, "buy" | "sell"> = { 1: "buy", 2: "sell", 7: "buy", 8: "sell", 13: "buy", 14: "sell", 38: "buy", 39: "sell" };
  for (let icon = 0; icon <= 105; icon++) assert.equal(sideOfIcon(icon), hqchart[icon] ?? null, `icon ${icon}`);
  // the icon decides before the name: a sell arrow under a name that says buy is a sell
  const s = bars({ close: [10, 11, 12, 13], open: [10, 11, 12, 13], high: [11, 12, 13, 14], low: [9, 10, 11, 12] });
  const c = compileFormula("DRAWICON(C>11,H,8);\nDRAWICON(C>11,L,38);\n买:C>12;", { drawings: true });
  const plot = plotFormula(c, evaluatePlan(c.plan!, s));
  assert.deepEqual(
    plot.drawings.map((d) => [d.icon, d.side]),
    [
      [8, "sell"],
      [38, "buy"],
    ],
  );
});

test("DRAWICON, DRAWTEXT and STICKLINE mark the bars where their condition holds, at their price, over every bar", () => {
  const close = Array.from({ length: 300 }, (_, i) => 10 + Math.sin(i / 4) * 2 + i / 100);
  const open = close.map((c, i) => c + Math.cos(i / 3) * 0.3);
  const s = bars({ close, open, high: close.map((c, i) => Math.max(c, open[i]!) + 0.5), low: close.map((c, i) => Math.min(c, open[i]!) - 0.5) });
  const c = compileFormula("M5:MA(C,5);M10:MA(C,10);金叉:CROSS(M5,M10);DRAWICON(CROSS(M10,M5),H,2);信号:DRAWTEXT(CROSS(M5,M10),L,'买');STICKLINE(C>O,C,O,3,0),COLORRED;DRAWNUMBER(C>O,H,C);", {
    drawings: true,
  });
  assert.ok(c.plan, "compiles");
  const plot = plotFormula(c, evaluatePlan(c.plan, s));
  assert.deepEqual(
    plot.lines.map((l) => [l.name, l.side]),
    [
      ["M5", null],
      ["M10", null],
      ["金叉", "buy"],
    ],
  );
  // a second, plain computation of the crosses
  const ma = (n: number) => close.map((_, i) => (i < n - 1 ? NaN : close.slice(i - n + 1, i + 1).reduce((a, b) => a + b, 0) / n));
  const [m5, m10] = [ma(5), ma(10)];
  const up: number[] = [];
  const down: number[] = [];
  for (let i = 10; i < close.length; i++) {
    if (m5[i - 1]! < m10[i - 1]! && m5[i]! > m10[i]!) up.push(i);
    if (m10[i - 1]! < m5[i - 1]! && m10[i]! > m5[i]!) down.push(i);
  }
  assert.ok(up.length > 3 && down.length > 3, "the series crosses several times");
  const [icon, text, stick] = plot.drawings;
  assert.equal(plot.drawings.length, 3, "DRAWNUMBER is not drawn (only DRAWICON, DRAWTEXT, STICKLINE)");
  assert.deepEqual([icon!.fn, icon!.icon, icon!.side], ["DRAWICON", 2, "sell"]);
  assert.deepEqual(
    icon!.points.map((p) => p.at),
    down,
  );
  assert.deepEqual(
    icon!.points.map((p) => p.price),
    down.map((i) => s.high[i]),
  );
  assert.deepEqual([text!.fn, text!.name, text!.text, text!.side], ["DRAWTEXT", "信号", "买", "buy"]);
  assert.deepEqual(
    text!.points.map((p) => p.at),
    up,
  );
  assert.ok(up.at(-1)! > 200, "marks cover the whole series, not only its tail");
  const rising = close.flatMap((v, i) => (v > open[i]! ? [i] : []));
  assert.deepEqual([stick!.fn, stick!.width, stick!.empty, stick!.style.color], ["STICKLINE", 3, false, "#ff0000"]);
  assert.deepEqual(
    stick!.points.map((p) => [p.at, p.price, p.to]),
    rising.map((i) => [i, close[i], open[i]]),
  );
});

test("without `drawings`, the plan returns the outputs only (backtests and screens are unchanged)", () => {
  const text = "A:C;DRAWICON(C>O,L,1);";
  const s = bars({ close: [1, 2, 3], open: [0, 3, 2] });
  assert.equal(evaluatePlan(compileFormula(text).plan!, s).length, 1);
  assert.equal(evaluatePlan(compileFormula(text, { drawings: true }).plan!, s).length, 4);
  assert.deepEqual(
    compileFormula(text).drawings.map((d) => d.fn),
    ["DRAWICON"],
  );
});
