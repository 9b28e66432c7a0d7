/**
 * Market stat, core leaders, fund flow and the strength scan over real HTTP
 * against the in-process simulator: answers checked against the service's own
 * quotes and the demo market, every bound of the spec's tables a 422.
 */
import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import Database from "better-sqlite3";
import { DemoMarket } from "../../apps/tdx-sim/demo/demo-market.ts";
import { DemoSource } from "../../apps/tdx-sim/demo/demo-source.ts";
import { marketTimeOf } from "../../core/bars/market-time.ts";
import { CORE_LEADERS } from "../../core/market/core-leaders.ts";
import { call, FakeClock, startTestServer, type TestServer } from "../support/server.ts";
import { defined } from "../support/defined.ts";

// Friday 2026-11-20 14:00 in Shanghai.
const clock = new FakeClock(Date.UTC(2026, 10, 20, 6, 0));
const market = new DemoMarket();
const source = new DemoSource(market);
const now = marketTimeOf(clock.now());

describe("market-wide endpoints", () => {
  let s: TestServer;
  const get = (path: string) => call(s.url, "GET", path);
  const status = async (path: string) => (await get(path)).status;
  before(async () => (s = await startTestServer({ clock })));
  after(() => s.dispose());
  test("market stat counts every A-share's quote", async () => {
    const r = await get("/api/v1/market/stat");
    assert.equal(r.status, 200);
    const row = r.body.data[0];
    const shares = market.universe.filter((x) => x.kind === "stock" && x.board !== "B_SHARE");
    const quotes: { price: number; pre_close: number; vol: number }[] = [];
    for (let i = 0; i < shares.length; i += 80) {
      const stocks = shares.slice(i, i + 80).map((x) => ({ market: x.market, code: x.code }));
      quotes.push(...(await call(s.url, "POST", "/api/v1/quotes", { json: { stocks } })).body.data);
    }
    assert.equal(row.total_count, shares.length);
    assert.equal(row.up_count, quotes.filter((q) => q.vol > 0 && q.price > q.pre_close).length);
    assert.equal(row.down_count, quotes.filter((q) => q.vol > 0 && q.price < q.pre_close).length);
    assert.equal(row.up_count + row.down_count + row.neutral_count + row.suspended_count, row.total_count);
    assert.ok(row.limit_up_count > 0 && row.limit_up_count <= row.up_count, "row.limit_up_count > 0 && row.limit_up_count <= row.up_count");
    assert.equal(row.total_market_cap, null);
    assert.deepEqual(r.body.markets, ["SH", "SZ", "BJ"]);
  });

  test("core leaders: the 159-security pool with live quotes", async () => {
    const r = await get("/api/v1/market/core-leaders");
    assert.equal(r.status, 200);
    assert.equal(r.body.count, 159);
    assert.deepEqual(r.body.columns.slice(0, 4), ["group", "name", "market", "code"]);
    assert.deepEqual(
      r.body.data.map((x: { code: string }) => x.code),
      CORE_LEADERS.map((m) => m.code),
    );
    assert.equal(new Set(r.body.data.map((x: { group: string }) => x.group)).size, 4);
  });

  test("today's fund flow buckets every directional tick of the day", async () => {
    const r = await get("/api/v1/fund-flow?market=SZ&code=000001");
    assert.equal(r.status, 200);
    assert.equal(r.body.method, "tick-bucketed");
    const row = r.body.data[0];
    const t = source.ticks({ market: 0, code: "000001" }, now);
    let buy = 0;
    let sell = 0;
    for (let i = 0; i < t.length; i++) {
      const a = defined(t.price[i], `price[${i}]`) * defined(t.vol[i], `vol[${i}]`) * 100;
      if (t.direction[i] === 0) buy += a;
      else if (t.direction[i] === 1) sell += a;
    }
    const ins = row.super_in + row.large_in + row.medium_in + row.small_in;
    const outs = row.super_out + row.large_out + row.medium_out + row.small_out;
    assert.ok(Math.abs(ins - buy) < 1 && Math.abs(outs - sell) < 1, "Math.abs(ins - buy) < 1 && Math.abs(outs - sell) < 1");
    assert.ok(Math.abs(row.main_net_inflow - (row.super_net + row.large_net)) < 1e-6, "Math.abs(row.main_net_inflow - (row.super_net + row.large_net)) < 1e-6");
    assert.equal(await status("/api/v1/fund-flow?market=SZ&code=999998"), 404);
    assert.equal(await status("/api/v1/fund-flow?market=BJ&code=830800"), 422);
  });

  test("fund-flow history: one row per trading day; past days kept in SQLite, today never", async () => {
    const r = await get("/api/v1/fund-flow/history?market=SZ&code=000001&count=5");
    assert.equal(r.status, 200);
    assert.deepEqual(
      r.body.data.map((x: { date: string }) => x.date),
      ["2026-11-16", "2026-11-17", "2026-11-18", "2026-11-19", "2026-11-20"],
    );
    assert.deepEqual(r.body.columns.slice(0, 3), ["date", "super_in", "super_out"]);
    const again = await get("/api/v1/fund-flow/history?market=SZ&code=000001&count=5");
    assert.deepEqual(again.body, r.body);
    const db = new Database(join(s.dataDir, "service.sqlite"), { readonly: true });
    const rows = db.prepare("SELECT date FROM fund_flow_day WHERE code = '000001' ORDER BY date").all() as { date: number }[];
    db.close();
    assert.deepEqual(
      rows.map((x) => x.date),
      [20261116, 20261117, 20261118, 20261119],
    );
    const older = await get("/api/v1/fund-flow/history?market=SZ&code=000001&start=4&count=2");
    assert.deepEqual(
      older.body.data.map((x: { date: string }) => x.date),
      ["2026-11-13", "2026-11-16"],
    );
    for (const bad of ["count=0", "count=801", "start=-1"]) assert.equal(await status(`/api/v1/fund-flow/history?market=SZ&code=000001&${bad}`), 422, bad);
  });

  test("strength: the simulator's market as a vipdoc tree, ranked by the documented score", async () => {
    const r = await get("/api/v1/market/strength?top_n=20");
    assert.equal(r.status, 200);
    assert.deepEqual(r.body.columns, ["rank", "code", "market", "name", "last_close", "last_date", "ret_5", "ret_20", "ret_60", "vol_20", "strength"]);
    assert.equal(r.body.count, 20);
    assert.deepEqual(r.body.weights, { w5: 0.2, w20: 0.3, w60: 0.5, vol_adjusted: true });
    assert.ok(existsSync(join(s.dataDir, "sim-vipdoc", "sh", "lday", "sh600519.day")), 'existsSync(join(s.dataDir, "sim-vipdoc", "sh", "lday", "sh600519.day"))');
    const rows = r.body.data;
    for (let i = 1; i < rows.length; i++) assert.ok(rows[i - 1].strength >= rows[i].strength, "rows[i - 1].strength >= rows[i].strength");
    const top = rows[0];
    assert.equal(top.last_date, 20261119, "finished sessions only");
    assert.equal(top.name, market.find(top.market, top.code)!.name);
    const h = market.history(market.find(top.market, top.code)!, 20261119).bars;
    const c = h.close;
    const n = c.length - 1;
    assert.ok(Math.abs(top.ret_5 - (defined(c[n], "the last close") / defined(c[n - 5], "the close 5 sessions before") - 1)) < 1e-9, "Math.abs(top.ret_5 - (c[n] / c[n - 5] - 1)) < 1e-9");
    const raw = (0.2 * top.ret_5 + 0.3 * top.ret_20 + 0.5 * top.ret_60) / 1;
    assert.ok(Math.abs(top.strength - raw / top.vol_20) < 1e-9, "Math.abs(top.strength - raw / top.vol_20) < 1e-9");

    const core = await get("/api/v1/market/strength?universe=core&top_n=5000&preset=breakout");
    const pool = new Set(CORE_LEADERS.map((m) => m.code));
    assert.ok(core.body.count > 100 && core.body.data.every((x: { code: string }) => pool.has(x.code)), "core.body.count > 100 && core.body.data.every((x: { code: string }) => pool.has(x.code))");
    assert.equal(core.body.weights.vol_adjusted, false);
    const sh = await get("/api/v1/market/strength?universe=sh&top_n=5000&min_amount=1e9&vol_adjusted=true&w5=1&w20=0&w60=0");
    assert.ok(
      sh.body.data.every((x: { market: string }) => x.market === "SH"),
      'sh.body.data.every((x: { market: string }) => x.market === "SH")',
    );
    assert.deepEqual(sh.body.weights, { w5: 1, w20: 0, w60: 0, vol_adjusted: true });
    const vipdoc = encodeURIComponent(join(s.dataDir, "sim-vipdoc"));
    assert.deepEqual((await get(`/api/v1/market/strength?top_n=20&vipdoc=${vipdoc}`)).body.data, rows);

    assert.equal(await status("/api/v1/market/strength?vipdoc=/nonexistent"), 400);
    assert.equal(await status("/api/v1/market/strength?w5=0&w20=0&w60=0"), 400);
    for (const bad of ["top_n=0", "top_n=5001", "min_listed_days=29", "min_amount=-1", "preset=fast", "universe=bj", "vol_adjusted=maybe", "w5=x"]) {
      assert.equal(await status(`/api/v1/market/strength?${bad}`), 422, bad);
    }
  });
});
