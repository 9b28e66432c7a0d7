/**
 * The provider exchange over real loopback HTTP: bodies decoded per their
 * Content-Encoding (gzip, zlib deflate, raw deflate as some servers send it,
 * br) with node:zlib's own encoders as the reference, redirects not followed,
 * an answer cut short and a timeout rejected.
 */
import assert from "node:assert/strict";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { after, before, describe, test } from "node:test";
import { brotliCompressSync, deflateRawSync, deflateSync, gzipSync } from "node:zlib";
import { exchange } from "../../../adapters/external/http/node-exchange.ts";

const TEXT = `公告 ${"x".repeat(5000)} end`;
const ENCODED: Record<string, Buffer> = { gzip: gzipSync(TEXT), deflate: deflateSync(TEXT), raw: deflateRawSync(TEXT), br: brotliCompressSync(TEXT) };

describe("exchange (node:http)", () => {
  let server: Server;
  let base = "";
  const seen: Record<string, string | undefined>[] = [];
  before(async () => {
    server = createServer((req, res) => {
      seen.push({ method: req.method, ae: req.headers["accept-encoding"], length: req.headers["content-length"] });
      const path = req.url ?? "/";
      if (path === "/moved") return res.writeHead(302, { location: "/elsewhere" }).end();
      if (path === "/cut") {
        res.writeHead(200, { "content-length": "100" }).write("partial");
        return setTimeout(() => res.destroy(), 20);
      }
      if (path === "/stall") return;
      const kind = path.slice(1);
      const body = ENCODED[kind];
      if (!body) return res.writeHead(200, { "set-cookie": ["a=1", "b=2"] }).end(TEXT);
      res.writeHead(200, { "content-encoding": kind === "raw" ? "deflate" : kind }).end(body);
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(() => {
    server.closeAllConnections();
    server.close();
  });

  const get = (path: string, ms = 2000) => exchange(`${base}${path}`, { method: "GET", headers: {} }, AbortSignal.timeout(ms));

  test("each Content-Encoding is decoded to the text sent", async () => {
    for (const kind of ["plain", "gzip", "deflate", "raw", "br"]) {
      const r = await get(`/${kind}`);
      assert.equal(r.status, 200, kind);
      assert.equal(new TextDecoder().decode(r.body), TEXT, kind);
    }
    assert.match(String(seen.at(-1)!.ae), /gzip.*deflate.*br/, "the encodings are asked for");
  });

  test("headers keep repeated values; a POST body is sent with its length", async () => {
    const r = await get("/plain");
    assert.equal(r.headers.get("set-cookie"), "a=1, b=2");
    await exchange(`${base}/plain`, { method: "POST", headers: { "content-type": "text/plain" }, body: "é=1" }, AbortSignal.timeout(2000));
    assert.deepEqual([seen.at(-1)!.method, seen.at(-1)!.length], ["POST", "4"]);
  });

  test("a redirect is returned as it is, not followed", async () => {
    const r = await get("/moved");
    assert.equal(r.status, 302);
    assert.equal(r.headers.get("location"), "/elsewhere");
  });

  test("an answer cut short and a stalled one are rejected (the timeout with the signal's TimeoutError)", async () => {
    await assert.rejects(get("/cut"));
    await assert.rejects(get("/stall", 200), (e: Error) => e.name === "TimeoutError");
  });
});
