/**
 * The service never detaches an ArrayBuffer while it answers requests: once
 * one is detached in a process, V8 checks every typed-array access of that
 * process for it (about 1.3–1.9 times slower typed-array loops: every later
 * indicator, chan and backtest request). Web-stream reads detach (`fetch`,
 * `DecompressionStream`, a `Request` body read through its stream), and so
 * did tsx's CommonJS hook when the service's dependencies loaded; the start
 * script uses `tsx/esm` and the service reads bodies and providers without
 * web streams (adapters/http/middleware/buffered-request.ts,
 * adapters/external/http/node-exchange.ts).
 *
 * The service runs as `npm start` runs it, with V8's
 * `--trace-protector-invalidation`, which prints a line when a protector is
 * invalidated in any of the process' isolates (the loader thread's and the
 * worker threads' included, so lines printed while starting are not counted):
 * requests that used to detach (gzip, deflate and chunked bodies, an external
 * provider's answer) must print none. A child process checks first that the
 * trace sees a detach on this Node (a `Response` body read): where it does
 * not, there is nothing to guard and the test skips.
 */
import assert from "node:assert/strict";
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import process from "node:process";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import { deflateSync, gzipSync } from "node:zlib";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const LINE = "Invalidating protector cell ArrayBufferDetaching";
const count = (text: string) => text.split(LINE).length - 1;

function send(port: number, method: string, path: string, body?: Uint8Array | string[], headers: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, method, path, headers }, (res) => {
      res.resume();
      res.on("end", () => resolve(res.statusCode ?? 0));
    });
    req.on("error", reject);
    // an array is sent as chunks (no Content-Length)
    if (Array.isArray(body)) for (const part of body) req.write(part);
    req.end(Array.isArray(body) ? undefined : body);
  });
}

test("requests with compressed or chunked bodies and external data detach no ArrayBuffer in the service", { timeout: 120_000 }, async (t) => {
  const control = spawnSync(process.execPath, ["--trace-protector-invalidation", "-e", 'new Response("x").text().then(() => {})'], { encoding: "utf8" });
  if (count(control.stdout) === 0) return t.skip(`this Node (${process.version}) does not detach on a Response body read: nothing to guard`);

  const dataDir = mkdtempSync(join(tmpdir(), "tdx-forge-protector-"));
  const port = 20_000 + (process.pid % 20_000);
  const child = spawn(process.execPath, ["--trace-protector-invalidation", "--import", "tsx/esm", "apps/server/main.ts"], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: "silent", WARM_UP: "0" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  let out = "";
  child.stdout.on("data", (d: Buffer) => (out += d.toString()));
  try {
    for (let i = 0; ; i++) {
      try {
        if ((await send(port, "GET", "/health")) === 200) break;
      } catch (e) {
        if (i > 600) throw e;
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    // a first request of each kind loads its routes' modules; the loader thread's own invalidation is not ours
    await send(port, "GET", "/api/v1/bars?market=SZ&code=000001&category=DAY&count=5");
    await new Promise((r) => setTimeout(r, 500));
    const before = count(out);

    const json = { "content-type": "application/json" };
    const body = JSON.stringify({ strategy: "ma_cross", params: { fast: 0 } });
    const statuses = [
      await send(port, "POST", "/api/v1/backtest/run", gzipSync(body), { ...json, "content-encoding": "gzip" }),
      await send(port, "POST", "/api/v1/backtest/run", deflateSync(body), { ...json, "content-encoding": "deflate" }),
      await send(port, "POST", "/api/v1/backtest/run", [body.slice(0, 10), body.slice(10)], json),
      await send(port, "POST", "/api/v1/backtest/run", Uint8Array.of(0x1f, 0x8b, 8, 0, 1, 2, 3), { ...json, "content-encoding": "gzip" }),
      await send(port, "GET", "/api/v1/announcements?code=000001"),
    ];
    assert.deepEqual(statuses, [422, 422, 422, 400, 200], "each request reached the code it exercises");
    // and the pages a browser loads first
    for (const path of ["/", "/openapi.json", "/docs"]) assert.ok((await send(port, "GET", path)) < 500, path);
    await new Promise((r) => setTimeout(r, 500));
    assert.equal(count(out) - before, 0, "no protector invalidated while answering");
  } finally {
    child.kill("SIGTERM");
    await new Promise((r) => child.once("exit", r));
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test("the start script loads TypeScript with tsx's ES-module hooks only (its CommonJS hook detached a buffer while the dependencies loaded)", async () => {
  const { readFileSync } = await import("node:fs");
  const start = (JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { scripts: Record<string, string> }).scripts.start!;
  assert.match(start, /node [^&]*--import tsx\/esm apps\/server\/main\.ts/);
});
