/**
 * Formula endpoints over real HTTP against the simulator: validation reports,
 * compute answers equal to the engine run on the same `/bars` data, every
 * bound and 422, and the forum formulas in the shared fixtures validating and
 * computing through the API.
 */
import assert from "node:assert/strict";
import { readdirSync } from "node:fs";
import { after, before, describe, test } from "node:test";
import { allocSeries, type BarSeries } from "../../core/bars/series.ts";
import { compileFormula, evaluatePlan } from "../../core/formula/index.ts";
import { fixture, readFixtureText, skipUnless } from "../support/fixtures.ts";
import { call, FakeClock, startTestServer, type TestServer } from "../support/server.ts";

// Friday 2026-11-20 14:00 in Shanghai.
const clock = new FakeClock(Date.UTC(2026, 10, 20, 6, 0));

const MACD_CROSS = "DIF:EMA(CLOSE,12)-EMA(CLOSE,26);\nDEA:EMA(DIF,9);\n金叉:CROSS(DIF,DEA),COLORRED;\nV:VOL;";

/** `/bars` rows as a series, volume in lots as formulas see it on the quote-server path. */
function barsToSeries(rows: readonly Record<string, number | string>[], volUnit: number): BarSeries {
  const s = allocSeries(rows.length);
  rows.forEach((r, i) => {
    s.time[i] = Date.parse(`${r.date ?? r.datetime}Z`);
    for (const f of ["open", "high", "low", "close", "amount"] as const) s[f][i] = Number(r[f]);
    s.vol[i] = Number(r.vol) * volUnit;
  });
  return s;
}

/** The engine's own answer on a series: the last value of each output, null where none. */
function lastRow(text: string, s: BarSeries, params: Record<string, number> = {}, volUnit = 1): Record<string, number | null> {
  const plan = compileFormula(text, { params }).plan!;
  return Object.fromEntries(evaluatePlan(plan, s, { volUnit }).map((c) => [c.name, Number.isFinite(c.values.at(-1)!) ? c.values.at(-1)! : null]));
}

describe("formula endpoints", () => {
  let s: TestServer;
  const validate = (json: unknown) => call(s.url, "POST", "/api/v1/formula/validate", { json });
  const compute = (json: unknown) => call(s.url, "POST", "/api/v1/formula/compute", { json });
  before(async () => (s = await startTestServer({ clock })));
  after(() => s.dispose());

  test("validate: verdict, classes, drawn modifiers, future functions, parameters; no quotes needed", async () => {
    const ok = await validate({ text: `${MACD_CROSS}\nZIG(3,5),LINETHICK2;` });
    assert.equal(ok.status, 200);
    assert.equal(ok.body.ok, true);
    assert.equal(ok.body.error, null);
    assert.deepEqual(ok.body.outputs, [
      { name: "DIF", kind: "numeric" },
      { name: "DEA", kind: "numeric" },
      { name: "金叉", kind: "signal" },
      { name: "V", kind: "numeric" },
      { name: "OUTPUT_1", kind: "numeric" },
    ]);
    assert.deepEqual(ok.body.signals, ["金叉"]);
    assert.deepEqual(ok.body.values, ["DIF", "DEA", "V", "OUTPUT_1"]);
    assert.deepEqual(ok.body.ignored, [], "COLORRED and LINETHICK2 are drawn (compute answers them in `styles`)");
    assert.deepEqual(ok.body.future_functions, ["ZIG"]);
    assert.equal(ok.body.warnings[0].line, 5);

    const bad = await validate({ text: "A:MA(C,5);\nB:FOO(C)+;" });
    assert.equal(bad.status, 200);
    assert.equal(bad.body.ok, false);
    assert.equal(bad.body.errors[0].line, 2);
    assert.equal(typeof bad.body.errors[0].column, "number");
    assert.match(bad.body.error, /^line 2, column \d+: /);

    const unbound = await validate({ text: "A:MA(C,N);" });
    assert.equal(unbound.body.ok, false);
    assert.match(unbound.body.error, /unknown name N.*give it a value/);
    assert.deepEqual(unbound.body.params, [{ name: "N", value: null }]);
    const bound = await validate({ text: "A:MA(C,N);", params: { n: 5 } });
    assert.equal(bound.body.ok, true);
    assert.deepEqual(bound.body.params, [{ name: "n", value: 5 }]);
  });

  test("validate: bounds", async () => {
    assert.equal((await validate({ text: "" })).status, 422);
    assert.equal((await validate({})).status, 422);
    assert.equal((await validate({ text: 5 })).status, 422);
    assert.equal((await validate({ text: "A:C;", params: { N: "five" } })).status, 422);
    // a numeric string is a number, as pydantic's lax mode reads it
    assert.equal((await validate({ text: "A:C;", params: { N: "5" } })).status, 200);
    const long = await validate({ text: `A:C;${" ".repeat(7997)}` });
    assert.equal(long.status, 422);
    assert.equal(long.body.detail[0].type, "string_too_long");
    assert.equal((await validate({ text: `A:C;${" ".repeat(7996)}` })).status, 200, "8,000 characters");
  });

  test("compute by symbol: the engine's numbers on the same /bars data, VOL in lots", async () => {
    const r = await compute({ text: MACD_CROSS, symbol: "SH:600519", count: 300, tail: 3 });
    assert.equal(r.status, 200);
    assert.equal(r.body.symbol, "SH:600519");
    assert.equal(r.body.count, 300);
    assert.deepEqual(r.body.signals, ["金叉"]);
    assert.deepEqual(r.body.adjust, { requested: "QFQ", applied: "QFQ", method: "affine" });
    const bars = await call(s.url, "GET", "/api/v1/bars?market=SH&code=600519&count=300");
    const series = barsToSeries(bars.body.data, 1);
    assert.deepEqual(r.body.last_row, lastRow(MACD_CROSS, series, {}, 100));
    assert.equal(r.body.last_time, bars.body.data.at(-1).date);
    assert.equal(r.body.recent.length, 3);
    assert.deepEqual(
      r.body.recent.map((x: { date: string }) => x.date),
      bars.body.data.slice(-3).map((x: { date: string }) => x.date),
    );
    assert.equal(r.body.recent[2].V, r.body.last_row.V);
    assert.equal(r.body.last_row.V, bars.body.data.at(-1).vol / 100);

    const same = await compute({ text: MACD_CROSS, market: "sh", code: "600519", count: 300, tail: 0, category: "day" });
    assert.deepEqual(same.body.last_row, r.body.last_row);
    assert.equal(same.body.recent, undefined, "tail 0: no detail");
  });

  test("compute by symbol: more than one page of bars, minute bars, indices, PERIOD", async () => {
    const long = await compute({ text: "A:MA(C,5);P:PERIOD;", symbol: "SZ:000001", count: 2000, adjust: "NONE", tail: 1 });
    assert.equal(long.status, 200);
    assert.equal(long.body.count, 2000);
    assert.equal(long.body.last_row.P, 5);
    const page = await call(s.url, "GET", "/api/v1/bars?market=SZ&code=000001&count=800&adjust=NONE");
    const tail5 = page.body.data.slice(-5).map((x: { close: number }) => x.close);
    assert.ok(
      Math.abs(long.body.last_row.A - tail5.reduce((a: number, b: number) => a + b, 0) / 5) < 1e-9,
      "Math.abs(long.body.last_row.A - tail5.reduce((a: number, b: number) => a + b, 0) / 5) < 1e-9",
    );

    const minute = await compute({ text: "A:C;P:PERIOD;", symbol: "SZ:000001", category: "MIN_5", count: 20, tail: 2 });
    assert.equal(minute.body.last_row.P, 1);
    assert.match(minute.body.recent[1].datetime, /^2026-11-20T\d\d:\d\d:00$/);

    const index = await compute({ text: "V:VOL;", symbol: "SH:000001", count: 20, tail: 1 });
    const ib = await call(s.url, "GET", "/api/v1/bars/index?market=SH&code=000001&count=20");
    assert.equal(index.body.last_row.V, ib.body.data.at(-1).vol, "index volume is already in lots");

    const m120 = await compute({ text: "A:C;", symbol: "SZ:000001", category: "MIN_120", count: 2000, tail: 0 });
    assert.equal(m120.body.count, 400);
  });

  test("compute inline: the engine's numbers on the caller's bars, times echoed", async () => {
    const rows = Array.from({ length: 40 }, (_, i) => ({
      datetime: `2024-03-01 ${String(10 + Math.floor(i / 60)).padStart(2, "0")}:${String(i % 60).padStart(2, "0")}`,
      open: 10 + Math.sin(i),
      high: 11 + Math.sin(i),
      low: 9 + Math.sin(i),
      close: 10.5 + Math.sin(i),
      vol: 1000 + i,
    }));
    const text = "K:SMA((C-LLV(L,9))/(HHV(H,9)-LLV(L,9))*100,3,1);V:VOL;T:TIME;";
    const r = await compute({ text, ohlcv: rows, category: "MIN_1", tail: 2 });
    assert.equal(r.status, 200);
    assert.equal(r.body.symbol, null);
    const series = allocSeries(rows.length);
    rows.forEach((row, i) => {
      series.time[i] = Date.parse(`${row.datetime.replace(" ", "T")}Z`);
      series.open[i] = row.open;
      series.high[i] = row.high;
      series.low[i] = row.low;
      series.close[i] = row.close;
      series.vol[i] = row.vol;
      series.amount[i] = NaN;
    });
    assert.deepEqual(r.body.last_row, lastRow(text, series));
    assert.equal(r.body.last_row.V, 1039, "inline volume is taken as sent");
    assert.equal(r.body.last_row.T, 103900);
    assert.deepEqual(
      r.body.recent.map((x: { datetime: string }) => x.datetime),
      [rows[38]!.datetime, rows[39]!.datetime],
    );
  });

  test("compute: styles per output always; with plot, every bar's lines with their drawing and the DRAWICON/DRAWTEXT/STICKLINE marks", async () => {
    const text =
      "DIF:EMA(C,12)-EMA(C,26),COLORWHITE;DEA:EMA(DIF,9),COLOR00FFFF,LINETHICK2;MACD:2*(DIF-DEA),COLORSTICK;" +
      "金叉:CROSS(DIF,DEA);死叉:CROSS(DEA,DIF),NODRAW;DRAWICON(CROSS(DIF,DEA),L,1);DRAWTEXT(CROSS(DEA,DIF),H,'卖'),COLORGREEN;STICKLINE(C>O,C,O,2,1),DOTLINE;";
    const plain = await compute({ text, symbol: "SZ:000001", count: 300, tail: 1 });
    assert.equal(plain.status, 200);
    assert.equal(plain.body.plot, undefined, "no plot unless asked");
    assert.deepEqual(plain.body.styles.MACD, { plot: "colorstick", line: "solid", color: null, thick: null });
    assert.deepEqual(plain.body.styles.DEA, { plot: "line", line: "solid", color: "#ffff00", thick: 2 });
    assert.equal(plain.body.styles.死叉.plot, "none");
    assert.deepEqual(Object.keys(plain.body.last_row), ["DIF", "DEA", "MACD", "金叉", "死叉"], "drawing columns stay out of the rows");

    const r = await compute({ text, symbol: "SZ:000001", count: 300, tail: 1, plot: true });
    assert.equal(r.status, 200);
    const bars = await call(s.url, "GET", "/api/v1/bars?market=SZ&code=000001&count=300");
    const rows = bars.body.data as { date: string; open: number; high: number; low: number; close: number }[];
    const { plot } = r.body;
    assert.deepEqual(
      plot.time,
      rows.map((x) => x.date),
      "every bar, not the last 100",
    );
    assert.deepEqual(
      plot.lines.map((l: { name: string; side: string | null }) => [l.name, l.side]),
      [
        ["DIF", null],
        ["DEA", null],
        ["MACD", null],
        ["金叉", "buy"],
        ["死叉", "sell"],
      ],
    );
    // the columns agree with the engine on the same bars; crosses counted independently from DIF and DEA
    const series = barsToSeries(rows as never, 1);
    const engine = evaluatePlan(compileFormula(text).plan!, series);
    plot.lines.forEach((l: { values: (number | null)[] }, k: number) =>
      assert.deepEqual(
        l.values,
        Array.from(engine[k]!.values, (v) => (Number.isFinite(v) ? v : null)),
        `line ${k}`,
      ),
    );
    const [dif, dea] = [plot.lines[0].values as number[], plot.lines[1].values as number[]];
    const ups: number[] = [];
    const downs: number[] = [];
    for (let i = 1; i < rows.length; i++) {
      if (dif[i - 1]! < dea[i - 1]! && dif[i]! > dea[i]!) ups.push(i);
      if (dea[i - 1]! < dif[i - 1]! && dea[i]! > dif[i]!) downs.push(i);
    }
    assert.ok(ups.length > 2 && downs.length > 2, "the bars cross both ways");
    const [icon, label, stick] = plot.drawings;
    assert.deepEqual([icon.fn, icon.icon, icon.side], ["DRAWICON", 1, "buy"]);
    assert.deepEqual(
      icon.points,
      ups.map((i) => ({ at: i, price: rows[i]!.low })),
    );
    assert.deepEqual([label.fn, label.text, label.side, label.style.color], ["DRAWTEXT", "卖", "sell", "#00ff00"]);
    assert.deepEqual(
      label.points.map((p: { at: number }) => p.at),
      downs,
    );
    assert.deepEqual([stick.fn, stick.width, stick.empty, stick.style.line], ["STICKLINE", 2, true, "dotted"]);
    const rising = rows.flatMap((x, i) => (x.close > x.open ? [{ at: i, price: x.close, to: x.open }] : []));
    assert.deepEqual(stick.points, rising);
  });

  test("compute: 422 for formula errors, bar sources and bounds; 404 for an unknown security", async () => {
    const text = "A:C;";
    const broken = await compute({ text: "A:MA(C,5;\nB:FOO(C);", symbol: "SZ:000001" });
    assert.equal(broken.status, 422);
    assert.deepEqual(broken.body.detail[0].loc, ["body", "text"]);
    assert.match(broken.body.detail[0].msg, /^Value error, line 1, column \d+: /);
    // the diagnostics' codes and values ride along in FastAPI's `ctx`, for clients in other languages
    assert.deepEqual([broken.body.detail[0].ctx.code, broken.body.detail[0].ctx.line, broken.body.detail[0].ctx.params.name], ["expected_comma_or_close", 1, "MA"]);
    const unknownFn = await compute({ text: "A:C;\nB:FOO(C);", symbol: "SZ:000001" });
    assert.deepEqual(
      unknownFn.body.detail.map((d: { ctx: { code: string; line: number; params: { name: string } } }) => [d.ctx.code, d.ctx.line, d.ctx.params.name]),
      [["unknown_function", 2, "FOO"]],
    );
    const checked = await call(s.url, "POST", "/api/v1/formula/validate", { json: { text: "A:MA(C,5;" } });
    assert.equal(checked.body.errors[0].code, "expected_comma_or_close");
    assert.deepEqual(checked.body.errors[0].params, { name: "MA", line: 1, column: 5, found: "';'", found_kind: "token", found_text: ";" });
    const rows = [{ date: "2024-01-02", open: 1, high: 2, low: 1, close: 1, vol: 1 }];
    const cases: [unknown, (string | number)[]][] = [
      [{ text }, ["body"]],
      [{ text, symbol: "SZ:000001", ohlcv: rows }, ["body"]],
      [{ text, market: "SZ" }, ["body", "code"]],
      [{ text, symbol: "SZ:000001", code: "000002" }, ["body", "symbol"]],
      [{ text, symbol: "HK:000001" }, ["body", "symbol"]],
      [{ text, symbol: "SZ:000001", count: 19 }, ["body", "count"]],
      [{ text, symbol: "SZ:000001", count: 2001 }, ["body", "count"]],
      [{ text, symbol: "SZ:000001", tail: 101 }, ["body", "tail"]],
      [{ text, symbol: "SZ:000001", tail: -1 }, ["body", "tail"]],
      [{ text, symbol: "SZ:000001", start: -1 }, ["body", "start"]],
      [{ text, symbol: "SZ:000001", category: "MIN_2" }, ["body", "category"]],
      [{ text, symbol: "SZ:000001", adjust: "XFQ" }, ["body", "adjust"]],
      [{ text, ohlcv: [] }, ["body", "ohlcv"]],
      [{ text, ohlcv: [{ ...rows[0], high: 0.5 }] }, ["body", "ohlcv", 0, "high"]],
      [{ text, ohlcv: [rows[0], { ...rows[0] }] }, ["body", "ohlcv", 1, "date"]],
      [{ text, ohlcv: [{ ...rows[0], vol: "x" }] }, ["body", "ohlcv", 0, "vol"]],
    ];
    for (const [json, loc] of cases) {
      const r = await compute(json);
      assert.equal(r.status, 422, JSON.stringify(json));
      assert.deepEqual(r.body.detail[0].loc, loc, JSON.stringify(r.body));
    }
    const tooMany = await compute({ text, ohlcv: Array.from({ length: 2001 }, (_, i) => ({ ...rows[0], date: undefined, open: i })) });
    assert.equal(tooMany.body.detail[0].type, "too_long");
    const unknown = await compute({ text, symbol: "SZ:999999" });
    assert.equal(unknown.status, 404);
    assert.equal(unknown.body.detail, "Unknown security SZ:999999");
  });
});

/** Forum formulas (shared/fixtures/formulas, SOURCES.md) through the API on simulator bars. */
describe("forum formulas through the API", { skip: skipUnless("formulas") }, () => {
  const PARAMS: Record<string, Record<string, number>> = { "02": { M: 10 }, "24": { N1: 60, P: 60 }, "29": { N: 7 }, "30": { N: 10 } };
  const NEEDS_DATA = new Set(["29"]);
  const files = fixture("formulas")
    ? readdirSync(fixture("formulas")!)
        .filter((f) => f.endsWith(".txt"))
        .sort()
    : [];
  let s: TestServer;
  let daily: BarSeries;
  before(async () => {
    s = await startTestServer({ clock });
    const bars = await call(s.url, "GET", "/api/v1/bars?market=SH&code=600519&count=250");
    daily = barsToSeries(bars.body.data, 1);
  });
  after(() => s.dispose());

  for (const file of files) {
    const id = file.slice(0, 2);
    test(`${file} validates and computes with the engine's numbers`, async () => {
      const text = readFixtureText(`formulas/${file}`);
      const params = PARAMS[id] ?? {};
      const v = await call(s.url, "POST", "/api/v1/formula/validate", { json: { text, params } });
      assert.equal(v.status, 200);
      if (NEEDS_DATA.has(id)) {
        assert.equal(v.body.ok, false);
        assert.match(v.body.error, /needs block/);
        const c = await call(s.url, "POST", "/api/v1/formula/compute", { json: { text, params, symbol: "SH:600519" } });
        assert.equal(c.status, 422, "a formula needing data OHLCV bars lack does not compute");
        return;
      }
      assert.equal(v.body.ok, true, v.body.error);
      const c = await call(s.url, "POST", "/api/v1/formula/compute", { json: { text, params, symbol: "SH:600519", tail: 5 } });
      assert.equal(c.status, 200, JSON.stringify(c.body));
      assert.deepEqual(c.body.outputs, v.body.outputs);
      assert.deepEqual(c.body.future_functions, v.body.future_functions);
      assert.deepEqual(c.body.last_row, lastRow(text, daily, params, 100));
      for (const row of c.body.recent ?? []) {
        for (const o of v.body.signals) assert.ok(row[o] === null || row[o] === 0 || row[o] === 1, `${o} is a signal`);
      }
    });
  }
});
