/**
 * `tdx-forge/client` against the real service over loopback HTTP: it logs in
 * with the password on the first 401 (once, then the `tf_session` cookie),
 * answers typed data, and turns error answers into ServiceErrors carrying the
 * service's FastAPI detail (compared with what a plain fetch receives). The
 * README's "Client" example runs as written.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { createServiceClient, ServiceError, unwrap } from "tdx-forge/client";
import { REPO } from "../../support/cli.ts";
import { codeBlocks, runExample } from "../../support/readme.ts";
import { call, startTestServer, type TestServer } from "../../support/server.ts";

const PASSWORD = "client-test-password";
const query = { market: "SZ", code: "000001", category: "DAY", count: 3 } as const;

describe("tdx-forge/client", () => {
  let s: TestServer;
  before(async () => {
    s = await startTestServer();
    assert.equal((await call(s.url, "POST", "/api/auth/setup", { json: { password: PASSWORD } })).status, 200);
  });
  after(() => s?.dispose());

  test("logs in once on the first 401 and answers what the route answers", async () => {
    let asked = 0;
    const api = createServiceClient({ baseUrl: s.url, password: async () => (asked++, PASSWORD) });
    const bars = await unwrap(api.GET("/api/v1/bars", { params: { query } }));
    assert.equal(asked, 1, "asked for the password on the first 401");
    assert.match(api.session() ?? "", /^tf_session=./, "keeps the session cookie");
    const direct = await call(s.url, "GET", "/api/v1/bars?market=SZ&code=000001&category=DAY&count=3", { headers: { cookie: api.session()! } });
    assert.deepEqual(bars, direct.body, "the route's own answer");
    const body = { text: "A:C>O;", params: {} };
    const check = await unwrap(api.POST("/api/v1/formula/validate", { body }));
    assert.equal(check.ok, true, "a second call on the same session");
    assert.equal(asked, 1, "no second login");
    // The session ends on the service's side (revoked by a logout with its cookie): the next call logs in again.
    const ended = api.session()!;
    assert.equal((await call(s.url, "POST", "/api/auth/logout", { headers: { cookie: ended } })).status, 200);
    assert.equal((await unwrap(api.POST("/api/v1/formula/validate", { body }))).ok, true, "answered after a new login");
    assert.equal(asked, 2, "asked again once the session had ended");
    assert.notEqual(api.session(), ended, "a new session");
    await api.logout();
    assert.equal(api.session(), undefined, "logged out");
  });

  test("errors carry the service's detail", async () => {
    const anonymous = createServiceClient({ baseUrl: s.url });
    const gate = await unwrap(anonymous.GET("/api/v1/bars", { params: { query } })).catch((e: unknown) => e);
    assert.ok(gate instanceof ServiceError, "a ServiceError");
    assert.equal(gate.status, 401);
    assert.equal(gate.detail, "Not authenticated");

    const api = createServiceClient({ baseUrl: s.url, password: PASSWORD });
    const bad = { ...query, market: "XX" } as unknown as typeof query;
    const invalid = await unwrap(api.GET("/api/v1/bars", { params: { query: bad } })).catch((e: unknown) => e);
    assert.ok(invalid instanceof ServiceError, "a ServiceError");
    const direct = await call(s.url, "GET", "/api/v1/bars?market=XX&code=000001&category=DAY&count=3", { headers: { cookie: api.session()! } });
    assert.equal(invalid.status, 422);
    assert.deepEqual(invalid.items, direct.body.detail, "the 422 items as sent");
    assert.ok(
      invalid.items.some((i) => i.loc.includes("market")),
      "naming the field",
    );
    assert.match(invalid.message, /^HTTP 422: query\.market: [^\n]+$/, "one line");

    const wrong = createServiceClient({ baseUrl: s.url, password: "not-the-password" });
    const refused = await unwrap(wrong.GET("/api/v1/bars", { params: { query } })).catch((e: unknown) => e);
    assert.ok(refused instanceof ServiceError, "a ServiceError");
    assert.equal(refused.status, 401);
    assert.match(refused.message, /^login failed: HTTP 401: /);
  });

  test("the README's Client example runs as written", async () => {
    const [example] = codeBlocks(readFileSync(join(REPO, "README.md"), "utf8"), "Client", "ts");
    assert.ok(example?.includes('from "tdx-forge/client"'), "the example imports the package subpath");
    const r = await runExample("bars.mts", example!, { TDX_FORGE_URL: s.url, TDX_FORGE_PASSWORD: PASSWORD });
    assert.equal(r.code, 0, r.stderr);
    const lines = r.stdout.trim().split("\n");
    assert.equal(lines.length, 5, "five bars");
    for (const l of lines) assert.match(l, /^\d{4}-\d{2}-\d{2}\S* \d+(\.\d+)?$/, "date and close");
  });
});
