/**
 * Request body limits and compressed bodies over real HTTP: `POST
 * /backtest/run` takes 200,000 inline bars, plain or gzip-compressed, with the
 * engine's own result; bodies over the route's limit, compressed bodies that
 * inflate past it (zip bombs), broken gzip and unknown encodings are refused
 * without a 500; other routes keep 1 MiB, inflated size included; a client
 * that sends a body refused on its declared length in full before reading
 * gets the 413, not a broken pipe.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { request } from "node:http";
import { connect } from "node:net";
import { deflateSync, gzipSync } from "node:zlib";
import { backtest } from "../../core/backtest/index.ts";
import { allocSeries } from "../../core/bars/series.ts";
import { maCross } from "../../plugins/strategies/ma-cross.ts";
import { call, startTestServer, type TestServer } from "../support/server.ts";

const MIB = 1024 * 1024;

/** `n` daily bars of a deterministic walk, as records and as a series (prices in cents, so exact). */
function walk(n: number) {
  const s = allocSeries(n);
  const ohlcv = new Array(n);
  let p = 1000;
  const t0 = Date.UTC(1300, 0, 1);
  for (let i = 0; i < n; i++) {
    p = Math.max(100, p + ((i * 7919) % 41) - 20);
    const close = p / 100;
    const date = new Date(t0 + i * 86_400_000).toISOString().slice(0, 10);
    s.time[i] = t0 + i * 86_400_000;
    s.open[i] = s.close[i] = close;
    s.high[i] = close + 0.05;
    s.low[i] = close - 0.05;
    s.vol[i] = 1e6;
    s.amount[i] = NaN;
    ohlcv[i] = { datetime: date, open: close, high: s.high[i], low: s.low[i], close, vol: 1e6 };
  }
  return { series: s, ohlcv };
}

describe("request body size and Content-Encoding", () => {
  let s: TestServer;
  before(async () => (s = await startTestServer()));
  after(() => s.dispose());

  const post = (path: string, body: Uint8Array | string, encoding?: string) =>
    call(s.url, "POST", path, { body: body as string, headers: { "content-type": "application/json", ...(encoding ? { "content-encoding": encoding } : {}) } });

  /**
   * A POST whose answer may come before the body is sent: the server answers 413 and closes, so
   * the rest of the upload fails (EPIPE/ECONNRESET); the answer is what counts, not the upload.
   */
  const postEarly = (path: string, body: Uint8Array | string, encoding?: string) =>
    new Promise<{ status: number; body: any }>((resolve, reject) => {
      const u = new URL(path, s.url);
      const req = request(u, { method: "POST", headers: { "content-type": "application/json", ...(encoding ? { "content-encoding": encoding } : {}) } }, (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (d) => (text += d));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
        res.on("error", reject);
      });
      let answered = false;
      req.on("response", () => (answered = true));
      req.on("error", (e) => {
        if (!answered) reject(e);
      });
      req.end(body);
    });

  test("POST /backtest/run: 200,000 inline bars, gzip-compressed and plain, give the engine's own result", async () => {
    const { series, ohlcv } = walk(200_000);
    const text = JSON.stringify({ strategy: "ma_cross", params: { fast: 5, slow: 20 }, ohlcv });
    assert.ok(text.length > MIB, "more than the default limit");
    const expected = JSON.parse(JSON.stringify(backtest(series, maCross.signals(series, { fast: 5, slow: 20 }), {}, { code: "000001", market: "SZ" })));
    for (const [label, body, encoding] of [
      ["gzip", gzipSync(text), "gzip"],
      ["plain", text, undefined],
    ] as const) {
      const r = await post("/api/v1/backtest/run", body, encoding);
      assert.equal(r.status, 200, `${label}: ${r.text.slice(0, 200)}`);
      assert.equal(r.body.equity_curve.length, 200_000, label);
      assert.deepEqual(r.body.performance, expected.performance, label);
      assert.deepEqual(r.body.trades, expected.trades, label);
      assert.deepEqual(r.body.equity_curve.at(-1), expected.equity_curve.at(-1), label);
    }
  });

  test("a body over the route's 48 MiB is 413, as sent or once inflated (a zip bomb)", async () => {
    const pad = (bytes: number) => `{"strategy":"ma_cross","ohlcv":[],"pad":"${" ".repeat(bytes)}"}`;
    let r = await postEarly("/api/v1/backtest/run", pad(48 * MIB + 1));
    assert.equal(r.status, 413);
    assert.match(r.body.detail, /50331648 bytes$/);
    const bomb = gzipSync(pad(200 * MIB));
    assert.ok(bomb.length < MIB, `the bomb is small on the wire (${bomb.length} bytes)`);
    r = await postEarly("/api/v1/backtest/run", bomb, "gzip");
    assert.equal(r.status, 413);
    assert.match(r.body.detail, /50331648 bytes once inflated/);
  });

  test("other routes keep 1 MiB, inflated size included; small compressed bodies pass", async () => {
    const big = JSON.stringify({ strategy: "ma_cross", ohlcv: [], pad: "x".repeat(MIB) });
    let r = await post("/api/v1/backtest/run/async", gzipSync(big), "gzip");
    assert.equal(r.status, 413);
    assert.match(r.body.detail, /1048576 bytes once inflated/);
    const bad = JSON.stringify({ strategy: "ma_cross", params: { fast: 0 } });
    for (const [body, encoding] of [
      [gzipSync(bad), "gzip"],
      [deflateSync(bad), "deflate"],
      [bad, undefined],
    ] as const) {
      r = await post("/api/v1/backtest/run/async", body, encoding);
      assert.equal(r.status, 422, `${encoding}: the inflated body reaches validation`);
      assert.ok(
        r.body.detail.some((d: { loc: unknown[] }) => JSON.stringify(d.loc) === '["body","params","fast"]'),
        `${encoding}: the bad parameter is reported`,
      );
    }
  });

  /**
   * A client that sends the whole body before it reads anything (Python's http.client and requests):
   * the socket is not read until the body is written, so an answer the server followed with a close
   * is lost to the reset (EPIPE) instead of read. What it read once the server closed, or the error.
   */
  const sendAllThenRead = (head: string, body: Buffer, then = "") =>
    new Promise<string>((resolve) => {
      const u = new URL(s.url);
      const sock = connect(Number(u.port), u.hostname);
      sock.pause();
      let text = "";
      sock.on("error", (e) => resolve(`error ${(e as NodeJS.ErrnoException).code}`));
      sock.write(`${head}\r\nHost: ${u.host}\r\ncontent-length: ${body.length}\r\n\r\n`);
      sock.write(body);
      sock.write(then, (e) => {
        if (e) return;
        sock.on("data", (d) => (text += d));
        sock.on("end", () => resolve(text));
        sock.resume();
      });
    });

  test("a body refused on its declared length: the client that sends it all before reading gets the 413, and the connection stays usable", async () => {
    const body = Buffer.alloc(8 * MIB, 32);
    body[0] = 123;
    const host = new URL(s.url).host;
    // the next request on the same connection asks the server to close after it, which ends the read
    const got = await sendAllThenRead("POST /api/v1/indicator/compute HTTP/1.1\r\ncontent-type: application/json", body, `GET /health HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`);
    // an answer's status line follows the previous answer's body directly
    const statuses = [...got.matchAll(/HTTP\/1\.1 (\d{3}) /g)].map((m) => m[1]);
    assert.deepEqual(statuses, ["413", "200"], got.slice(0, 300));
    assert.match(got, /Request body larger than 1048576 bytes/);
  });

  test("a body sent in chunks (no Content-Length) is held to the same limits as a declared one", async () => {
    const chunked = (path: string, parts: readonly string[]) =>
      new Promise<{ status: number; body: any; chunked: boolean }>((resolve, reject) => {
        const req = request(new URL(path, s.url), { method: "POST", headers: { "content-type": "application/json" } }, (res) => {
          let text = "";
          res.setEncoding("utf8");
          res.on("data", (d) => (text += d));
          res.on("end", () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text), chunked: req.getHeader("content-length") === undefined }));
        });
        req.on("error", (e) => (req.writableEnded ? undefined : reject(e)));
        for (const p of parts) req.write(p);
        req.end();
      });
    const head = '{"strategy":"ma_cross","params":{"fast":0},"pad":"';
    let r = await chunked("/api/v1/backtest/run/async", [head, "x".repeat(MIB), '"}']);
    assert.ok(r.chunked, "the upload has no Content-Length");
    assert.equal(r.status, 413);
    assert.match(r.body.detail, /1048576 bytes$/);
    r = await chunked("/api/v1/backtest/run/async", [head, "x".repeat(1000), '"}']);
    assert.equal(r.status, 422, "a small chunked body reaches validation");
    assert.ok(
      r.body.detail.some((d: { loc: unknown[] }) => JSON.stringify(d.loc) === '["body","params","fast"]'),
      "the bad parameter is reported",
    );
  });

  test("broken gzip is 400 and an unknown encoding 415, never a 500", async () => {
    let r = await post("/api/v1/backtest/run", Uint8Array.of(0x1f, 0x8b, 8, 0, 1, 2, 3, 4, 5), "gzip");
    assert.equal(r.status, 400);
    assert.match(r.body.detail, /not valid gzip/);
    r = await post("/api/v1/backtest/run", gzipSync("{}").subarray(0, 12), "gzip");
    assert.equal(r.status, 400, "truncated gzip");
    r = await post("/api/v1/backtest/run", "{}", "br");
    assert.equal(r.status, 415);
    assert.match(r.body.detail, /br is not supported/);
  });

  test("the limits are stated in the API reference", async () => {
    const doc = (await call(s.url, "GET", "/openapi.json")).body;
    assert.match(doc.info.description, /48 MiB/);
    assert.match(doc.info.description, /Content-Encoding: gzip/);
    assert.match(doc.paths["/api/v1/backtest/run"].post.description, /250,000 bars/);
  });
});
