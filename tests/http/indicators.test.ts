/**
 * Indicator endpoints over real HTTP: the list, compute answers equal to the
 * plugins' own numbers, every bound, and a FastAPI-shaped 422 naming the row
 * or field for each kind of bad record or bad request.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { allocSeries } from "../../core/bars/series.ts";
import { indicators } from "../../plugins/indicators/index.ts";
import { randomWalk } from "../plugins/indicators/market.ts";
import { call, FakeClock, startTestServer, type TestServer } from "../support/server.ts";

const clock = new FakeClock(Date.UTC(2026, 10, 20, 6, 0));

const pad = (n: number) => String(n).padStart(2, "0");
/** Records of a random walk, one per calendar day from 2024-01-01. */
function records(n: number, seed = 3): Record<string, unknown>[] {
  const s = randomWalk(n, seed);
  return Array.from({ length: n }, (_, i) => {
    const d = new Date(Date.UTC(2024, 0, 1 + i));
    return {
      date: `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`,
      open: s.open[i],
      high: s.high[i],
      low: s.low[i],
      close: s.close[i],
      vol: s.vol[i],
      amount: s.amount[i],
    };
  });
}

function seriesOf(rows: readonly Record<string, unknown>[]) {
  const s = allocSeries(rows.length);
  rows.forEach((r, i) => {
    for (const f of ["open", "high", "low", "close", "vol", "amount"] as const) s[f][i] = Number(r[f]);
  });
  return s;
}

const byId = new Map(indicators.map((p) => [p.id, p]));
const nullable = (v: number) => (Number.isFinite(v) ? v : null);

describe("indicator endpoints", () => {
  let s: TestServer;
  const compute = (json: unknown) => call(s.url, "POST", "/api/v1/indicator/compute", { json });
  before(async () => (s = await startTestServer({ clock })));
  after(() => s.dispose());

  test("list: every built-in with parameters, defaults, output columns, inputs and formula", async () => {
    const r = await call(s.url, "GET", "/api/v1/indicator/list");
    assert.equal(r.status, 200);
    assert.equal(r.body.length, indicators.length);
    const macd = r.body.find((x: { id: string }) => x.id === "MACD");
    assert.deepEqual(
      macd.params.map((p: { name: string; default: number }) => [p.name, p.default]),
      [
        ["SHORT", 12],
        ["LONG", 26],
        ["MID", 9],
      ],
    );
    assert.deepEqual(macd.default_params, { SHORT: 12, LONG: 26, MID: 9 });
    assert.equal(macd.name, "MACD");
    assert.deepEqual(macd.outputs, ["MACD_DIF", "MACD_DEA", "MACD"]);
    assert.deepEqual(macd.lines, ["DIF", "DEA", "MACD"]);
    assert.deepEqual(macd.inputs, ["close"]);
    assert.match(macd.formula, /EMA\(CLOSE,SHORT\)/);
    assert.equal(macd.title, "MACD 平滑异同平均线");
    assert.equal(macd.title_en, "MACD Moving Average Convergence Divergence", "the name in English for the web app");
    for (const x of r.body as { id: string; title_en: string }[]) assert.doesNotMatch(x.title_en, /[\u4e00-\u9fff]/, `${x.id}: an English name`);
    const kdj = r.body.find((x: { id: string }) => x.id === "KDJ");
    assert.deepEqual(kdj.inputs, ["high", "low", "close"]);
    assert.deepEqual(kdj.outputs, ["KDJ_K", "KDJ_D", "KDJ_J"]);
    const all = r.body.flatMap((x: { outputs: string[] }) => x.outputs);
    assert.equal(new Set(all).size, all.length, "column names never collide");
  });

  test("compute: the plugins' numbers, warm-up as null, input columns kept in order", async () => {
    const rows = records(120);
    const r = await compute({ data: rows, indicators: ["MACD", "kdj", "BOLL(10)"] });
    assert.equal(r.status, 200);
    assert.equal(r.body.count, 120);
    assert.deepEqual(r.body.columns, ["date", "open", "high", "low", "close", "vol", "amount", "MACD_DIF", "MACD_DEA", "MACD", "KDJ_K", "KDJ_D", "KDJ_J", "BOLL", "BOLL_UB", "BOLL_LB"]);
    const series = seriesOf(rows);
    const want = {
      MACD: byId.get("MACD")!.compute(series, {}),
      KDJ: byId.get("KDJ")!.compute(series, {}),
      BOLL: byId.get("BOLL")!.compute(series, { M: 10 }),
    };
    r.body.data.forEach((row: Record<string, number | null>, i: number) => {
      assert.equal(row.MACD_DIF, nullable(want.MACD.DIF![i]!));
      assert.equal(row.MACD, nullable(want.MACD.MACD![i]!));
      assert.equal(row.KDJ_J, nullable(want.KDJ.J![i]!));
      assert.equal(row.BOLL_UB, nullable(want.BOLL.UB![i]!));
      assert.equal(row.date, rows[i]!.date);
    });
    assert.equal(r.body.data[8].BOLL, null, "BOLL(10) has no value before its 10th bar");
    assert.notEqual(r.body.data[9].BOLL, null);
  });

  test("compute: positional and structured parameters agree; tail; keep_ohlcv=false; numeric strings", async () => {
    const rows = records(60);
    const a = await compute({ data: rows, indicators: ["MACD(5,10,4)"], tail: 3 });
    const b = await compute({ data: rows, indicators: ["macd"], params: { Macd: { short: 5, LONG: 10, mid: 4 } }, tail: 3 });
    assert.equal(a.status, 200);
    assert.deepEqual(a.body, b.body);
    assert.equal(a.body.count, 3);
    assert.equal(a.body.data[2].date, rows[59]!.date);
    const lean = await compute({ data: rows, indicators: ["RSI"], keep_ohlcv: false });
    assert.deepEqual(lean.body.columns, ["date", "RSI_RSI1", "RSI_RSI2", "RSI_RSI3"]);
    const noDates = rows.map(({ date: _, ...rest }) => rest);
    assert.deepEqual((await compute({ data: noDates, indicators: ["RSI"], keep_ohlcv: false })).body.columns, ["RSI_RSI1", "RSI_RSI2", "RSI_RSI3"]);
    const asText = rows.map((row) => ({ ...row, close: String(row.close), vol: String(row.vol) }));
    const t = await compute({ data: asText, indicators: ["RSI"], keep_ohlcv: false });
    assert.deepEqual(t.body, lean.body);
    const empty = await compute({ data: [], indicators: ["MA"] });
    assert.deepEqual(empty.body, { count: 0, columns: ["MA_MA1", "MA_MA2", "MA_MA3", "MA_MA4"], data: [] });
  });

  test("bad records are a 422 naming the row and field", async () => {
    const rows = records(10);
    const cases: [Record<string, unknown>, string, (string | number)[]][] = [
      [{ ...rows[4], close: undefined }, "missing", ["body", "data", 4, "close"]],
      [{ ...rows[4], open: "ten" }, "float_parsing", ["body", "data", 4, "open"]],
      [{ ...rows[4], vol: null }, "float_type", ["body", "data", 4, "vol"]],
      [{ ...rows[4], vol: true }, "float_type", ["body", "data", 4, "vol"]],
      [{ ...rows[4], high: 1, low: 2 }, "value_error", ["body", "data", 4, "high"]],
      [{ ...rows[4], date: rows[3]!.date }, "value_error", ["body", "data", 4, "date"]],
      [{ ...rows[4], date: "2023-12-31" }, "value_error", ["body", "data", 4, "date"]],
      [{ ...rows[4], date: "2024-02-30" }, "value_error", ["body", "data", 4, "date"]],
      [{ ...rows[4], date: undefined }, "missing", ["body", "data", 4, "date"]],
    ];
    for (const [row, type, loc] of cases) {
      const data = rows.map((r, i) => (i === 4 ? JSON.parse(JSON.stringify(row)) : r));
      const r = await compute({ data, indicators: ["MA"] });
      assert.equal(r.status, 422, JSON.stringify(row));
      assert.deepEqual(
        r.body.detail.map((d: { loc: unknown }) => d.loc),
        [loc],
        JSON.stringify(r.body),
      );
      assert.equal(r.body.detail[0].type, type);
    }
    const dup = await compute({ data: rows.map((r, i) => (i === 4 ? { ...r, date: rows[3]!.date } : r)), indicators: ["MA"] });
    assert.match(dup.body.detail[0].msg, /row 4 duplicates the time of row 3/);
    const back = await compute({ data: rows.map((r, i) => (i === 4 ? { ...r, date: "2023-12-31" } : r)), indicators: ["MA"] });
    assert.match(back.body.detail[0].msg, /row 4 is earlier than row 3/);
    const inverted = await compute({ data: rows.map((r, i) => (i === 4 ? { ...r, high: 1, low: 2 } : r)), indicators: ["MA"] });
    assert.match(inverted.body.detail[0].msg, /high \(1\) is below low \(2\) in row 4/);
    const notRecord = await compute({ data: [rows[0], 5], indicators: ["MA"] });
    assert.deepEqual(notRecord.body.detail[0].loc, ["body", "data", 1]);
  });

  test("bad indicator requests are a 422 naming the entry", async () => {
    const data = records(5);
    const cases: [unknown, (string | number)[], RegExp][] = [
      [{ indicators: ["FOO"] }, ["body", "indicators", 0], /unknown indicator FOO/],
      [{ indicators: ["MA", "MACD(1,"] }, ["body", "indicators", 1], /not of the form/],
      [{ indicators: ["MACD(1,2,3,4)"] }, ["body", "indicators", 0], /takes 3 parameters/],
      [{ indicators: ["RSI(0)"] }, ["body", "indicators", 0], /RSI.N1 must be between 1 and 1000, not 0/],
      [{ indicators: ["MACD"], params: { MACD: { FAST: 3 } } }, ["body", "params", "MACD", "FAST"], /no parameter FAST/],
      [{ indicators: ["BOLL"], params: { boll: { M: 1 } } }, ["body", "params", "boll", "M"], /between 2 and 1000/],
      [{ indicators: ["MA"], params: { KDJ: { N: 5 } } }, ["body", "params", "KDJ"], /not among the requested/],
      [{ indicators: ["MA", "ma(3)"] }, ["body", "indicators", 1], /requested twice/],
    ];
    for (const [extra, loc, msg] of cases) {
      const r = await compute({ data, ...(extra as object) });
      assert.equal(r.status, 422, JSON.stringify(extra));
      assert.deepEqual(r.body.detail[0].loc, loc);
      assert.match(r.body.detail[0].msg, msg);
    }
  });

  test("bounds: indicators 1..50, tail ≥ 1, data ≤ 10,000 rows, field types", async () => {
    const data = records(5);
    const status = async (json: unknown) => (await compute(json)).status;
    assert.equal(await status({ data, indicators: [] }), 422);
    assert.equal(await status({ data, indicators: Array.from({ length: 51 }, () => "MA") }), 422);
    assert.equal(await status({ data, indicators: ["MA"], tail: 0 }), 422);
    assert.equal(await status({ data, indicators: ["MA"], tail: 1.5 }), 422);
    assert.equal(await status({ data, indicators: ["MA"], keep_ohlcv: "maybe" }), 422);
    assert.equal(await status({ data, indicators: "MA" }), 422);
    assert.equal(await status({ data, indicators: ["MA"], params: { MA: { M1: "five" } } }), 422);
    // a numeric string is a number, as pydantic's lax mode reads it
    assert.equal(await status({ data, indicators: ["MA"], params: { MA: { M1: "5" } } }), 200);
    assert.equal(await status({ indicators: ["MA"] }), 422);
    const row = { open: 1, high: 1, low: 1, close: 1, vol: 1 };
    const big = await compute({ data: Array.from({ length: 10_001 }, () => row), indicators: ["MA"] });
    assert.equal(big.status, 422);
    assert.equal(big.body.detail[0].type, "too_long");
    const max = await compute({ data: Array.from({ length: 10_000 }, () => row), indicators: ["MA"], tail: 1 });
    assert.equal(max.status, 200);
    assert.deepEqual(max.body.data, [{ open: 1, high: 1, low: 1, close: 1, vol: 1, MA_MA1: 1, MA_MA2: 1, MA_MA3: 1, MA_MA4: 1 }]);
  });
});
