/**
 * The external-data endpoints over real HTTP (adapters/http/README.md 4.11): the service
 * is pointed at a replay server on loopback serving the demo providers, so each
 * provider request can be counted and faults injected. Shapes, validation,
 * cache lifetimes (also across a restart), 502/504 on provider failures, the
 * default demo mode, and announcements while the quote server is down.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { demoProviderRoutes } from "../../apps/provider-replay/demo/demo-providers.ts";
import { mountRoutes, type ReplayServer, startReplayServer } from "../../apps/provider-replay/replay-server.ts";
import { DemoMarket } from "../../apps/tdx-sim/demo/demo-market.ts";
import { DemoSource } from "../../apps/tdx-sim/demo/demo-source.ts";
import { startSimulator } from "../../apps/tdx-sim/sim-server.ts";
import { dataSources } from "../../plugins/datasources/index.ts";
import { call, FakeClock, startTestServer, type TestServer } from "../support/server.ts";

const SEED = 20260101;
const HOUR = 3600_000;

/** Friday 2026-11-20 17:00 Shanghai: after that day's CFFEX publication. */
const clock = new FakeClock(Date.UTC(2026, 10, 20, 9, 0));

async function demoProviders(): Promise<ReplayServer> {
  const routes = demoProviderRoutes(SEED, clock);
  return startReplayServer({ routes: dataSources.flatMap((p) => mountRoutes(p.demoPrefix, routes[p.provides])) });
}

const overrides = (replay: ReplayServer) => ({
  CNINFO_BASE_URL: `${replay.url}/cninfo`,
  SINA_BASE_URL: `${replay.url}/sina`,
  CFFEX_BASE_URL: `${replay.url}/cffex`,
  EXTERNAL_TIMEOUT_MS: "300",
});

describe("external data endpoints", () => {
  let replay: ReplayServer;
  let s: TestServer;
  before(async () => {
    replay = await demoProviders();
    s = await startTestServer({ clock, env: overrides(replay) });
  });
  after(async () => {
    await s.dispose();
    await replay.close();
  });

  const get = (path: string) => call(s.url, "GET", path);
  /** Provider requests made while `f` runs. */
  const dials = async (f: () => Promise<unknown>) => {
    const n = replay.requests.length;
    await f();
    return replay.requests.slice(n).map((r) => r.path);
  };

  test("announcements: the original's columns, newest first, total over all pages", async () => {
    const r = await get("/api/v1/announcements?code=000001&count=5&page=2");
    assert.equal(r.status, 200);
    assert.deepEqual(r.body.columns, ["title", "type", "date", "url", "code", "org_id", "announcement_id", "announcement_time", "pdf_url"]);
    assert.equal(r.body.count, 5);
    assert.ok(r.body.total > 100, "r.body.total > 100");
    assert.equal(r.body.page, 2);
    const row = r.body.data[0];
    assert.match(row.date, /^\d{4}-\d{2}-\d{2}$/);
    assert.equal(row.pdf_url, `${replay.url}/cninfo/static/finalpage/${row.date}/${row.announcement_id}.PDF`);
    const pdf = await fetch(row.pdf_url);
    assert.equal(pdf.headers.get("content-type"), "application/pdf");
    assert.match(await pdf.text(), /^%PDF-1\.4/);
    assert.deepEqual((await get("/api/v1/announcements?code=999999")).body, { count: 0, columns: r.body.columns, data: [], total: 0, page: 1 });
  });

  test("financial reports: one row per period, items and their 同比", async () => {
    const r = await get("/api/v1/finsrc/financial-report?code=600000&num=4");
    assert.equal(r.status, 200);
    assert.equal(r.body.count, 4);
    assert.deepEqual(r.body.columns.slice(0, 3), ["报告期", "营业总收入", "营业总收入_同比"]);
    assert.deepEqual(
      r.body.data.map((d: Record<string, string>) => d.报告期),
      ["2026-09-30", "2026-06-30", "2026-03-31", "2025-12-31"],
    );
    assert.equal(r.body.data[0].已赚保费, null);
    assert.deepEqual((await get("/api/v1/sina/financial-report?code=600000&num=4")).body, r.body, "the original system's path");
    const fzb = await get("/api/v1/finsrc/financial-report?code=600000&type=fzb&num=1");
    assert.equal(fzb.body.data[0].资产总计, fzb.body.data[0]["负债和所有者权益(或股东权益)总计"]);
    assert.ok(
      (await get("/api/v1/finsrc/financial-report?code=300750&type=llb")).body.columns.includes("经营活动产生的现金流量净额"),
      '(await get("/api/v1/finsrc/financial-report?code=300750&type=llb")).body.columns.includes("经营活动产生的现金流量净额")',
    );
  });

  test("ccpm: products, a day's ranking, the latest day searched backwards", async () => {
    const p = await get("/api/v1/ccpm/products");
    assert.equal(p.body.count, 8);
    assert.deepEqual(
      p.body.products.map((x: { code: string }) => x.code),
      ["IF", "IH", "IC", "IM", "TS", "TF", "T", "TL"],
    );
    assert.deepEqual(Object.keys(p.body.products[0]).slice(0, 7), ["code", "name", "category", "underlying", "underlying_code", "unit", "intro"]);
    const r = await get("/api/v1/ccpm/rank?product=T&date=2026-11-19");
    assert.equal(r.status, 200);
    assert.deepEqual([r.body.trading_day, r.body.product, r.body.product_name, r.body.count], ["20261119", "T", "10年期国债期货", 60]);
    assert.deepEqual(Object.keys(r.body.data[0]), [
      "trading_day",
      "product",
      "instrument",
      "rank",
      "vol_member",
      "vol",
      "vol_chg",
      "long_member",
      "long_pos",
      "long_chg",
      "short_member",
      "short_pos",
      "short_chg",
    ]);
    const latest = await get("/api/v1/ccpm/rank");
    assert.deepEqual([latest.body.product, latest.body.trading_day], ["IF", "20261120"]);
    const sunday = await get("/api/v1/ccpm/rank?product=IF&date=2026-11-22");
    assert.equal(sunday.status, 404);
    assert.match(sunday.body.detail, /No IF ranking for 2026-11-22: not a trading day, or not published yet/);
    assert.equal((await get("/api/v1/ccpm/rank?date=2026-10-05")).status, 404, "a weekday holiday");
    assert.equal((await get("/api/v1/ccpm/rank?date=2027-01-04")).status, 404, "the future");
  });

  test("invalid parameters are FastAPI-shaped 422s", async () => {
    for (const bad of [
      "/api/v1/announcements",
      "/api/v1/announcements?code=00001",
      "/api/v1/announcements?code=000001&count=0",
      "/api/v1/announcements?code=000001&count=101",
      "/api/v1/announcements?code=000001&page=0",
      "/api/v1/finsrc/financial-report?code=000001&type=xjb",
      "/api/v1/finsrc/financial-report?code=000001&num=41",
      "/api/v1/ccpm/rank?product=if",
      "/api/v1/ccpm/rank?product=IX",
      "/api/v1/ccpm/rank?date=20261120",
      "/api/v1/ccpm/rank?date=2026-02-30",
      "/api/v1/ccpm/rank?refresh=maybe",
    ]) {
      const r = await get(bad);
      assert.equal(r.status, 422, bad);
      assert.ok(Array.isArray(r.body.detail) && r.body.detail[0].loc[0] === "query", bad);
    }
    const pattern = await get("/api/v1/finsrc/financial-report?code=000001&type=xjb");
    assert.equal(pattern.body.detail[0].type, "string_pattern_mismatch");
  });

  test("cache lifetimes: announcements minutes, reports a day, published rankings forever; all survive a restart", async (t) => {
    const start = clock.t;
    t.after(() => void (clock.t = start));
    const ann = "/api/v1/announcements?code=600000&count=10";
    const rep = (num: number) => `/api/v1/finsrc/financial-report?code=000001&type=fzb&num=${num}`;
    const rank = "/api/v1/ccpm/rank?product=IC&date=2026-11-18";
    assert.deepEqual(await dials(() => get(ann)), ["/cninfo/new/hisAnnouncement/query"], "the orgId list is already known");
    assert.equal((await dials(() => get(rep(2)))).length, 1);
    assert.equal((await dials(() => get(rank))).length, 1);
    const answers = await Promise.all([get(ann), get(rep(5)), get(rank)]);
    assert.deepEqual(
      answers.map((a) => a.status),
      [200, 200, 200],
    );
    assert.equal(answers[0].headers.get("x-cache"), "hit");
    assert.equal(answers[1].body.count, 5, "another num from the same cached report");

    s = await s.restart();
    assert.deepEqual(await dials(() => Promise.all([get(ann), get(rep(8)), get(rank)])), [], "all three from SQLite after a restart");
    assert.equal((await get(ann)).headers.get("x-cache"), "hit");

    clock.advance(11 * 60_000);
    assert.deepEqual(await dials(() => Promise.all([get(ann), get(rep(8)), get(rank)])), ["/cninfo/new/data/szse_stock.json", "/cninfo/new/hisAnnouncement/query"]);
    clock.advance(24 * HOUR);
    assert.deepEqual(await dials(() => get(rep(8))), ["/sina/cn/api/openapi.php/CompanyFinanceService.getFinanceReport2022"]);
    clock.advance(400 * 24 * HOUR);
    assert.deepEqual(await dials(() => get(rank)), [], "a published ranking never expires");
    assert.deepEqual(await dials(() => get(`${rank}&refresh=true`)), ["/cffex/sj/ccpm/202611/18/IC.xml"]);
  });

  test("provider failures are 502 (bad answer) or 504 (timeout) with a clear detail; cached answers keep working", async () => {
    replay.inject({ path: "/cninfo/new/hisAnnouncement", reply: { headers: { "content-type": "text/html" }, body: "<!DOCTYPE html><html><head><title>系统维护</title></head></html>" } });
    const html = await get("/api/v1/announcements?code=000002");
    assert.equal(html.status, 502);
    assert.equal(html.body.detail, 'External provider failed: cninfo answered with an HTML page ("系统维护") instead of JSON');

    replay.inject({ path: "/sina/", reply: { body: "" } });
    const empty = await get("/api/v1/finsrc/financial-report?code=000002");
    assert.equal(empty.status, 502);
    assert.match(empty.body.detail, /sina answered with an empty body instead of JSON/);
    // The provider answered, correctly, that it does not know the code: a 404 whose detail does not name the provider.
    for (const path of ["/api/v1/finsrc/financial-report?code=999999", "/api/v1/sina/financial-report?code=999999"]) {
      const unknown = await get(path);
      assert.equal(unknown.status, 404, path);
      assert.match(unknown.body.detail, /^Unknown security 999999: /, path);
      assert.doesNotMatch(unknown.body.detail, /sina/i, path);
    }

    replay.inject({ path: "/cffex/", stall: true, times: 3 });
    const slow = await get("/api/v1/ccpm/rank?product=TL&date=2026-11-17");
    assert.equal(slow.status, 504);
    assert.equal(slow.body.detail, "External provider timed out: cffex did not answer within 300 ms (3 attempts)");

    replay.inject({ path: "/cninfo/", reply: { status: 503, body: "" }, times: 10 });
    assert.equal((await get("/api/v1/announcements?code=600000&count=10")).status, 200, "still cached");
  });
});

test("by default (EXTERNAL_DATA=demo) the providers are generated on loopback; a public override is refused", async () => {
  const s = await startTestServer({ clock });
  try {
    const r = await call(s.url, "GET", "/api/v1/announcements?code=000001&count=3");
    assert.equal(r.status, 200);
    assert.match(r.body.data[0].url, /^http:\/\/127\.0\.0\.1:\d+\/cninfo\/new\/disclosure\/detail\?/);
    assert.equal((await call(s.url, "GET", "/api/v1/ccpm/rank?product=TS")).status, 200);
  } finally {
    await s.dispose();
  }
  await assert.rejects(startTestServer({ clock, env: { SINA_BASE_URL: "https://quotes.sina.cn" } }), /EXTERNAL_DATA=demo dials only loopback addresses/);
});

test("announcements stay callable when the quote server goes down", async () => {
  const sim = await startSimulator({ source: new DemoSource(new DemoMarket(SEED)), clock });
  const s = await startTestServer({ clock, env: { QUOTE_SOURCE: "tdx", TDX_HOSTS: `127.0.0.1:${sim.port}` } });
  try {
    assert.equal((await call(s.url, "GET", "/api/v1/security/count?market=SZ")).status, 200);
    await sim.close();
    const quotes = await call(s.url, "GET", "/api/v1/security/count?market=SZ");
    assert.equal(quotes.status, 503);
    const ann = await call(s.url, "GET", "/api/v1/announcements?code=300750&count=5");
    assert.equal(ann.status, 200);
    assert.equal(ann.body.count, 5);
    assert.equal(ann.headers.get("x-cache"), "miss", "fetched from the provider while the quote server is down");
    assert.equal((await call(s.url, "GET", "/api/v1/finsrc/financial-report?code=300750")).status, 200);
  } finally {
    await s.dispose();
  }
});
