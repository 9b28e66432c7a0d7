/**
 * Files and hosts a client may make the server touch, over real HTTP (issue
 * 15): the `vipdoc` parameter reads only allowed directories, answers name
 * directories without absolute server paths, and `/server/test` probes with the
 * TDX handshake only (no port scanning through socket errors).
 */
import assert from "node:assert/strict";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { NOT_TDX } from "../../adapters/tdx/tdx-host-service.ts";
import { call, startTestServer, type TestServer } from "../support/server.ts";

describe("vipdoc directories and shown paths", () => {
  let s: TestServer;
  let roots: string;
  let outside: string;
  before(async () => {
    roots = mkdtempSync(join(tmpdir(), "tdx-forge-roots-"));
    outside = mkdtempSync(join(tmpdir(), "tdx-forge-outside-"));
    s = await startTestServer({ env: { VIPDOC_ROOTS: roots } });
  });
  after(async () => {
    await s.dispose();
    rmSync(roots, { recursive: true, force: true });
    rmSync(outside, { recursive: true, force: true });
  });
  const strength = (q = "") => call(s.url, "GET", `/api/v1/market/strength?top_n=5${q}`);

  test("the simulator's tree is named relative to the data directory", async () => {
    const r = await strength();
    assert.equal(r.status, 200);
    assert.equal(r.body.vipdoc, "sim-vipdoc");
    assert.ok(!r.text.includes(s.dataDir), "no absolute server path");
  });

  test("a tree under VIPDOC_ROOTS is read and named by the setting; the same tree elsewhere is refused", async () => {
    const base = await strength();
    cpSync(join(s.dataDir, "sim-vipdoc"), join(roots, "copy"), { recursive: true });
    cpSync(join(s.dataDir, "sim-vipdoc"), join(outside, "copy"), { recursive: true });
    const listed = await strength(`&vipdoc=${encodeURIComponent(join(roots, "copy"))}`);
    assert.equal(listed.status, 200);
    assert.equal(listed.body.vipdoc, "VIPDOC_ROOTS[0]/copy");
    assert.deepEqual(listed.body.data, base.body.data);
    const refusals = [];
    for (const dir of [join(outside, "copy"), join(roots, "..", outside.split("/").at(-1)!, "copy"), "/etc", "/nonexistent", join(s.dataDir, "..")]) {
      const r = await strength(`&vipdoc=${encodeURIComponent(dir)}`);
      assert.equal(r.status, 400, dir);
      refusals.push(r.body.detail.replace(dir, "<dir>"));
    }
    assert.equal(new Set(refusals).size, 1, "a real tree outside the roots reads exactly like a missing one");
    assert.ok(!refusals[0].includes(roots) && !refusals[0].includes(s.dataDir));
  });
});

describe("/server/test is not a port scanner", () => {
  let s: TestServer;
  before(async () => (s = await startTestServer()));
  after(() => s.dispose());

  test("the simulator by name answers; the API's own port and a closed port both read 'not a TDX server'", async () => {
    const sim = (await call(s.url, "GET", "/api/v1/server/hosts")).body.current_host as string;
    const simPort = sim.split(":").at(-1);
    const own = new URL(s.url).port;
    const r = await call(s.url, "POST", "/api/v1/server/test", { json: { hosts: [`localhost:${simPort}`, `127.0.0.1:${own}`, "127.0.0.1:1"], timeout: 2 } });
    assert.equal(r.status, 200);
    assert.equal(r.body[0].reachable, true, "localhost resolves to the simulator's loopback address");
    for (const h of r.body.slice(1)) assert.deepEqual([h.reachable, h.error], [false, NOT_TDX], h.host);
    assert.equal((await call(s.url, "POST", "/api/v1/server/test", { json: { hosts: ["203.0.113.1:7709"] } })).status, 400, "public addresses stay refused");
  });
});
