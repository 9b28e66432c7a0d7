/**
 * Edge and gate rules over real HTTP that the other auth files leave open: every
 * state-changing method and a WebSocket upgrade in any letter case from a
 * foreign Origin is refused; the login page's cookie carries the spec's
 * attributes (core/auth/README.md §2, "Session cookie": Max-Age 2592000, HttpOnly,
 * SameSite Lax, Path /, not Secure) and its attempts count towards the lock
 * (§3, "Login throttle state"); a correct old password leaves the failure count
 * where it was; TRUSTED_PROXIES reaches the client address; the security
 * headers state a same-origin policy; and a body of exactly 1 MiB is within the
 * limit, one byte more is not.
 */
import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { call, callRaw, cookieOf, startTestServer, type TestServer } from "../support/server.ts";

const MIB = 1024 * 1024;
const FOREIGN_ORIGIN = "http://attacker.example";
const login = (s: TestServer, password: string, xff: string) => call(s.url, "POST", "/api/auth/login", { json: { password }, headers: { "x-forwarded-for": xff } });

/** The attributes of a Set-Cookie value after its name=value, lower-cased. */
const attributes = (setCookie: string) =>
  new Set(
    setCookie
      .split(";")
      .slice(1)
      .map((a) => a.trim().toLowerCase()),
  );

/** A server whose password is set, and the owner's session cookie, for the tests of one suite. */
function configuredServer(): { s: TestServer; cookie: string } {
  const ctx = {} as { s: TestServer; cookie: string };
  before(async () => {
    ctx.s = await startTestServer();
    assert.equal((await call(ctx.s.url, "POST", "/api/auth/setup", { json: { password: "secret-1" } })).status, 200);
    ctx.cookie = cookieOf((await call(ctx.s.url, "POST", "/api/auth/login", { json: { password: "secret-1" } })).headers)!;
  });
  after(() => ctx.s.dispose());
  return ctx;
}

describe("configured installation", () => {
  const ctx = configuredServer();

  test("POST, PUT, PATCH and DELETE from a foreign Origin are refused before any route, the owner's cookie notwithstanding", async () => {
    for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
      const r = await call(ctx.s.url, method, "/api/v1/llm/config", { json: { provider: "custom", api_url: "http://attacker.example/v1" }, headers: { cookie: ctx.cookie, origin: FOREIGN_ORIGIN } });
      assert.equal(r.status, 403, method);
      assert.match(r.body.detail, /ALLOWED_ORIGINS/, `${method}: the guard's refusal`);
    }
    const config = await call(ctx.s.url, "GET", "/api/v1/llm/config", { headers: { cookie: ctx.cookie } });
    assert.equal(config.body.config.provider, "deepseek", "the foreign PUT changed nothing");
  });

  test("a WebSocket upgrade from a foreign Origin is refused whatever the letter case of its Upgrade header", async () => {
    // RFC 7230 §6.7: protocol names in Upgrade are case-insensitive
    for (const upgrade of ["websocket", "WebSocket", "WEBSOCKET"]) {
      const r = await callRaw(ctx.s.url, "GET", "/api/v1/ws", {
        headers: { connection: "Upgrade", upgrade, origin: FOREIGN_ORIGIN, "sec-websocket-version": "13", "sec-websocket-key": "dGhlIHNhbXBsZSBub25jZQ==" },
      });
      assert.equal(r.status, 403, upgrade);
      assert.match(r.body.detail, /ALLOWED_ORIGINS/, upgrade);
    }
  });

  test("a correct old password leaves earlier login failures counted: only a successful login clears them (§3)", async () => {
    const xff = "198.51.100.77";
    const own = cookieOf((await login(ctx.s, "secret-1", xff)).headers)!;
    for (let i = 0; i < 4; i++) assert.equal((await login(ctx.s, "wrong-pw", xff)).status, 401, `failure ${i + 1}`);
    const changed = await call(ctx.s.url, "POST", "/api/auth/change-password", {
      json: { old_password: "secret-1", new_password: "secret-2" },
      headers: { cookie: own, "x-forwarded-for": xff },
    });
    assert.equal(changed.status, 200);
    assert.equal((await login(ctx.s, "wrong-pw", xff)).status, 401, "the fifth failure");
    const locked = await login(ctx.s, "secret-2", xff);
    assert.equal(locked.status, 429, "five failures lock the address, the right password too");
    assert.match(locked.body.detail, /\b300 seconds\b/);
  });
});

describe("security headers", () => {
  let s: TestServer;
  before(async () => (s = await startTestServer()));
  after(() => s.dispose());

  test("pages get a same-origin content policy with no plugins, base or foreign form targets, and no framing at all", async () => {
    for (const path of ["/", "/docs"]) {
      const r = await call(s.url, "GET", path);
      const csp = new Map(
        (r.headers.get("content-security-policy") ?? "").split(";").map((d) => {
          const [name, ...values] = d.trim().split(/\s+/);
          return [name, values.join(" ")] as const;
        }),
      );
      assert.equal(csp.get("default-src"), "'self'", `${path}: same-origin by default`);
      assert.equal(csp.get("script-src"), "'self'", `${path}: own scripts only`);
      assert.equal(csp.get("object-src"), "'none'", `${path}: no plugins`);
      assert.equal(csp.get("base-uri"), "'self'", `${path}: no foreign <base>`);
      assert.equal(csp.get("form-action"), "'self'", `${path}: forms post home only`);
      assert.equal(csp.get("frame-ancestors"), "'none'", `${path}: never framed`);
      // the legacy header that says the same as frame-ancestors 'none' to browsers without CSP 2
      assert.equal(r.headers.get("x-frame-options"), "DENY", path);
    }
    assert.equal((await call(s.url, "GET", "/health")).headers.get("x-frame-options"), "DENY", "data answers too");
  });
});

describe("TRUSTED_PROXIES reaches the client address", () => {
  let s: TestServer;
  before(async () => (s = await startTestServer({ env: { TRUSTED_PROXIES: "private, 100.64.0.0/10" } })));
  after(() => s.dispose());

  test("entries written by a listed proxy are skipped; by default they would name the client", async () => {
    const gated = (xff: string) => call(s.url, "GET", "/api/v1/market/session", { headers: { "x-forwarded-for": xff } });
    // unconfigured: private clients pass, public ones are 403 (core/auth/README.md §1)
    assert.equal((await gated("192.168.1.7, 100.64.1.1")).status, 200, "every entry ours: the left-most, a private client");
    assert.equal((await gated("203.0.113.9, 100.64.1.1")).status, 403, "the right-most entry not ours: a public client");
  });
});

describe("request body limit at its edge", () => {
  const ctx = configuredServer();

  /** A JSON body of exactly `size` bytes. */
  const bodyOf = (size: number) => {
    const head = '{"strategy":"ma_cross","params":{"fast":0},"pad":"';
    return `${head}${"x".repeat(size - head.length - 2)}"}`;
  };
  const chunks = (text: string) =>
    new ReadableStream({
      start(c) {
        const bytes = new TextEncoder().encode(text);
        for (let i = 0; i < bytes.length; i += 64 * 1024) c.enqueue(bytes.subarray(i, i + 64 * 1024));
        c.close();
      },
    });

  test("1 MiB is within the limit and 1 MiB + 1 byte is not, with a declared length or in chunks", async () => {
    for (const [size, want] of [
      [MIB, 422],
      [MIB + 1, 413],
    ] as const) {
      const body = bodyOf(size);
      assert.equal(Buffer.byteLength(body), size);
      const headers = { cookie: ctx.cookie, "content-type": "application/json" };
      const declared = await call(ctx.s.url, "POST", "/api/v1/backtest/run/async", { body, headers });
      assert.equal(declared.status, want, `${size} bytes with Content-Length`);
      const chunked = await fetch(`${ctx.s.url}/api/v1/backtest/run/async`, { method: "POST", body: chunks(body), headers, duplex: "half" } as RequestInit);
      await chunked.arrayBuffer();
      assert.equal(chunked.status, want, `${size} bytes in chunks`);
    }
  });
});

describe("the login page of a foreign web UI", () => {
  let s: TestServer;
  let webDir: string;
  const HTML = { accept: "text/html" };
  const post = (password: string, xff: string) =>
    fetch(`${s.url}/api/auth/login-page`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": xff },
      body: new URLSearchParams({ password, next: "/optimize" }).toString(),
    });
  before(async () => {
    webDir = mkdtempSync(join(tmpdir(), "tdx-forge-foreign-ui-"));
    writeFileSync(join(webDir, "index.html"), "<!doctype html><title>foreign ui</title>");
    s = await startTestServer({ env: { WEB_DIR: webDir } });
  });
  after(async () => {
    await s.dispose();
    rmSync(webDir, { recursive: true, force: true });
  });

  test("no password yet: a public client's page request is not sent to a login that could not succeed", async () => {
    const r = await fetch(`${s.url}/optimize`, { redirect: "manual", headers: { ...HTML, "x-forwarded-for": "203.0.113.20" } });
    await r.text();
    assert.notEqual(r.status, 303);
  });

  test("its cookie carries exactly the spec's attributes, as POST /api/auth/login's does (§2)", async () => {
    assert.equal((await call(s.url, "POST", "/api/auth/setup", { json: { password: "secret-1" } })).status, 200);
    const r = await post("secret-1", "198.51.100.90");
    assert.equal(r.status, 303);
    const set = r.headers.get("set-cookie") ?? "";
    assert.match(set, /^tf_session=[^;]{43,}/);
    assert.deepEqual(attributes(set), new Set(["max-age=2592000", "path=/", "httponly", "samesite=lax"]));
  });

  test("behind a TLS proxy the browser's own https Origin may post the form; another host may not", async () => {
    // the edge's rule (core/auth/host-origin.ts): an Origin is this service's when it names the request's Host, in any
    // scheme, as a proxy that ends TLS turns https into http; POST /api/auth/login already answers such a post
    const host = new URL(s.url).host;
    const postFrom = (origin: string) =>
      fetch(`${s.url}/api/auth/login-page`, {
        method: "POST",
        redirect: "manual",
        headers: { "content-type": "application/x-www-form-urlencoded", origin, "x-forwarded-for": "198.51.100.92" },
        body: new URLSearchParams({ password: "secret-1", next: "/optimize" }).toString(),
      });
    for (const origin of [`http://${host}`, `https://${host}`]) {
      const r = await postFrom(origin);
      assert.equal(r.status, 303, origin);
      assert.equal(r.headers.get("location"), "/optimize", origin);
      assert.match(r.headers.get("set-cookie") ?? "", /^tf_session=/, origin);
    }
    const foreign = await postFrom(`https://${host}.attacker.example`);
    assert.equal(foreign.status, 403);
    assert.equal(foreign.headers.get("set-cookie"), null);
  });

  test("its attempts count towards the lock: five failures, then 429 on the page with the wait in seconds (§3, §7)", async () => {
    const xff = "198.51.100.91";
    for (let i = 0; i < 5; i++) assert.equal((await post("wrong-pw", xff)).status, 401, `failure ${i + 1}`);
    const locked = await post("secret-1", xff);
    assert.equal(locked.status, 429);
    assert.match(locked.headers.get("content-type") ?? "", /^text\/html/, "the page, not a JSON error");
    assert.match(await locked.text(), /\b300 seconds\b/);
    assert.equal(locked.headers.get("set-cookie"), null, "no session while locked");
  });
});
