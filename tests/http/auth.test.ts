/**
 * The access gate of core/auth/README.md over real HTTP: every row of the state tables,
 * every error row, rule order, cookie attributes, the throttle and restarts.
 * The server listens on loopback, so a public client is simulated with
 * X-Forwarded-For (honoured because the direct peer is local).
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { sqliteAuthStore } from "../../adapters/sqlite/sqlite-auth-store.ts";
import { openDatabase } from "../../adapters/sqlite/sqlite-database.ts";
import { defaultSqliteOpener } from "../../adapters/sqlite/sqlite-opener.ts";
import { call, cookieOf, FakeClock, startTestServer, type TestServer } from "../support/server.ts";
import { defined } from "../support/defined.ts";

const PUBLIC = { "x-forwarded-for": "203.0.113.7" };
const PRIVATE = { "x-forwarded-for": "192.168.3.4" };
const DAY = 86_400_000;

async function setup(s: TestServer, password = "secret-1", headers: Record<string, string> = {}) {
  return call(s.url, "POST", "/api/auth/setup", { json: { password }, headers });
}
async function login(s: TestServer, password = "secret-1", headers: Record<string, string> = {}) {
  return call(s.url, "POST", "/api/auth/login", { json: { password }, headers });
}
async function status(s: TestServer, cookie?: string) {
  return (await call(s.url, "GET", "/api/auth/status", { headers: cookie ? { cookie } : {} })).body;
}
async function gated(s: TestServer, headers: Record<string, string> = {}) {
  return call(s.url, "GET", "/api/v1/market/session", { headers });
}

describe("unconfigured installation", () => {
  let s: TestServer;
  before(async () => (s = await startTestServer()));
  after(() => s.dispose());

  test("status says not configured, not authenticated", async () => {
    assert.deepEqual(await status(s), { configured: false, authenticated: false });
  });

  test("gate: local and private clients pass, public clients get 403", async () => {
    assert.equal((await gated(s)).status, 200);
    assert.equal((await gated(s, PRIVATE)).status, 200);
    const pub = await gated(s, PUBLIC);
    assert.equal(pub.status, 403);
    assert.deepEqual(pub.body, { detail: "Password not configured; set one up from the local network first" });
  });

  test("login and change-password before set-up", async () => {
    const l = await login(s);
    assert.equal(l.status, 409);
    assert.equal(typeof l.body.detail, "string");
    // Rule 5(a) comes first: no session → 401 even though no password exists.
    const c = await call(s.url, "POST", "/api/auth/change-password", { json: { old_password: "x", new_password: "secret-2" } });
    assert.equal(c.status, 401);
  });

  test("public set-up is refused and changes nothing", async () => {
    const r = await setup(s, "secret-1", PUBLIC);
    assert.equal(r.status, 403);
    assert.equal(typeof r.body.detail, "string");
    assert.deepEqual(await status(s), { configured: false, authenticated: false });
  });

  test("a bad body is 422 before the address check", async () => {
    const r = await setup(s, "short", PUBLIC);
    assert.equal(r.status, 422);
    assert.deepEqual(r.body.detail[0], {
      type: "string_too_short",
      loc: ["body", "password"],
      msg: "String should have at least 6 characters",
      input: "short",
    });
    const long = await setup(s, "x".repeat(129));
    assert.equal(long.status, 422);
    assert.equal(long.body.detail[0].type, "string_too_long");
    const missing = await call(s.url, "POST", "/api/auth/setup", { json: {} });
    assert.deepEqual(missing.body.detail, [{ type: "missing", loc: ["body", "password"], msg: "Field required", input: {} }]);
    const wrongType = await call(s.url, "POST", "/api/auth/setup", { json: { password: 123456 } });
    assert.equal(wrongType.body.detail[0].type, "string_type");
  });

  test("lengths count characters, not UTF-16 units (as Python's len)", async () => {
    const emoji = "😀".repeat(128); // 128 characters, 256 UTF-16 units
    const r = await call(s.url, "POST", "/api/auth/login", { json: { password: emoji } });
    assert.equal(r.status, 409, "valid length: reaches the 'no password' rule");
    const r2 = await call(s.url, "POST", "/api/auth/login", { json: { password: `${emoji}😀` } });
    assert.equal(r2.status, 422);
  });

  test("private-network set-up succeeds, then set-up is 409 (local) and 403 (public)", async () => {
    const r = await setup(s, "secret-1", PRIVATE);
    assert.equal(r.status, 200);
    assert.deepEqual(r.body, { ok: true, configured: true });
    assert.deepEqual(await status(s), { configured: true, authenticated: false });
    assert.equal((await setup(s, "another-1")).status, 409);
    assert.equal((await setup(s, "another-1", PUBLIC)).status, 403, "rule 2(a) before 2(b)");
  });
});

describe("configured installation", () => {
  let s: TestServer;
  const clock = new FakeClock();
  before(async () => {
    s = await startTestServer({ clock });
    assert.equal((await setup(s)).status, 200);
  });
  after(() => s.dispose());

  test("gate: no session is 401 for every client, exempt paths stay open", async () => {
    for (const h of [{}, PRIVATE, PUBLIC]) {
      const r = await gated(s, h);
      assert.equal(r.status, 401);
      assert.deepEqual(r.body, { detail: "Not authenticated" });
    }
    assert.equal((await gated(s, { cookie: "tf_session=forged" })).status, 401);
    for (const p of ["/health", "/openapi.json", "/docs", "/api/auth/status"]) {
      assert.equal((await call(s.url, "GET", p)).status, 200, p);
    }
    // Unknown /api/v1 paths are gated too: nothing leaks before authentication.
    assert.equal((await call(s.url, "GET", "/api/v1/nope")).status, 401);
  });

  test("login sets the cookie with exactly the spec's attributes", async () => {
    const r = await login(s);
    assert.equal(r.status, 200);
    assert.deepEqual(r.body, { ok: true, authenticated: true });
    const set = r.headers.get("set-cookie") ?? "";
    const [first, ...attrs] = set.split(";").map((x) => x.trim());
    const pair = defined(first, "the cookie's name=value");
    const [name, token] = pair.split("=");
    assert.equal(name, "tf_session");
    assert.ok(defined(token, "the session token").length >= 43, "at least 256 bits");
    assert.deepEqual(new Set(attrs.map((a) => a.toLowerCase())), new Set(["max-age=2592000", "path=/", "httponly", "samesite=lax"]));
    assert.ok(!/secure/i.test(set), "!/secure/i.test(set)");
    assert.deepEqual(await status(s, pair), { configured: true, authenticated: true });
    assert.equal((await gated(s, { cookie: pair })).status, 200);
  });

  test("wrong password is 401; the lock comes on the fifth failure and states the wait", async () => {
    const h = { "x-forwarded-for": "198.51.100.1" };
    for (let i = 0; i < 5; i++) assert.equal((await login(s, "wrong-pw", h)).status, 401);
    const locked = await login(s, "secret-1", h);
    assert.equal(locked.status, 429, "even the right password while locked");
    assert.match(locked.body.detail, /\b300 seconds\b/);
    clock.advance(120_000);
    assert.match((await login(s, "secret-1", h)).body.detail, /\b180 seconds\b/);
    // Another address is unaffected.
    assert.equal((await login(s, "secret-1", { "x-forwarded-for": "198.51.100.2" })).status, 200);
    clock.advance(180_000);
    assert.equal((await login(s, "secret-1", h)).status, 200, "lock elapsed");
  });

  test("a 422 body is answered before the throttle check", async () => {
    const h = { "x-forwarded-for": "198.51.100.3" };
    for (let i = 0; i < 5; i++) await login(s, "wrong-pw", h);
    assert.equal((await login(s, "", h)).status, 422);
    assert.equal((await login(s, "secret-1", h)).status, 429);
    clock.advance(300_000);
  });

  test("success clears the failure count", async () => {
    const h = { "x-forwarded-for": "198.51.100.4" };
    for (let i = 0; i < 4; i++) await login(s, "wrong-pw", h);
    assert.equal((await login(s, "secret-1", h)).status, 200);
    for (let i = 0; i < 4; i++) assert.equal((await login(s, "wrong-pw", h)).status, 401);
    assert.equal((await login(s, "secret-1", h)).status, 200);
  });

  test("a wrong old password counts towards the lock", async () => {
    const h = { "x-forwarded-for": "198.51.100.5" };
    const cookie = cookieOf((await login(s, "secret-1", h)).headers)!;
    for (let i = 0; i < 4; i++) await login(s, "wrong-pw", h);
    const c = await call(s.url, "POST", "/api/auth/change-password", {
      json: { old_password: "wrong-pw", new_password: "secret-9" },
      headers: { ...h, cookie },
    });
    assert.equal(c.status, 401);
    assert.equal((await login(s, "secret-1", h)).status, 429);
    clock.advance(300_000);
  });

  test("logout revokes the session and deletes the cookie; works without a session", async () => {
    const cookie = cookieOf((await login(s)).headers)!;
    const out = await call(s.url, "POST", "/api/auth/logout", { headers: { cookie } });
    assert.equal(out.status, 200);
    assert.deepEqual(out.body, { ok: true });
    const set = out.headers.get("set-cookie") ?? "";
    assert.match(set, /^tf_session=;/);
    assert.match(set, /Max-Age=0/i);
    assert.match(set, /Path=\//);
    assert.equal((await gated(s, { cookie })).status, 401);
    const anon = await call(s.url, "POST", "/api/auth/logout");
    assert.equal(anon.status, 200);
    assert.match(anon.headers.get("set-cookie") ?? "", /^tf_session=;/);
  });

  test("sessions expire after 30 days", async () => {
    const cookie = cookieOf((await login(s)).headers)!;
    clock.advance(30 * DAY - 1000);
    assert.equal((await gated(s, { cookie })).status, 200);
    clock.advance(1000);
    assert.equal((await gated(s, { cookie })).status, 401);
    assert.deepEqual(await status(s, cookie), { configured: true, authenticated: false });
  });

  test("change-password: rule order and invalidation of every session", async () => {
    const a = cookieOf((await login(s)).headers)!;
    const b = cookieOf((await login(s)).headers)!;
    const body = { old_password: "secret-1", new_password: "secret-2" };
    // 422 before the session check.
    const bad = await call(s.url, "POST", "/api/auth/change-password", { json: { old_password: "secret-1", new_password: "123" } });
    assert.equal(bad.status, 422);
    assert.equal((await call(s.url, "POST", "/api/auth/change-password", { json: body })).status, 401);
    const ok = await call(s.url, "POST", "/api/auth/change-password", { json: body, headers: { cookie: a } });
    assert.equal(ok.status, 200);
    assert.equal(ok.body.ok, true);
    assert.equal(typeof ok.body.message, "string");
    assert.equal((await gated(s, { cookie: a })).status, 401, "current session revoked");
    assert.equal((await gated(s, { cookie: b })).status, 401, "other sessions revoked");
    assert.equal((await login(s, "secret-1")).status, 401);
    assert.equal((await login(s, "secret-2")).status, 200);
  });
});

describe("restart", () => {
  test("password and sessions survive a restart; revoked sessions stay revoked", async () => {
    let s = await startTestServer();
    try {
      await setup(s);
      const kept = cookieOf((await login(s)).headers)!;
      const dropped = cookieOf((await login(s)).headers)!;
      await call(s.url, "POST", "/api/auth/logout", { headers: { cookie: dropped } });
      s = await s.restart();
      assert.deepEqual(await status(s, kept), { configured: true, authenticated: true });
      assert.equal((await gated(s, { cookie: kept })).status, 200);
      assert.equal((await gated(s, { cookie: dropped })).status, 401);
      assert.equal((await setup(s)).status, 409);
    } finally {
      await s.dispose();
    }
  });
});

describe("the production password hasher", () => {
  // The only server here with the real 600,000 rounds; the others use tests/support's one-round hasher.
  test("set-up stores PBKDF2-HMAC-SHA256 at 600,000 rounds, and login checks against it", async () => {
    const s = await startTestServer({ productionHasher: true });
    try {
      assert.equal((await setup(s)).status, 200, "set-up accepted");
      assert.equal((await login(s)).status, 200, "the right password logs in");
      assert.equal((await login(s, "secret-2")).status, 401, "a wrong password does not");
      const db = await openDatabase(join(s.dataDir, "service.sqlite"), defaultSqliteOpener());
      try {
        const rec = await sqliteAuthStore(db).getPassword();
        assert.equal(rec?.algorithm, "pbkdf2-sha256", "the algorithm stored");
        assert.equal(rec?.iterations, 600_000, "the rounds stored");
        assert.equal(Buffer.from(rec!.salt, "base64").length, 16, "a 128-bit salt");
        assert.equal(Buffer.from(rec!.hash, "base64").length, 32, "a 256-bit key");
      } finally {
        await db.destroy();
      }
    } finally {
      await s.dispose();
    }
  });
});
