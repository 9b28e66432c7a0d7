/**
 * Bodies are read only for those who may send them, and only by routes that take
 * one, and a 422 never echoes more than a bounded part of what was sent (over
 * real HTTP):
 * - core/auth/README.md §5 and §7: once a password is set, a request to `/api/v1`
 *   without a valid session is 401, so the gate answers before any body is
 *   read, inflated or parsed (a small gzip body inflating to megabytes cost an
 *   anonymous client's request seconds of the service's one thread);
 * - core/auth/README.md §4 rule 4: logout always answers ok and deletes the cookie;
 *   adapters/http/README.md §4.13: deleting an unknown strategy is 400. Clients that put
 *   `Content-Type: application/json` on every request (with no body, or
 *   anything) get those answers, as from FastAPI, which reads no body there;
 * - a 422 echoes its inputs cut to their first values (the 20,000 codes below
 *   would otherwise come back whole).
 */
import assert from "node:assert/strict";
import { gzipSync } from "node:zlib";
import { after, before, describe, test } from "node:test";
import { call, cookieOf, startTestServer, type TestServer } from "../support/server.ts";

const PASSWORD = "gate-first-1";
const JSON_TYPE = { "content-type": "application/json" };

describe("bodies after the gate", () => {
  let s: TestServer;
  let cookie: string;
  const send = (method: string, path: string, body: string | Uint8Array, headers: Record<string, string>) => fetch(s.url + path, { method, headers, body });

  before(async () => {
    s = await startTestServer();
    assert.equal((await call(s.url, "POST", "/api/auth/setup", { json: { password: PASSWORD } })).status, 200);
    cookie = cookieOf((await call(s.url, "POST", "/api/auth/login", { json: { password: PASSWORD } })).headers)!;
  });
  after(() => s.dispose());

  test("without a session every /api/v1 body is 401, whatever it holds: none is read, inflated or parsed", async () => {
    // 64 MiB of JSON gzipped into ~64 KB: past every route's limit once inflated (413 to a session)
    const bomb = gzipSync(Buffer.alloc(64 * 1024 * 1024, " "));
    const bodies: [string, string | Uint8Array, Record<string, string>][] = [
      ["malformed JSON", "{bad", JSON_TYPE],
      ["an empty JSON body", "", JSON_TYPE],
      ["an unknown encoding", "{}", { ...JSON_TYPE, "content-encoding": "br" }],
      ["broken gzip", "{}", { ...JSON_TYPE, "content-encoding": "gzip" }],
      ["2 MB of JSON", JSON.stringify({ x: "a".repeat(2_000_000) }), JSON_TYPE],
      ["a gzip bomb", bomb, { ...JSON_TYPE, "content-encoding": "gzip" }],
    ];
    for (const path of ["/api/v1/strategies", "/api/v1/backtest/run"]) {
      for (const [what, body, headers] of bodies) {
        const r = await send("POST", path, body, headers);
        assert.equal(r.status, 401, `${path}, ${what}`);
        assert.deepEqual(await r.json(), { detail: "Not authenticated" }, `${path}, ${what}`);
      }
    }
    // with a session the same bodies meet the body rules
    const signed = async (body: string | Uint8Array, headers: Record<string, string>) => (await send("POST", "/api/v1/strategies", body, { ...headers, cookie })).status;
    assert.equal(await signed("{bad", JSON_TYPE), 422);
    assert.equal(await signed("{}", { ...JSON_TYPE, "content-encoding": "br" }), 415);
    assert.equal(await signed(bomb, { ...JSON_TYPE, "content-encoding": "gzip" }), 413);
    // the auth routes are not gated: their bodies are read and checked as before
    const login = await send("POST", "/api/auth/login", "{bad", JSON_TYPE);
    assert.equal(login.status, 422);
    assert.equal(((await login.json()) as any).detail[0].type, "json_invalid");
  });

  test("routes that take no body ignore what a JSON-typed request carries: logout logs out, an unknown strategy is 400", async () => {
    for (const body of ["", "garbage", "[".repeat(5000)]) {
      const mine = cookieOf((await call(s.url, "POST", "/api/auth/login", { json: { password: PASSWORD } })).headers)!;
      const out = await send("POST", "/api/auth/logout", body, { ...JSON_TYPE, cookie: mine });
      assert.equal(out.status, 200, JSON.stringify(body.slice(0, 10)));
      assert.deepEqual(await out.json(), { ok: true });
      assert.match(out.headers.get("set-cookie") ?? "", /^tf_session=;.*Max-Age=0/, "the cookie is deleted");
      const status = await call(s.url, "GET", "/api/auth/status", { headers: { cookie: mine } });
      assert.equal(status.body.authenticated, false, "the session is revoked");
      const gone = await send("DELETE", "/api/v1/strategies/no-such-id", body, { ...JSON_TYPE, cookie });
      assert.equal(gone.status, 400, `DELETE of an unknown strategy, body ${JSON.stringify(body.slice(0, 10))}`);
    }
    // a route that takes a body still says what is wrong with it
    const empty = await send("POST", "/api/v1/strategies", "", { ...JSON_TYPE, cookie });
    assert.equal(empty.status, 422);
    assert.deepEqual(((await empty.json()) as any).detail, [{ type: "missing", loc: ["body"], msg: "Field required", input: null }]);
  });

  test("a 422 echoes a long input cut to its first values; a short one whole", async () => {
    const stocks = Array.from({ length: 20_000 }, (_, i) => ({ market: "SZ", code: String(i).padStart(6, "0") }));
    const r = await call(s.url, "POST", "/api/v1/quotes", { json: { stocks }, headers: { cookie } });
    assert.equal(r.status, 422);
    assert.ok(r.text.length < 100_000, `a bounded answer (${r.text.length} bytes for a ${JSON.stringify({ stocks }).length}-byte body)`);
    const [item] = r.body.detail;
    assert.equal(item.type, "too_long");
    assert.equal(item.msg, "List should have at most 80 items after validation, not 20000");
    assert.ok(item.input.length > 0 && item.input.length < stocks.length, `cut (${item.input.length} items)`);
    assert.deepEqual(item.input, stocks.slice(0, item.input.length), "its first items, as sent");
    const short = await call(s.url, "POST", "/api/v1/quotes", { json: { stocks: stocks.slice(0, 81) }, headers: { cookie } });
    assert.deepEqual(short.body.detail[0].input, stocks.slice(0, 81), "81 items come back whole");
  });
});
