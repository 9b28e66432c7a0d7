/**
 * The edge against DNS rebinding and cross-site requests (issue 15) over real
 * HTTP and real WebSockets: Host values that do not name the service are
 * refused, state-changing requests and upgrades from a foreign Origin are
 * refused, refusals carry a JSON detail, and every answer carries the security
 * headers (nosniff, a content policy with frame-ancestors 'none', a referrer
 * policy).
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import WebSocket from "ws";
import { call, callRaw, cookieOf, startTestServer, type TestServer } from "../support/server.ts";

const hostOf = (s: TestServer) => new URL(s.url).host;

/** Opens a socket; resolves with its open state or the refusal's status and JSON body. */
function upgrade(s: TestServer, headers: Record<string, string>): Promise<{ open: boolean; status?: number; body?: any }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${s.url.replace("http", "ws")}/api/v1/ws`, { headers });
    ws.once("open", () => {
      ws.close();
      resolve({ open: true });
    });
    ws.once("unexpected-response", (_req, res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ open: false, status: res.statusCode, body: JSON.parse(Buffer.concat(chunks).toString() || "null") }));
    });
    ws.once("error", (e) => (e.message.startsWith("Unexpected server response") ? undefined : reject(e)));
  });
}

describe("Host and Origin guard, unconfigured installation", () => {
  let s: TestServer;
  before(async () => (s = await startTestServer()));
  after(() => s.dispose());

  test("set-up through a rebound name is refused and changes nothing", async () => {
    for (const headers of <Record<string, string>[]>[
      { host: "attacker.example", origin: "http://attacker.example" },
      { host: "attacker.example" },
      { host: `attacker.example:${new URL(s.url).port}` },
      { host: "127.attacker.example" },
    ]) {
      const r = await callRaw(s.url, "POST", "/api/auth/setup", { json: { password: "secret-1" }, headers });
      assert.equal(r.status, 403, headers.host);
      assert.match(r.body.detail, /ALLOWED_HOSTS/, "names the setting");
    }
    assert.deepEqual((await call(s.url, "GET", "/api/auth/status")).body, { configured: false, authenticated: false });
    assert.equal((await callRaw(s.url, "GET", "/api/v1/market/session", { headers: { host: "attacker.example" } })).status, 403);
    assert.equal((await callRaw(s.url, "GET", "/", { headers: { host: "attacker.example" } })).status, 403, "the web app too");
  });

  test("loopback names, IP literals and .localhost names are the service's own", async () => {
    const port = new URL(s.url).port;
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`, `app.localhost:${port}`, `192.168.1.20:${port}`, "LOCALHOST."]) {
      assert.equal((await callRaw(s.url, "GET", "/api/v1/market/session", { headers: { host } })).status, 200, host);
    }
  });

  test("set-up with a foreign Origin is refused even on the service's own Host", async () => {
    const r = await callRaw(s.url, "POST", "/api/auth/setup", {
      json: { password: "secret-1" },
      headers: { host: hostOf(s), origin: "http://attacker.example" },
    });
    assert.equal(r.status, 403);
    assert.match(r.body.detail, /ALLOWED_ORIGINS/);
    for (const origin of ["null", "file://", `https://${hostOf(s)}.attacker.example`]) {
      const o = await call(s.url, "POST", "/api/auth/setup", { json: { password: "secret-1" }, headers: { origin } });
      assert.equal(o.status, 403, origin);
    }
    assert.equal((await call(s.url, "GET", "/api/auth/status")).body.configured, false);
  });
});

describe("Host and Origin guard, configured installation", () => {
  let s: TestServer;
  let cookie: string;
  const strategy = { name: "x", kind: "single", strategy: "ma_cross" };
  before(async () => {
    s = await startTestServer();
    assert.equal((await call(s.url, "POST", "/api/auth/setup", { json: { password: "secret-1" } })).status, 200);
    cookie = cookieOf((await call(s.url, "POST", "/api/auth/login", { json: { password: "secret-1" } })).headers)!;
  });
  after(() => s.dispose());

  test("a foreign Origin cannot save a strategy with the owner's cookie; the same origin can", async () => {
    const foreign = await call(s.url, "POST", "/api/v1/strategies", { json: strategy, headers: { cookie, origin: "http://attacker.example" } });
    assert.equal(foreign.status, 403);
    assert.equal(typeof foreign.body.detail, "string");
    const del = await call(s.url, "DELETE", "/api/v1/strategies/000000000000", { headers: { cookie, origin: "https://evil.example:8443" } });
    assert.equal(del.status, 403);
    assert.equal((await call(s.url, "GET", "/api/v1/strategies", { headers: { cookie } })).body.count, 0, "nothing saved");
    const own = await call(s.url, "POST", "/api/v1/strategies", { json: strategy, headers: { cookie, origin: s.url } });
    assert.equal(own.status, 201);
    const https = await call(s.url, "POST", "/api/v1/strategies", { json: strategy, headers: { cookie, origin: `https://${hostOf(s)}` } });
    assert.equal(https.status, 201, "behind a TLS proxy the scheme differs, the host does not");
    assert.equal((await call(s.url, "POST", "/api/v1/strategies", { json: strategy, headers: { cookie } })).status, 201, "no Origin: not a browser's cross-site request");
    const read = await call(s.url, "GET", "/api/v1/strategies", { headers: { cookie, origin: "http://attacker.example" } });
    assert.equal(read.status, 200, "reads are not state-changing (the browser keeps their answers from the foreign page)");
  });

  test("a WebSocket upgrade from a foreign Origin is refused with a JSON body; the own origin opens", async () => {
    const foreign = await upgrade(s, { cookie, origin: "http://attacker.example" });
    assert.equal(foreign.open, false);
    assert.equal(foreign.status, 403);
    assert.match(foreign.body.detail, /attacker\.example/);
    assert.deepEqual(await upgrade(s, { cookie, origin: s.url }), { open: true });
  });

  test("a WebSocket upgrade without a session is 401 with the gate's JSON body", async () => {
    const r = await upgrade(s, {});
    assert.deepEqual(r, { open: false, status: 401, body: { detail: "Not authenticated" } });
  });

  test("every answer carries the security headers", async () => {
    for (const [path, html] of [
      ["/docs", true],
      ["/", true],
      ["/health", false],
      ["/api/v1/strategies", false],
      ["/docs/swagger-init.js", false],
    ] as const) {
      const r = await call(s.url, "GET", path, { headers: { cookie } });
      assert.equal(r.headers.get("x-content-type-options"), "nosniff", path);
      assert.equal(r.headers.get("referrer-policy"), "same-origin", path);
      const csp = r.headers.get("content-security-policy") ?? "";
      assert.match(csp, /frame-ancestors 'none'/, path);
      if (html) {
        assert.match(csp, /script-src 'self'(;|$)/, `${path}: no inline script allowed`);
        assert.ok(!/<script>/.test(r.text), `${path} has no inline script`);
      } else assert.match(csp, /default-src 'none'/, path);
    }
  });
});

describe("ALLOWED_HOSTS and ALLOWED_ORIGINS", () => {
  let s: TestServer;
  before(async () => (s = await startTestServer({ env: { ALLOWED_HOSTS: "forge.example, .home.arpa", ALLOWED_ORIGINS: "http://tools.example:3000" } })));
  after(() => s.dispose());

  test("listed names and their subdomains are served; look-alikes are not", async () => {
    for (const host of ["forge.example", "forge.example:8000", "home.arpa", "nas.home.arpa"]) {
      assert.equal((await callRaw(s.url, "GET", "/health", { headers: { host } })).status, 200, host);
    }
    for (const host of ["forge.example.attacker.example", "xforge.example", "evilhome.arpa", "localhost.attacker.example"]) {
      assert.equal((await callRaw(s.url, "GET", "/health", { headers: { host } })).status, 403, host);
    }
  });

  test("listed origins and origins on listed names may post", async () => {
    const post = (origin: string) => call(s.url, "POST", "/api/auth/logout", { headers: { origin } });
    assert.equal((await post("http://tools.example:3000")).status, 200);
    assert.equal((await post("https://nas.home.arpa")).status, 200);
    assert.equal((await post("http://tools.example:3001")).status, 403, "the port is part of an origin");
    assert.equal((await post("http://tools.example.attacker.example:3000")).status, 403);
  });
});
