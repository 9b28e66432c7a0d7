/**
 * The web application's static serving over real HTTP: index and assets, the
 * client-side route fallback, caching and compression, and the gate (pages load
 * without a session; the API stays closed). Uses a stand-in bundle, so it needs
 * no build.
 */
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { after, before, describe, test } from "node:test";
import { call, startTestServer, type TestServer } from "../support/server.ts";

const INDEX = '<!doctype html><title>app</title><script type="module" src="/assets/app-1a2b.js"></script>';
const SCRIPT = `console.log(${JSON.stringify("x".repeat(4000))});`;

describe("web application at /", () => {
  let s: TestServer;
  let dist: string;
  before(async () => {
    dist = mkdtempSync(join(tmpdir(), "tdx-forge-web-"));
    mkdirSync(join(dist, "assets"));
    writeFileSync(join(dist, "index.html"), INDEX);
    writeFileSync(join(dist, "assets", "app-1a2b.js"), SCRIPT);
    writeFileSync(join(dist, "favicon.svg"), "<svg/>");
    s = await startTestServer({ env: { WEB_DIR: dist } });
  });
  after(async () => {
    await s.dispose();
    rmSync(dist, { recursive: true, force: true });
  });

  test("the index is served with a same-origin content policy and revalidated every time", async () => {
    const r = await call(s.url, "GET", "/");
    assert.equal(r.status, 200);
    assert.equal(r.text, INDEX);
    assert.match(r.headers.get("content-type")!, /^text\/html/);
    assert.equal(r.headers.get("cache-control"), "no-cache");
    assert.match(r.headers.get("content-security-policy")!, /default-src 'self'/);
  });

  test("client-side routes fall back to the index; missing files and API paths do not", async () => {
    for (const path of ["/symbol/SZ000001", "/formula", "/servers?x=1"]) {
      const r = await call(s.url, "GET", path);
      assert.equal(r.status, 200, path);
      assert.equal(r.text, INDEX, path);
    }
    const missing = await call(s.url, "GET", "/assets/gone-123.js");
    assert.equal(missing.status, 404);
    const api = await call(s.url, "GET", "/api/v1/no-such-thing");
    assert.equal(api.status, 404);
    assert.deepEqual(api.body, { detail: "Not Found" });
    const health = await call(s.url, "GET", "/health");
    assert.equal(health.status, 200);
    assert.equal(typeof health.body, "object", "API routes still win over the fallback");
  });

  test("hashed assets are cached for a year, compressed on request, and answer 304 to a matching ETag", async () => {
    const res = await fetch(`${s.url}/assets/app-1a2b.js`, { headers: { "accept-encoding": "gzip" } });
    assert.equal(res.status, 200);
    assert.equal(res.headers.get("cache-control"), "public, max-age=31536000, immutable");
    assert.match(res.headers.get("content-type")!, /^text\/javascript/);
    const etag = res.headers.get("etag")!;
    assert.ok(etag, "etag");
    // fetch decompresses transparently; the body must be the original script.
    assert.equal(await res.text(), SCRIPT);

    const raw = await import("node:http").then(
      (http) =>
        new Promise<{ encoding: string | undefined; body: Buffer }>((resolve, reject) => {
          http
            .get(`${s.url}/assets/app-1a2b.js`, { headers: { "accept-encoding": "gzip" } }, (r) => {
              const chunks: Buffer[] = [];
              r.on("data", (c: Buffer) => chunks.push(c));
              r.on("end", () => resolve({ encoding: r.headers["content-encoding"], body: Buffer.concat(chunks) }));
            })
            .on("error", reject);
        }),
    );
    assert.equal(raw.encoding, "gzip");
    assert.ok(raw.body.length < SCRIPT.length / 4, "raw.body.length < SCRIPT.length / 4");
    assert.equal(gunzipSync(raw.body).toString(), SCRIPT);

    const again = await call(s.url, "GET", "/assets/app-1a2b.js", { headers: { "if-none-match": etag } });
    assert.equal(again.status, 304);
  });

  test("paths outside the bundle are not served", async () => {
    const r = await fetch(`${s.url}/..%2f..%2fpackage.json`);
    const text = await r.text();
    assert.equal(r.status, 404);
    assert.ok(!text.includes('"name"'), "no file outside the bundle leaks");
  });

  test("pages load without a session while the API stays gated", async () => {
    assert.equal((await call(s.url, "POST", "/api/auth/setup", { json: { password: "secret-1" } })).status, 200);
    assert.equal((await call(s.url, "GET", "/")).status, 200);
    assert.equal((await call(s.url, "GET", "/symbol/SH600000")).status, 200);
    assert.equal((await call(s.url, "GET", "/favicon.svg")).status, 200);
    assert.equal((await call(s.url, "GET", "/api/v1/market/session")).status, 401);
  });
});

test("without a built bundle the page says how to build it", async () => {
  const empty = mkdtempSync(join(tmpdir(), "tdx-forge-web-empty-"));
  const s = await startTestServer({ env: { WEB_DIR: empty } });
  try {
    const r = await call(s.url, "GET", "/");
    assert.equal(r.status, 503);
    assert.match(r.text, /npm run build:web/);
  } finally {
    await s.dispose();
    rmSync(empty, { recursive: true, force: true });
  }
});
