/**
 * Finance (xdxr, finance, F10, professional archives) and board files over real
 * HTTP against the in-process simulator: answers checked against the demo
 * market, every bound a 422, unknown securities and files a 404.
 */
import assert from "node:assert/strict";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { DemoMarket } from "../../apps/tdx-sim/demo/demo-market.ts";
import { DemoSource } from "../../apps/tdx-sim/demo/demo-source.ts";
import { marketTimeOf } from "../../core/bars/market-time.ts";
import { call, FakeClock, startTestServer, type TestServer } from "../support/server.ts";
import { defined } from "../support/defined.ts";

// Friday 2026-11-20 14:00 in Shanghai.
const clock = new FakeClock(Date.UTC(2026, 10, 20, 6, 0));
const market = new DemoMarket();
const source = new DemoSource(market);
const now = marketTimeOf(clock.now());

describe("finance and board-file endpoints", () => {
  let s: TestServer;
  const get = (path: string) => call(s.url, "GET", path);
  const status = async (path: string) => (await get(path)).status;
  before(async () => (s = await startTestServer({ clock })));
  after(() => s.dispose());
  test("xdxr: readable names, per-share ratios, 404 for an unknown code, 422 outside SZ/SH", async () => {
    const r = await get("/api/v1/xdxr?market=SZ&code=000001");
    assert.equal(r.status, 200);
    const want = market.dailyAt(market.find("SZ", "000001")!, now).xdxr;
    assert.equal(r.body.count, want.length);
    assert.equal(r.body.columns[0], "date");
    const div = r.body.data.find((x: { category: number }) => x.category === 1);
    const ev = want.find((x) => x.category === 1)!;
    assert.equal(div.name, "除权除息");
    assert.ok(Math.abs(div.fenhong - ev.c1 / 10) < 1e-6, "cash per share");
    assert.equal(div.panqian_liutong, null);
    assert.equal(await status("/api/v1/xdxr?market=SZ&code=999998"), 404);
    for (const bad of ["market=BJ&code=830800", "market=SZ&code=00001", "code=000001"]) assert.equal(await status(`/api/v1/xdxr?${bad}`), 422, bad);
  });

  test("finance, company category and content", async () => {
    const f = await get("/api/v1/finance?market=SH&code=600519");
    assert.equal(f.status, 200);
    const want = source.finance({ market: 1, code: "600519" }, now)!;
    assert.equal(f.body.data[0].zong_guben, Math.fround(want.totalShares / 1e4) * 1e4, "float32 in 10,000 shares on the wire");
    assert.equal(f.body.columns.length, 38);
    const row = f.body.data[0];
    assert.equal(row.meigu_shouyi, Math.fround(want.eps), "earnings per share, CNY");
    assert.equal(row.zhigong_gu, row.meigu_shouyi * 10_000, "easy_tdx's key for the same slot, with its old scale");
    assert.ok(Math.abs(row.meigu_shouyi - row.jing_lirun / row.zong_guben) < 0.01, "EPS ≈ net profit / shares");
    assert.equal(await status("/api/v1/finance?market=SH&code=600001"), 404);
    const cat = await get("/api/v1/company/category?market=SH&code=600519");
    assert.deepEqual(cat.body.columns, ["name", "filename", "start", "length"]);
    const sec = cat.body.data[1];
    const content = await get(`/api/v1/company/content?market=SH&code=600519&filename=${sec.filename}&offset=${sec.start}&length=${sec.length}`);
    assert.match(content.body.content, /^【公司概况】/);
    assert.equal((await get("/api/v1/company/content?market=SH&code=600519&filename=600519.txt")).body.content.length > 0, true);
    for (const bad of ["offset=-1", "length=0", "length=x"]) {
      assert.equal(await status(`/api/v1/company/content?market=SH&code=600519&filename=600519.txt&${bad}`), 422, bad);
    }
    assert.equal(await status("/api/v1/company/content?market=SH&code=600519"), 422, "filename is required");
  });

  test("financial archives: list, parsed records with named columns, cached under the data directory", async () => {
    const list = await get("/api/v1/financial/file-list");
    assert.equal(list.status, 200);
    assert.deepEqual(list.body.columns, ["filename", "hash", "filesize"]);
    assert.equal(list.body.count, 8);
    const last = list.body.data.at(-1);
    assert.equal(last.filename, "gpcw20260930.zip", "published 30 days after the quarter");
    const r = await get(`/api/v1/financial/records?filename=tdxfin/${last.filename}`);
    assert.equal(r.status, 200);
    assert.deepEqual(r.body.columns.slice(0, 7), ["code", "market", "report_date", "eps", "eps_deducted", "undistributed_profit_per_share", "naps"]);
    assert.equal(r.body.columns.length, 3 + 580);
    const stocks = market.universe.filter((x) => x.kind === "stock" && x.listDate <= 20260930);
    assert.equal(r.body.count, stocks.length);
    const mt = r.body.data.find((x: { code: string }) => x.code === "600519");
    assert.equal(mt.market, "SH");
    assert.equal(mt.report_date, 20260930);
    assert.ok(Math.abs(mt.eps * mt.total_shares - mt.net_profit) < Math.abs(mt.net_profit) * 1e-5, "Math.abs(mt.eps * mt.total_shares - mt.net_profit) < Math.abs(mt.net_profit) * 1e-5");
    assert.equal(mt.col9, 0);
    const kept = readdirSync(join(s.dataDir, "cache", "tdxfin"));
    assert.deepEqual(kept, [`${last.hash}-${last.filename}`]);
    assert.equal(await status("/api/v1/financial/records?filename=tdxfin/gpcw19990101.zip"), 404);
    assert.equal(await status("/api/v1/financial/records?filename=gpcw19990101.zip"), 404);
    for (const bad of ["tdxfin/gpcw20260930.txt", "a/b/c.zip", "", "../gpcw20260930.zip/"]) {
      assert.equal(await status(`/api/v1/financial/records?filename=${bad}`), 422, bad);
    }
  });

  test("financial archives: the name as file-list shows it is accepted, and concurrent first requests share one download", async () => {
    const list = await get("/api/v1/financial/file-list");
    const first = list.body.data[0];
    const answers = await Promise.all([
      get(`/api/v1/financial/records?filename=${first.filename}`),
      get(`/api/v1/financial/records?filename=tdxfin/${first.filename}`),
      get(`/api/v1/financial/records?filename=${first.filename}`),
      get(`/api/v1/financial/records?filename=tdxfin/${first.filename}`),
    ]);
    assert.deepEqual(
      answers.map((r) => r.status),
      [200, 200, 200, 200],
    );
    for (const r of answers.slice(1)) assert.deepEqual(r.body, answers[0]!.body, "the same records by either name");
    assert.ok(readdirSync(join(s.dataDir, "cache", "tdxfin")).includes(`${first.hash}-${first.filename}`), "kept once under its name and MD5");
  });

  test("board files: the three names parse to the demo boards; anything else is a 422", async () => {
    const kinds = { "block_zs.dat": ["ZS"], "block_gn.dat": ["GN"], "block_fg.dat": ["FG", "DQ"] } as const;
    for (const [file, k] of Object.entries(kinds)) {
      const r = await get(`/api/v1/block?filename=${file}`);
      assert.equal(r.status, 200);
      assert.deepEqual(r.body.columns, ["name", "category", "count", "codes", "block_type"]);
      const boards = market.boards.filter((b) => (k as readonly string[]).includes(b.kind));
      assert.equal(r.body.count, boards.length);
      const first = defined(boards[0], `the first board of ${file}`);
      assert.deepEqual(
        r.body.data[0].codes,
        first.members.map((m) => m.code),
      );
      assert.equal(r.body.data[0].name, first.name);
    }
    assert.equal((await get("/api/v1/block?filename=block_zs.dat")).body.data.find((b: { name: string }) => b.name === "沪深300").count, 300);
    for (const bad of ["block.dat", "BLOCK_ZS.DAT", "../x"]) assert.equal(await status(`/api/v1/block?filename=${bad}`), 422, bad);
  });
});
