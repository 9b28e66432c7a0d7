/**
 * The synchronous backtest and the strategy list over real HTTP: the answer is
 * exactly the engine's result for the same bars and signals, easy_tdx's field
 * names, every metric's definition in the OpenAPI document, and bad input as
 * 422 (schema, parameters, rows) or 400 (unknown strategy, no inline bars).
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { allocSeries } from "../../core/bars/series.ts";
import { backtest, DEFAULT_CONFIG, METRIC_DOCS, METRIC_NAMES } from "../../core/backtest/index.ts";
import { maCross } from "../../plugins/strategies/ma-cross.ts";
import { call, FakeClock, startTestServer, type TestServer } from "../support/server.ts";

/** A deterministic daily series with a few swings, as OHLCV records and as a BarSeries. */
function swings(n: number) {
  const s = allocSeries(n);
  const ohlcv = [];
  for (let i = 0; i < n; i++) {
    const close = Math.round((10 + 2 * Math.sin(i / 9) + 0.5 * Math.sin(i / 2.3)) * 100) / 100;
    const open = i === 0 ? close : Math.round(((s.close[i - 1]! + close) / 2) * 100) / 100;
    const date = new Date(Date.UTC(2023, 0, 2) + i * 86_400_000).toISOString().slice(0, 10);
    s.time[i] = Date.parse(`${date}T00:00:00Z`);
    s.open[i] = open;
    s.close[i] = close;
    s.high[i] = Math.max(open, close) + 0.05;
    s.low[i] = Math.min(open, close) - 0.05;
    s.vol[i] = 1e6 + i;
    s.amount[i] = NaN;
    ohlcv.push({ datetime: date, open, high: s.high[i], low: s.low[i], close, vol: s.vol[i] });
  }
  return { series: s, ohlcv };
}

describe("synchronous backtest and strategy list", () => {
  let s: TestServer;
  const post = (json: unknown) => call(s.url, "POST", "/api/v1/backtest/run", { json });
  before(async () => (s = await startTestServer({ clock: new FakeClock(Date.UTC(2026, 10, 20, 6, 0)) })));
  after(() => s.dispose());

  test("GET /backtest/strategies: every required strategy with easy_tdx's schema entries", async () => {
    const r = await call(s.url, "GET", "/api/v1/backtest/strategies");
    assert.equal(r.status, 200);
    const ids = r.body.strategies.map((x: { name: string }) => x.name);
    for (const id of ["ma_cross", "ema_cross", "macd", "kdj_cross", "rsi_reversal", "boll_breakout", "donchian", "volume_breakout", "momentum", "formula"]) {
      assert.ok(ids.includes(id), id);
    }
    assert.equal(r.body.count, ids.length);
    const ma = r.body.strategies.find((x: { name: string }) => x.name === "ma_cross");
    assert.equal(ma.label, "双均线交叉");
    // both languages of the web app: a Chinese description and English names for every built-in strategy and parameter
    for (const st of r.body.strategies as { name: string; label_en: string; description_zh: string; params: { name: string; label_en?: string }[] }[]) {
      assert.match(st.description_zh, /[\u4e00-\u9fff]/, `${st.name}: a Chinese description`);
      assert.doesNotMatch(st.label_en, /[\u4e00-\u9fff]/, `${st.name}: an English name`);
      assert.notEqual(st.label_en, st.name, `${st.name}: a name, not its id`);
      for (const p of st.params) assert.ok(p.label_en && !/[\u4e00-\u9fff]/.test(p.label_en), `${st.name}.${p.name}: an English label`);
    }
    assert.deepEqual(ma.params[0], { name: "fast", type: "int", default: 5, label: "快线周期", label_en: "Fast period", min_value: 1, max_value: 60, input: "number" });
    assert.deepEqual(ma.preset_grid.fast, [5, 10, 15, 20, 30, 60]);
    assert.equal(ma.schema.properties.slow.maximum, 250);
    const boll = r.body.strategies.find((x: { name: string }) => x.name === "boll_breakout");
    assert.deepEqual(boll.params.find((p: { name: string }) => p.name === "mode").choices, ["reversion", "breakout"]);
    assert.equal(boll.params.find((p: { name: string }) => p.name === "mode").input, "select");
    // easy_tdx's web-ui/src/components/StrategyPicker.vue lines 80-86 draw a str only as a select when it has choices
    // (any other param as a number box): the `input` field tells a form to draw the formula's text as a text area
    const formula = r.body.strategies.find((x: { name: string }) => x.name === "formula");
    const text = formula.params.find((p: { name: string }) => p.name === "formula");
    assert.deepEqual([text.type, text.input, text.max_length], ["str", "textarea", 20000]);
    assert.deepEqual(formula.params.find((p: { name: string }) => p.name === "buy").input, "text");
  });

  test("fsl (分水岭): easy_tdx's parameters, default and preset grid; it runs", async () => {
    const r = await call(s.url, "GET", "/api/v1/backtest/strategies");
    const fsl = r.body.strategies.find((x: { name: string }) => x.name === "fsl");
    // easy_tdx backtest/strategies/builtin.py lines 568-586 and presets.py lines 97-100
    assert.equal(fsl.label, "FSL 分水岭");
    assert.deepEqual(fsl.params, [{ name: "capital", type: "float", default: 1e8, label: "流通股本(股)", label_en: "Float shares", min_value: 1e6, max_value: 1e12, input: "number" }]);
    assert.deepEqual(fsl.preset_grid, { capital: [1e7, 1e8, 1e9, 1e10] });
    const { ohlcv } = swings(300);
    const run = await post({ strategy: "fsl", ohlcv });
    assert.equal(run.status, 200, run.text);
    assert.ok(run.body.performance.total_trades >= 1, "the swings cross SWL over SWS");
  });

  test("POST /backtest/run: the engine's own result for the same bars, signals and settings", async () => {
    const { series, ohlcv } = swings(400);
    const r = await post({ strategy: "ma_cross", params: { fast: 5, slow: 20 }, ohlcv, commission: 0.0005 });
    assert.equal(r.status, 200);
    const expected = backtest(series, maCross.signals(series, { fast: 5, slow: 20 }), { commission: 0.0005 }, { code: "000001", market: "SZ" });
    assert.deepEqual(r.body, JSON.parse(JSON.stringify(expected)));
    assert.ok(r.body.performance.total_trades >= 5, "the swings produce trades");
    assert.deepEqual(Object.keys(r.body), ["performance", "equity_curve", "trades", "positions", "config"]);
    assert.equal(r.body.equity_curve.length, 400);
    assert.equal(r.body.config.annual_days, 242);
    assert.equal(r.body.config.stamp_tax, "auto");
    assert.equal(r.body.config.security.board, "main");
    const fill = r.body.trades.find((t: { rejected: boolean }) => !t.rejected);
    for (const k of ["datetime", "direction", "size", "price", "commission", "slippage", "pnl", "rejected"]) assert.ok(k in fill, k);
  });

  test("a symbol beside inline bars sets the board rules: ChiNext lots and limits", async () => {
    const { ohlcv } = swings(120);
    const r = await post({ strategy: "ma_cross", params: { fast: 3, slow: 10 }, ohlcv, symbol: "SZ:300100", cash: 100_000 });
    assert.equal(r.status, 200);
    assert.equal(r.body.config.security.board, "chinext");
    for (const t of r.body.trades.filter((x: { rejected: boolean }) => !x.rejected)) assert.equal(t.size % 100, 0, "100-share lots");
  });

  test("the formula strategy runs a formula's columns", async () => {
    const { series, ohlcv } = swings(200);
    const r = await post({ strategy: "formula", params: { formula: "B:CROSS(MA(C,N),MA(C,20));S:CROSS(MA(C,20),MA(C,N));", N: 5 }, ohlcv });
    assert.equal(r.status, 200);
    const expected = backtest(series, maCross.signals(series, { fast: 5, slow: 20 }), {}, { code: "000001", market: "SZ" });
    assert.deepEqual(r.body.trades, JSON.parse(JSON.stringify(expected.trades)));
  });

  test("422 for schema, parameter and row problems; 400 for an unknown strategy or a sync run without bars", async () => {
    const { ohlcv } = swings(30);
    const loc = async (json: unknown) => {
      const r = await post(json);
      assert.equal(r.status, 422, r.text);
      return r.body.detail.map((d: { loc: unknown[] }) => d.loc.join("."));
    };
    assert.deepEqual(await loc({ strategy: "ma_cross" }), ["body"]);
    assert.deepEqual(await loc({ strategy: "ma_cross", ohlcv, params: { fast: 0 } }), ["body.params.fast"]);
    assert.deepEqual(await loc({ strategy: "ma_cross", ohlcv, params: { fast: 30, slow: 20 } }), ["body.params.fast"]);
    assert.deepEqual(await loc({ strategy: "formula", ohlcv, params: { formula: "B:MA(C,;" } }), ["body.params.formula"]);
    assert.deepEqual(await loc({ strategy: "ma_cross", ohlcv, execution: "same_bar" }), ["body.execution"]);
    assert.deepEqual(await loc({ strategy: "ma_cross", ohlcv, commission: 0.5 }), ["body.commission"]);
    assert.deepEqual(await loc({ strategy: "ma_cross", ohlcv: [...ohlcv.slice(0, 3), { ...ohlcv[3], close: "x" }] }), ["body.ohlcv.3.close"]);
    assert.deepEqual(await loc({ strategy: "ma_cross", symbol: "SZ000001" }), ["body.symbol"]);
    const unknown = await post({ strategy: "nope", ohlcv });
    assert.equal(unknown.status, 400);
    assert.match(unknown.body.detail, /Unknown strategy 'nope'; choose one of: ma_cross/);
    const bySymbol = await post({ strategy: "ma_cross", symbol: "SZ:000001" });
    assert.equal(bySymbol.status, 400);
    assert.match(bySymbol.body.detail, /run\/async/);
  });

  test("the OpenAPI document names every metric's definition", async () => {
    const doc = (await call(s.url, "GET", "/openapi.json")).body;
    const perf = doc.components.schemas.Performance;
    assert.deepEqual(Object.keys(perf.properties), [...METRIC_NAMES]);
    for (const m of METRIC_NAMES) assert.equal(perf.properties[m].description, METRIC_DOCS[m]);
    assert.match(perf.description, /annual_days \(242/);
    for (const p of ["/api/v1/backtest/run", "/api/v1/backtest/run/async", "/api/v1/backtest/tasks/{task_id}/export", "/api/v1/strategies/{strategy_id}", "/api/v1/formula/screen/run/async"]) {
      assert.ok(doc.paths[p], p);
    }
    assert.equal(doc.components.schemas.BacktestRequest.properties.annual_days.default, DEFAULT_CONFIG.annual_days);
  });
});
