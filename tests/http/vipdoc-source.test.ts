/**
 * QUOTE_SOURCE=vipdoc on the real offline files of ../shared/fixtures/tdx/vipdoc,
 * served through the same simulator, client and endpoints as live data.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
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

/**
 * Index units from a user's files (tdx-public/vipdoc-a: SSE and SZSE composites, a stock, an index
 * `.lc1` and a stock `.lc1`). The expected values are read from the raw records here: `.day` volumes
 * are shares for a stock and lots for an index (design doc 8.1), a quote's are lots; an index's
 * minute files keep amount / 100 in the volume word, so its minute line has no volume.
 */
const A = "tdx-public/vipdoc-a";
describe("vipdoc quote source: index units", { skip: skipUnless(`${A}/sh/lday/sh000001.day`) }, () => {
  let s: TestServer;
  before(async () => (s = await startTestServer({ env: { QUOTE_SOURCE: "vipdoc", VIPDOC_DIR: fixture(A)! } })));
  after(() => s?.dispose());

  /** The u32 at `offset` of each 32-byte record of a fixture file. */
  const words = (rel: string, offset: number) => {
    const b = readFileSync(fixture(`${A}/${rel}`)!);
    const v = new DataView(b.buffer, b.byteOffset, b.byteLength);
    return Array.from({ length: b.length / 32 }, (_, i) => v.getUint32(i * 32 + offset, true));
  };
  const lastDayVol = (rel: string) => words(rel, 24).at(-1)!;

  test("quotes: an index's volume is its last day's lots as stored, a stock's its shares / 100", async () => {
    const r = await call(s.url, "POST", "/api/v1/quotes", {
      json: {
        stocks: [
          { market: "SH", code: "000001" },
          { market: "SZ", code: "399001" },
          { market: "SH", code: "600000" },
        ],
      },
    });
    assert.equal(r.status, 200, r.text);
    const vol = Object.fromEntries(r.body.data.map((q: { code: string; vol: number }) => [q.code, q.vol]));
    assert.deepEqual(vol, {
      "000001": lastDayVol("sh/lday/sh000001.day"),
      "399001": lastDayVol("sz/lday/sz399001.day"),
      "600000": Math.round(lastDayVol("sh/lday/sh600000.day") / 100),
    });
    // the same lots as the day bar of /bars/index
    const day = await call(s.url, "GET", "/api/v1/bars/index?market=SH&code=000001&count=1");
    assert.equal(day.body.data[0].vol, vol["000001"]);
  });

  test("minute lines: an index's has no volume (null), a stock's is in lots", async () => {
    const index = await call(s.url, "GET", "/api/v1/minute?market=SH&code=000043");
    assert.equal(index.status, 200, index.text);
    assert.ok(index.body.count > 0);
    assert.ok(
      index.body.data.every((p: { vol: unknown; price: number }) => p.vol === null && p.price > 0),
      "index minute volumes are null",
    );
    const stock = await call(s.url, "GET", "/api/v1/minute?market=SH&code=600519");
    const shares = words("sh/minline/sh600519.lc1", 24).slice(-stock.body.count);
    assert.deepEqual(
      stock.body.data.map((p: { vol: number }) => p.vol),
      shares.map((v) => Math.round(v / 100)),
    );
  });

  test("the index's minute file: its volume word is amount / 100 (no volume), its 15:00 counts are mostly the day's", () => {
    const b = readFileSync(fixture(`${A}/sh/fzline/sh000001.lc5`)!);
    const v = new DataView(b.buffer, b.byteOffset, b.byteLength);
    const n = b.length / 32;
    for (let i = 0; i < n; i++) {
      const amount = v.getFloat32(i * 32 + 20, true);
      // amount / word is 100 to 10^-5 on every record (lots would give 100 × a share's price, some 1,000–3,000)
      assert.ok(Math.abs(v.getUint32(i * 32 + 24, true) * 100 - amount) <= amount * 1e-5, `record ${i}: volume word ≠ amount / 100`);
    }
    const days = new Map(words("sh/lday/sh000001.day", 0).map((d, i) => [d, words("sh/lday/sh000001.day", 28)[i]!]));
    // the 15:00 bar's counts are the day's on 134 of the 160 days both files hold; from 2016-01-19 to 03-01 the
    // minute records count about 120 more securities (1139/34 against 1040/9 on 01-19): each file keeps what it was sent
    const same: number[] = [];
    const other: number[] = [];
    for (let i = 0; i < n; i++) {
      const day = v.getUint16(i * 32, true);
      const date = (Math.floor(day / 2048) + 2004) * 10000 + (day % 2048);
      const word = v.getUint32(i * 32 + 28, true);
      if (v.getUint16(i * 32 + 2, true) !== 900 || !days.has(date) || word === 0) continue;
      (word === days.get(date) ? same : other).push(date);
    }
    assert.deepEqual([same.length, other.length, other[0], other.at(-1)], [134, 26, 20160119, 20160301]);
  });
});
