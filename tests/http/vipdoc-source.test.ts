/**
 * QUOTE_SOURCE=vipdoc on the real offline files of ../shared/fixtures/tdx/vipdoc,
 * served through the same simulator, client and endpoints as live data.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { fixture, skipUnless } from "../support/fixtures.ts";
import { call, startTestServer, type TestServer } from "../support/server.ts";

const skip = skipUnless("tdx/vipdoc/sh/lday/sh000001.day");

describe("vipdoc quote source", { skip }, () => {
  let s: TestServer;
  before(async () => (s = await startTestServer({ env: { QUOTE_SOURCE: "vipdoc", VIPDOC_DIR: fixture("tdx/vipdoc")! } })));
  after(() => s?.dispose());

  test("index bars come from the .day file, with breadth", async () => {
    const r = await call(s.url, "GET", "/api/v1/bars/index?market=SH&code=000001&count=2");
    assert.equal(r.status, 200);
    const last = r.body.data.at(-1);
    assert.equal(last.date, "2021-05-14T00:00:00");
    assert.equal(last.close, 3490.38);
    assert.ok(last.up_count > 0, "last.up_count > 0");
  });

  test("an index code on /bars and a stock code on /bars/index: 400 with the reason, not an unreadable reply", async () => {
    const index = await call(s.url, "GET", "/api/v1/bars?market=SH&code=000001&count=2");
    assert.equal(index.status, 400, index.text);
    assert.match(index.body.detail, /is an index: .*\/bars\/index/);
    const stock = await call(s.url, "GET", "/api/v1/bars/index?market=SH&code=600519&count=2");
    assert.equal(stock.status, 400, stock.text);
    assert.match(stock.body.detail, /SH:600519 is not an index/);
    const unknown = await call(s.url, "GET", "/api/v1/bars/index?market=SZ&code=399001");
    assert.equal(unknown.status, 404, `no such file in the tree: unknown (${unknown.text})`);
  });

  test("stock bars: the listing days of 600519; adjust is reported as ignored (no xdxr offline)", async () => {
    const r = await call(s.url, "GET", "/api/v1/bars?market=SH&code=600519&count=800");
    assert.equal(r.status, 200);
    assert.equal(r.body.count, 10);
    assert.deepEqual([r.body.data[0].date, r.body.data[0].open, r.body.data[0].close], ["2001-08-27T00:00:00", 34.51, 35.55]);
    assert.equal(r.body.adjust.applied, "NONE");
    assert.match(r.body.adjust.note, /unavailable/);
  });

  test("minute bars from .lc1 and .lc5, the security list from the tree", async () => {
    const m5 = await call(s.url, "GET", "/api/v1/bars?market=SH&code=688001&category=MIN_5&count=1&adjust=NONE&bar_time=end");
    assert.equal(m5.body.data[0].datetime, "2021-06-03T15:00:00");
    assert.equal(m5.body.data[0].close, 36.65);
    const line = await call(s.url, "GET", "/api/v1/minute?market=SH&code=688001");
    assert.equal(line.body.count, 240);
    const list = await call(s.url, "GET", "/api/v1/security/list?market=SH");
    assert.ok(
      list.body.data.some((x: { code: string }) => x.code === "600519"),
      'list.body.data.some((x: { code: string }) => x.code === "600519")',
    );
    assert.equal((await call(s.url, "GET", "/api/v1/bars?market=SZ&code=000001")).status, 404);
  });
});
