/**
 * Quote and bar endpoints over real HTTP against the in-process simulator:
 * every bound and 422, answers checked against the demo market, 404s.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { DemoMarket } from "../../apps/tdx-sim/demo/demo-market.ts";
import { marketTimeOf } from "../../core/bars/market-time.ts";
import { call, FakeClock, startTestServer, type TestServer } from "../support/server.ts";

// Friday 2026-11-20 14:00 in Shanghai.
const clock = new FakeClock(Date.UTC(2026, 10, 20, 6, 0));
const market = new DemoMarket();

describe("quote and bar endpoints", () => {
  let s: TestServer;
  const get = (path: string) => call(s.url, "GET", path);
  before(async () => (s = await startTestServer({ clock })));
  after(() => s.dispose());

  test("security count and list; markets are case-insensitive", async () => {
    for (const m of ["SZ", "sh", "Bj"]) {
      const r = await get(`/api/v1/security/count?market=${m}`);
      assert.equal(r.status, 200);
      assert.equal(r.body.count, market.list(m.toUpperCase() as "SZ").length);
      assert.equal(r.body.market, m.toUpperCase());
    }
    const list = await get("/api/v1/security/list?market=SZ&start=0");
    assert.equal(list.body.count, market.list("SZ").length);
    assert.deepEqual(list.body.columns, ["market", "code", "name", "volunit", "decimal_point", "pre_close", "kind"]);
    const empty = await get("/api/v1/security/list?market=SZ&start=5000");
    assert.deepEqual(empty.body, { count: 0, columns: list.body.columns, data: [] });
    for (const bad of ["market=HK", "market=SZ&start=-1", "start=0", "market=SZ&start=x"]) {
      assert.equal((await get(`/api/v1/security/list?${bad}`)).status, 422, bad);
    }
  });

  test("list-all keeps SH and SZ A-shares only", async () => {
    const r = await get("/api/v1/security/list-all?pages=2");
    assert.equal(r.status, 200);
    const want = market.universe.filter((x) => x.market !== "BJ" && x.kind === "stock").length;
    assert.equal(r.body.count, want);
    assert.ok(
      r.body.data.every((row: { kind: string; market: string }) => row.kind === "stock" && row.market !== "BJ"),
      'r.body.data.every((row: { kind: string; market: string }) => row.kind === "stock" && row.market !== "BJ")',
    );
    assert.equal((await get("/api/v1/security/list-all?pages=0")).status, 422);
  });

  test("quotes: 1..80 securities, 81 is a 422, unknown codes reported as missing", async () => {
    const r = await call(s.url, "POST", "/api/v1/quotes", {
      json: {
        stocks: [
          { market: "SH", code: "600519" },
          { market: "sz", code: "999999" },
        ],
      },
    });
    assert.equal(r.status, 200);
    assert.equal(r.body.count, 1);
    assert.deepEqual(r.body.missing, ["SZ:999999"]);
    const q = r.body.data[0];
    const h = market.dailyAt(market.find("SH", "600519")!, marketTimeOf(clock.now()));
    assert.equal(q.price, h.bars.close.at(-1));
    assert.equal(q.change_pct, Math.round(((q.price - q.pre_close) / q.pre_close) * 1e6) / 1e4);
    assert.match(q.server_time, /^14:00:00\.\d{3}$/);
    const eighty = Array.from({ length: 80 }, () => ({ market: "SH", code: "600519" }));
    assert.equal((await call(s.url, "POST", "/api/v1/quotes", { json: { stocks: eighty } })).status, 200);
    const bad = await call(s.url, "POST", "/api/v1/quotes", { json: { stocks: [...eighty, eighty[0]] } });
    assert.equal(bad.status, 422);
    assert.equal(bad.body.detail[0].type, "too_long");
    assert.equal((await call(s.url, "POST", "/api/v1/quotes", { json: { stocks: [] } })).status, 422);
    assert.equal((await call(s.url, "POST", "/api/v1/quotes", { json: { stocks: [{ market: "SZ", code: "1" }] } })).status, 422);
  });

  test("bars: defaults, derived fields and the spec's bounds", async () => {
    const r = await get("/api/v1/bars?market=SH&code=600519");
    assert.equal(r.status, 200);
    assert.equal(r.body.count, 800);
    assert.equal(r.body.columns[0], "date");
    assert.deepEqual(r.body.adjust, { requested: "QFQ", applied: "QFQ", method: "affine" });
    const rows = r.body.data;
    assert.equal(rows[0].pre_close, rows[0].open, "first bar's pre_close is its open");
    for (let i = 1; i < rows.length; i++) assert.equal(rows[i].pre_close, rows[i - 1].close);
    const h = market.dailyAt(market.find("SH", "600519")!, marketTimeOf(clock.now()));
    assert.equal(rows.at(-1).close, h.bars.close.at(-1), "QFQ keeps the newest bar raw");
    const raw = await get("/api/v1/bars?market=SH&code=600519&adjust=none&count=1");
    assert.equal(raw.body.data[0].close, h.bars.close.at(-1));
    for (const bad of ["count=0", "count=801", "start=-1", "category=MIN_2", "adjust=XFQ", "bar_time=middle", "code=60051", "market=HK"]) {
      const q = `market=SH&code=600519&${bad}`;
      assert.equal((await get(`/api/v1/bars?${q}`)).status, 422, bad);
    }
    assert.equal((await get("/api/v1/bars?market=SH&code=600000&category=week&count=3")).body.count, 3);
  });

  test("bars: minute categories, bar_time and MIN_120", async () => {
    const end = await get("/api/v1/bars?market=SZ&code=000001&category=MIN_1&count=2&bar_time=end&adjust=NONE");
    const start = await get("/api/v1/bars?market=SZ&code=000001&category=MIN_1&count=2&adjust=NONE");
    assert.deepEqual(
      end.body.data.map((r: { datetime: string }) => r.datetime),
      ["2026-11-20T13:59:00", "2026-11-20T14:00:00"],
    );
    assert.deepEqual(
      start.body.data.map((r: { datetime: string }) => r.datetime),
      ["2026-11-20T13:58:00", "2026-11-20T13:59:00"],
    );
    const m120 = await get("/api/v1/bars?market=SZ&code=000001&category=MIN_120&count=800&bar_time=end");
    assert.equal(m120.status, 200);
    assert.equal(m120.body.count, 400, "at most 400 synthesized");
    for (const row of m120.body.data) assert.match(row.datetime, /T(11:30|15:00):00$/);
  });

  test("index bars: lots, breadth, null minute volume; BJ is not accepted", async () => {
    const d = await get("/api/v1/bars/index?market=SH&code=000001&count=5");
    assert.equal(d.status, 200);
    assert.ok(d.body.columns.includes("up_count"), "a breadth column");
    // The demo market's own index history: volume in lots (float32 on the wire), advancers and decliners.
    const h = market.dailyAt(market.find("SH", "000001")!, marketTimeOf(clock.now()));
    const n = h.bars.length;
    const want = Array.from({ length: 5 }, (_, k) => n - 5 + k).map((i) => [h.bars.close[i], Math.fround(h.bars.vol[i]!), h.up[i], h.down[i]]);
    assert.deepEqual(
      d.body.data.map((r: { close: number; vol: number; up_count: number; down_count: number }) => [r.close, r.vol, r.up_count, r.down_count]),
      want,
    );
    const m = await get("/api/v1/bars/index?market=SH&code=000001&count=5&category=MIN_5");
    assert.equal(m.body.count, 5, "five minute bars");
    assert.ok(
      m.body.data.every((r: { vol: null; amount: number }) => r.vol === null && r.amount > 0),
      "minute index bars: no volume, an amount",
    );
    assert.equal((await get("/api/v1/bars/index?market=BJ&code=899050")).status, 422);
  });

  test("index and stock codes on the wrong endpoint: a 400 naming the right one; unknown codes 404; never a 502", async () => {
    const stock = await get("/api/v1/bars/index?market=SZ&code=000001&count=3");
    assert.equal(stock.status, 400, stock.text);
    assert.match(stock.body.detail, /SZ:000001 is not an index .*stock.*use \/api\/v1\/bars/);
    const index = await get("/api/v1/bars?market=SH&code=000001&count=3");
    assert.equal(index.status, 400, index.text);
    assert.match(index.body.detail, /SH:000001 is an index: .*\/api\/v1\/bars\/index/);
    assert.equal((await get("/api/v1/bars?market=SH&code=000001&count=3&adjust=NONE")).status, 400, "whatever the adjustment");
    assert.equal((await get("/api/v1/bars/index?market=SH&code=600519&count=3&category=MIN_5")).status, 400, "whatever the category");
    for (const [path, why] of [
      ["/api/v1/bars/index?market=SZ&code=399999", "unknown index code"],
      ["/api/v1/bars/index?market=SZ&code=000999", "unknown stock code on the index endpoint"],
      ["/api/v1/bars?market=SZ&code=399999", "unknown index code on the stock endpoint"],
    ]) {
      const r = await get(path!);
      assert.equal(r.status, 404, `${why}: ${r.text}`);
      assert.match(r.body.detail, /Unknown security/);
    }
    assert.equal((await get("/api/v1/bars/index?market=SH&code=000001&count=3")).status, 200, "the index itself still works");
  });

  test("minute, history minute, transactions: bounds", async () => {
    const m = await get("/api/v1/minute?market=SZ&code=000001");
    assert.equal(m.body.count, 180, "09:30–11:30 and 13:00–14:00");
    const hm = await get("/api/v1/minute/history?market=SZ&code=000001&date=20261119");
    assert.equal(hm.body.count, 240);
    assert.ok(hm.body.pre_close > 0, "hm.body.pre_close > 0");
    const t = await get("/api/v1/transaction?market=SZ&code=000001&count=10");
    assert.equal(t.body.count, 10);
    const ht = await get("/api/v1/transaction/history?market=SZ&code=000001&date=20261119&start=5&count=3");
    assert.equal(ht.body.count, 3);
    assert.equal(ht.body.data[0].num, null);
    for (const bad of [
      "/api/v1/minute?market=BJ&code=830800",
      "/api/v1/minute/history?market=SZ&code=000001",
      "/api/v1/minute/history?market=SZ&code=000001&date=2026111",
      "/api/v1/minute/history?market=SZ&code=000001&date=20260230",
      "/api/v1/transaction?market=SZ&code=000001&count=801",
      "/api/v1/transaction/history?market=SZ&code=000001&date=20261119&start=-1",
    ]) {
      assert.equal((await get(bad)).status, 422, bad);
    }
    // A date that is not a number is FastAPI's int_parsing, as for any integer query value.
    const text = await get("/api/v1/minute/history?market=SZ&code=000001&date=2026-11-19");
    assert.deepEqual(text.body.detail[0], {
      type: "int_parsing",
      loc: ["query", "date"],
      msg: "Input should be a valid integer, unable to parse string as an integer",
      input: "2026-11-19",
    });
  });

  test("unknown securities are a 404 with a clear detail", async () => {
    // a deliberate difference (README, "Compatibility with easy_tdx"): easy_tdx answers an empty table here
    const r = await get("/api/v1/bars?market=SZ&code=999999");
    assert.equal(r.status, 404);
    assert.equal(r.body.detail, "Unknown security SZ:999999");
  });

  test("unknown securities are a 404 on the intraday series and trades too, not an empty table", async () => {
    for (const path of [
      "/api/v1/minute?market=SZ&code=999999",
      "/api/v1/minute/history?market=SZ&code=999999&date=20261119",
      "/api/v1/transaction?market=SZ&code=999999",
      "/api/v1/transaction/history?market=SZ&code=999999&date=20261119",
    ]) {
      const r = await get(path);
      assert.equal(r.status, 404, path);
      assert.equal(r.body.detail, "Unknown security SZ:999999", path);
    }
  });

  test("server hosts: list, loopback test, no public dialling in sim mode", async () => {
    const h = await get("/api/v1/server/hosts");
    assert.equal(h.body.source, "sim");
    assert.equal(h.body.total, 1);
    assert.ok(h.body.hosts[0].is_current, "h.body.hosts[0].is_current");
    const t = await call(s.url, "POST", "/api/v1/server/test", { json: { timeout: 2 } });
    assert.equal(t.status, 200);
    assert.equal(t.body[0].reachable, true);
    // easy_tdx web/routers/server.py line 30 (`latency_ms: int | None`) and line 97 (`round(s * 1000)`): whole milliseconds
    assert.ok(Number.isInteger(t.body[0].latency_ms) && t.body[0].latency_ms >= 0, `latency_ms ${t.body[0].latency_ms} is an integer`);
    const pub = await call(s.url, "POST", "/api/v1/server/test", { json: { hosts: ["203.0.113.1"] } });
    assert.equal(pub.status, 400);
    assert.equal((await call(s.url, "POST", "/api/v1/server/test", { json: { timeout: 0 } })).status, 422);
    const sw = await call(s.url, "POST", "/api/v1/server/switch", { json: { host: h.body.current_host } });
    assert.deepEqual({ ok: sw.body.ok, host: sw.body.host }, { ok: true, host: h.body.current_host });
  });
});
