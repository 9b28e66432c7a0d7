/**
 * The access gate against a hostile client over real HTTP (issue 15): a
 * client-chosen first X-Forwarded-For entry behind an appending proxy, and
 * concurrent login floods (the lock holds at exactly five failures, locked
 * addresses are answered without hashing, hashing is bounded).
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { call, startTestServer, type TestServer } from "../support/server.ts";
import { defined } from "../support/defined.ts";

const login = (s: TestServer, password: string, xff: string) => call(s.url, "POST", "/api/auth/login", { json: { password }, headers: { "x-forwarded-for": xff } });

const tally = (statuses: number[]) => {
  const t: Record<number, number> = {};
  for (const s of statuses) t[s] = (t[s] ?? 0) + 1;
  return t;
};

describe("X-Forwarded-For behind an appending proxy, unconfigured", () => {
  let s: TestServer;
  before(async () => (s = await startTestServer()));
  after(() => s.dispose());

  test("a public client that sends '127.0.0.1' first is still the public client", async () => {
    const headers = { "x-forwarded-for": "127.0.0.1, 203.0.113.9" };
    const gated = await call(s.url, "GET", "/api/v1/market/session", { headers });
    assert.equal(gated.status, 403);
    const setup = await call(s.url, "POST", "/api/auth/setup", { json: { password: "secret-1" }, headers });
    assert.equal(setup.status, 403);
    assert.equal((await call(s.url, "GET", "/api/auth/status")).body.configured, false);
  });

  test("the spec's single entry still decides, and our own proxies on the right are skipped", async () => {
    assert.equal((await call(s.url, "GET", "/api/v1/market/session", { headers: { "x-forwarded-for": "127.0.0.1" } })).status, 200);
    assert.equal((await call(s.url, "GET", "/api/v1/market/session", { headers: { "x-forwarded-for": "203.0.113.9, 10.0.0.3" } })).status, 403);
    assert.equal((await call(s.url, "GET", "/api/v1/market/session", { headers: { "x-forwarded-for": "8.8.8.8, 192.168.1.7, 10.0.0.3" } })).status, 403, "the right-most untrusted entry");
    assert.equal((await call(s.url, "GET", "/api/v1/market/session", { headers: { "x-forwarded-for": "192.168.1.7, 10.0.0.3" } })).status, 200, "all trusted: the left-most");
  });
});

describe("login throttle under attack, configured", () => {
  let s: TestServer;
  before(async () => {
    s = await startTestServer();
    assert.equal((await call(s.url, "POST", "/api/auth/setup", { json: { password: "secret-1" } })).status, 200);
  });
  after(() => s.dispose());

  test("20 wrong logins, each with a new first entry, lock the real client after five", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) statuses.push((await login(s, "wrong-pw", `198.51.100.${i}, 203.0.113.50`)).status);
    assert.deepEqual(statuses, [...Array(5).fill(401), ...Array(15).fill(429)]);
    assert.equal((await login(s, "secret-1", "203.0.113.50")).status, 429, "the real address is locked");
    assert.equal((await login(s, "secret-1", "203.0.113.51")).status, 200, "another address is not");
  });

  test("200 concurrent wrong logins from one address: exactly five are checked, the rest are 429", async () => {
    const all = await Promise.all(Array.from({ length: 200 }, () => login(s, "wrong-pw", "203.0.113.60")));
    assert.deepEqual(tally(all.map((r) => r.status)), { 401: 5, 429: 195 });
    assert.match(all.find((r) => r.status === 429)!.body.detail, /try again in \d+ seconds/);
    assert.equal((await login(s, "secret-1", "203.0.113.60")).status, 429);
  });

  test("a right password among concurrent wrong ones is never answered as wrong", async () => {
    const xff = "203.0.113.61";
    const all = await Promise.all([...Array.from({ length: 30 }, () => login(s, "wrong-pw", xff)), login(s, "secret-1", xff)]);
    for (const r of all.slice(0, 30)) assert.ok(r.status === 401 || r.status === 429, `wrong password: ${r.status}`);
    const right = defined(all[30], "the right password's answer");
    assert.ok([200, 429].includes(right.status), `right password: ${right.status} (200, or 429 when it came after the lock)`);
  });

  test("a flood from many addresses is answered 401 or 503 with a detail, never 500, and the service recovers", async () => {
    const all = await Promise.all(Array.from({ length: 120 }, (_, i) => login(s, "wrong-pw", `203.0.114.${i}`)));
    for (const r of all) {
      assert.ok(r.status === 401 || r.status === 503, `status ${r.status}`);
      assert.equal(typeof r.body.detail, "string");
    }
    assert.equal((await login(s, "secret-1", "203.0.114.200")).status, 200, "the service recovers once the burst is served");
  });
});
