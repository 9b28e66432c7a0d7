/**
 * The TDX client against the local simulator over real TCP: every command, the
 * pool under concurrency, fail-over when a host dies mid-request, and faults.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { TdxClient } from "../../../adapters/tdx/tdx-client.ts";
import { TdxFrameError } from "../../../adapters/tdx/tdx-errors.ts";
import { TdxPool } from "../../../adapters/tdx/tdx-pool.ts";
import { TdxTimeoutError, TdxUnavailableError } from "../../../adapters/tdx/tdx-transport.ts";
import { DemoMarket } from "../../../apps/tdx-sim/demo/demo-market.ts";
import { DemoSource } from "../../../apps/tdx-sim/demo/demo-source.ts";
import { type Simulator, startSimulator } from "../../../apps/tdx-sim/sim-server.ts";
import { marketTime, marketTimeOf } from "../../../core/bars/market-time.ts";
import { FakeClock } from "../../support/server.ts";
import { defined } from "../../support/defined.ts";

// Friday 2026-11-20 10:30 in Shanghai (02:30 UTC).
const clock = new FakeClock(Date.UTC(2026, 10, 20, 2, 30));
const market = new DemoMarket();
const source = new DemoSource(market);
const SZ000001 = { market: 0, code: "000001" };
const SH600519 = { market: 1, code: "600519" };

describe("TDX client ↔ simulator", () => {
  let sim: Simulator;
  let pool: TdxPool;
  let client: TdxClient;
  before(async () => {
    sim = await startSimulator({ source, clock });
    pool = new TdxPool([{ name: "sim", host: sim.host, port: sim.port }], { size: 2 });
    client = new TdxClient(pool);
  });
  after(async () => {
    await pool.close();
    await sim.close();
  });

  test("security count and list pages", async () => {
    const n = await client.securityCount(1);
    assert.equal(n, market.list("SH").length);
    const page = await client.securityList(1, 0);
    assert.equal(page.length, Math.min(1000, n));
    assert.ok(
      page.some((s) => s.code === "600519" && s.name === "贵州茅台"),
      'page.some((s) => s.code === "600519" && s.name === "贵州茅台")',
    );
  });

  test("quotes for several securities, in request order", async () => {
    const q = await client.quotes([SZ000001, SH600519]);
    assert.deepEqual(
      q.map((x) => x.code),
      ["000001", "600519"],
    );
    const s = market.find("SH", "600519")!;
    const h = market.dailyAt(s, marketTimeOf(clock.now()));
    const mao = defined(q[1], "600519's quote");
    assert.equal(mao.price, h.bars.close.at(-1));
    assert.equal(mao.open, h.bars.open.at(-1));
    assert.equal(mao.bids.length, 5);
    assert.ok(defined(mao.asks[0], "the best ask") > defined(mao.bids[0], "the best bid"), "q[1].asks[0] > q[1].bids[0]");
  });

  test("daily, weekly and minute bars; index bars with breadth", async () => {
    const day = await client.bars(SH600519, 4, 0, 800);
    assert.equal(day.length, 800);
    const s = market.find("SH", "600519")!;
    const h = market.dailyAt(s, marketTimeOf(clock.now()));
    assert.equal(day.close[799], h.bars.close.at(-1));
    assert.equal(day.vol[799], Math.fround(h.bars.vol.at(-1)!), "category 4 volume in shares (float32 on the wire)");
    const lots = await client.bars(SH600519, 9, 0, 10);
    assert.equal(lots.vol[9], Math.fround(h.bars.vol.at(-1)! / 100) * 100, "category 9 restored to shares by the codec");
    const older = await client.bars(SH600519, 4, 800, 10);
    assert.equal(older.close[9], h.bars.close.at(-801));
    const week = await client.bars(SH600519, 5, 0, 5);
    assert.equal(week.length, 5);
    const m1 = await client.bars(SH600519, 8, 0, 300);
    assert.equal(m1.length, 300);
    assert.equal(m1.time[299], marketTime(2026, 11, 20, 10, 30), "the last finished minute");
    const m60 = await client.bars(SH600519, 3, 0, 8);
    assert.equal(m60.length, 8);
    const idx = await client.indexBars({ market: 1, code: "000001" }, 4, 0, 20);
    assert.equal(idx.length, 20);
    assert.ok(defined(idx.up[19], "up[19]") + defined(idx.down[19], "down[19]") > 0, "idx.up[19] + idx.down[19] > 0");
  });

  test("minute lines and ticks, today and historical", async () => {
    const m = await client.minute(SZ000001);
    assert.equal(m.length, 60, "09:30–10:30 is 60 minutes");
    const hm = await client.historyMinute(SZ000001, 20261119);
    assert.equal(hm.series.length, 240);
    assert.ok(hm.preClose > 0, "hm.preClose > 0");
    const t = await client.transactions(SZ000001, 0, 50);
    assert.equal(t.length, 50);
    const ht = await client.historyTransactions(SZ000001, 20261119, 0, 2000);
    assert.ok(ht.ticks.length > 100, "ht.ticks.length > 100");
    const all = market.ticks(market.find("SZ", "000001")!, 20261119)!;
    assert.equal(ht.ticks.price.at(-1), all.price.at(-1));
  });

  test("xdxr, finance, F10 and auction", async () => {
    const x = await client.xdxr(SH600519);
    assert.ok(
      x.some((r) => r.category === 1 && r.c1 > 0),
      "x.some((r) => r.category === 1 && r.c1 > 0)",
    );
    const f = await client.finance(SH600519);
    assert.ok(f && f.totalShares > 0 && f.ipoDate > 19900000, "f && f.totalShares > 0 && f.ipoDate > 19900000");
    assert.equal(await client.finance({ market: 1, code: "999998" }), undefined);
    const cat = await client.companyCategory(SH600519);
    assert.ok(cat.length >= 5, "cat.length >= 5");
    const second = defined(cat[1], "the second F10 category");
    const text = await client.companyContent(SH600519, second.filename, second.start, second.length);
    assert.match(text, /公司概况/);
    const a = await client.auction(SZ000001);
    assert.ok(a.length > 10, "a.length > 10");
  });

  test("50 concurrent requests on a pool of 2 all answer correctly", async () => {
    const codes = market
      .list("SZ")
      .filter((s) => s.kind === "stock")
      .slice(0, 50);
    const got = await Promise.all(codes.map((s) => client.bars({ market: 0, code: s.code }, 4, 0, 5)));
    for (const [i, s] of codes.entries()) {
      const h = market.dailyAt(s, marketTimeOf(clock.now()));
      assert.equal(defined(got[i], s.code).close[4], h.bars.close.at(-1), s.code);
    }
    assert.ok(pool.connected <= 2, "pool.connected <= 2");
  });
});

describe("faults", () => {
  test("a corrupt frame is a clear error and the connection is recycled", async () => {
    const sim = await startSimulator({ source, clock });
    const pool = new TdxPool([{ name: "sim", host: sim.host, port: sim.port }], { size: 1 });
    const client = new TdxClient(pool);
    try {
      await client.securityCount(0);
      sim.inject({ kind: "corrupt" });
      await assert.rejects(client.securityCount(0), (e: Error) => e instanceof TdxFrameError && /magic/.test(e.message));
      assert.equal(await client.securityCount(0), market.list("SZ").length);
    } finally {
      await pool.close();
      await sim.close();
    }
  });

  test("a truncated or stalled reply times out instead of hanging", async () => {
    const sim = await startSimulator({ source, clock });
    const pool = new TdxPool([{ name: "sim", host: sim.host, port: sim.port }], { size: 1, requestTimeoutMs: 300 });
    const client = new TdxClient(pool);
    try {
      sim.inject({ kind: "truncate" });
      await assert.rejects(client.bars(SZ000001, 4, 0, 100), TdxTimeoutError);
      sim.inject({ kind: "stall" });
      await assert.rejects(client.securityCount(0), TdxTimeoutError);
      assert.equal((await client.bars(SZ000001, 4, 0, 100)).length, 100);
    } finally {
      await pool.close();
      await sim.close();
    }
  });

  test("a dropped connection mid-frame is retried on a fresh connection", async () => {
    const sim = await startSimulator({ source, clock });
    const pool = new TdxPool([{ name: "sim", host: sim.host, port: sim.port }], { size: 1 });
    const client = new TdxClient(pool);
    try {
      sim.inject({ kind: "drop" });
      assert.equal((await client.bars(SZ000001, 4, 0, 100)).length, 100);
    } finally {
      await pool.close();
      await sim.close();
    }
  });

  test("fail-over when the host dies mid-request", async () => {
    const a = await startSimulator({ source, clock });
    const b = await startSimulator({ source, clock });
    const pool = new TdxPool(
      [
        { name: "a", host: a.host, port: a.port },
        { name: "b", host: b.host, port: b.port },
      ],
      { size: 1 },
    );
    const client = new TdxClient(pool);
    try {
      await client.securityCount(0);
      assert.equal(pool.currentHost.name, "a");
      a.inject({ kind: "stall" });
      const pending = client.bars(SH600519, 4, 0, 10);
      await new Promise((r) => setTimeout(r, 50));
      await a.close();
      assert.equal((await pending).length, 10);
      assert.equal(pool.currentHost.name, "b");
    } finally {
      await pool.close();
      await b.close();
    }
  });

  test("no reachable host is a TdxUnavailableError naming the hosts tried", async () => {
    const sim = await startSimulator({ source, clock });
    const port = sim.port;
    await sim.close();
    const pool = new TdxPool([{ name: "gone", host: "127.0.0.1", port }], { size: 1, connectTimeoutMs: 500 });
    try {
      await assert.rejects(new TdxClient(pool).securityCount(0), (e: Error) => e instanceof TdxUnavailableError && e.tried.includes(`127.0.0.1:${port}`));
    } finally {
      await pool.close();
    }
  });

  test("idle connections get heartbeats", async () => {
    const sim = await startSimulator({ source, clock });
    const pool = new TdxPool([{ name: "sim", host: sim.host, port: sim.port }], { size: 1, heartbeatMs: 60 });
    try {
      await new TdxClient(pool).securityCount(0);
      await new Promise((r) => setTimeout(r, 400));
      assert.ok((sim.served.get(0x0004) ?? 0) >= 2, `heartbeats: ${sim.served.get(0x0004)}`);
      assert.equal(pool.connected, 1, "the connection stays open");
    } finally {
      await pool.close();
      await sim.close();
    }
  });

  test("switching hosts keeps the old host when the new one is unreachable", async () => {
    const a = await startSimulator({ source, clock });
    const b = await startSimulator({ source, clock });
    const pool = new TdxPool([{ name: "a", host: a.host, port: a.port }], { size: 1, connectTimeoutMs: 500 });
    try {
      const port = b.port;
      await b.close();
      await assert.rejects(pool.switchTo({ name: "b", host: "127.0.0.1", port }));
      assert.equal(pool.currentHost.name, "a");
      const c = await startSimulator({ source, clock });
      await pool.switchTo({ name: "c", host: c.host, port: c.port });
      assert.equal(pool.currentHost.name, "c");
      assert.equal(await new TdxClient(pool).securityCount(1), market.list("SH").length);
      await c.close();
    } finally {
      await pool.close();
      await a.close();
    }
  });
});
