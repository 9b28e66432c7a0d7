/**
 * A login for a web UI that has none (issue 18 item 7), over real HTTP. easy_tdx's
 * web UI calls the API with plain same-origin fetch and has no login screen
 * (web-ui/src/api.ts lines 28 and 51-52: `fetch(\`${BASE}/backtest/strategies\`)`;
 * web-ui/src/router.ts lines 14-20: no login route), so once a password is set its
 * pages go through this service's own login page and come back after it.
 */
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { call, cookieOf, startTestServer, type TestServer } from "../support/server.ts";

const FOREIGN = "<!doctype html><title>foreign ui</title><div id=app></div>";
const HTML = { accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8" };

/** One request, redirects not followed. */
const raw = (s: TestServer, path: string, init: RequestInit = {}) => fetch(s.url + path, { redirect: "manual", ...init });

describe("foreign web UI behind the service's login page", () => {
  let s: TestServer;
  let webDir: string;
  before(async () => {
    webDir = mkdtempSync(join(tmpdir(), "tdx-forge-foreign-ui-"));
    writeFileSync(join(webDir, "index.html"), FOREIGN);
    mkdirSync(join(webDir, "assets"));
    writeFileSync(join(webDir, "assets", "app.js"), "console.log(1)");
    s = await startTestServer({ env: { WEB_DIR: webDir } });
  });
  after(async () => {
    await s.dispose();
    rmSync(webDir, { recursive: true, force: true });
  });

  test("no password yet: the foreign UI is served as it is", async () => {
    const r = await raw(s, "/optimize", { headers: HTML });
    assert.equal(r.status, 200);
    assert.equal(await r.text(), FOREIGN);
  });

  test("with a password: a page request goes to the login page, the login comes back to it with a session", async () => {
    assert.equal((await call(s.url, "POST", "/api/auth/setup", { json: { password: "secret-1" } })).status, 200);

    const page = await raw(s, "/optimize?strategy=ma_cross", { headers: HTML });
    assert.equal(page.status, 303);
    assert.equal(page.headers.get("location"), "/api/auth/login-page?next=%2Foptimize%3Fstrategy%3Dma_cross");

    const form = await raw(s, page.headers.get("location")!);
    assert.equal(form.status, 200);
    const text = await form.text();
    assert.match(text, /<form method="post" action="\/api\/auth\/login-page">/);
    assert.match(text, /name="next" value="\/optimize\?strategy=ma_cross"/);

    const post = (password: string, next: string, headers: Record<string, string> = {}) =>
      raw(s, "/api/auth/login-page", { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded", ...headers }, body: new URLSearchParams({ password, next }).toString() });
    const wrong = await post("nope-nope", "/optimize?strategy=ma_cross");
    assert.equal(wrong.status, 401);
    assert.match(await wrong.text(), /Incorrect password/);

    const ok = await post("secret-1", "/optimize?strategy=ma_cross");
    assert.equal(ok.status, 303);
    assert.equal(ok.headers.get("location"), "/optimize?strategy=ma_cross");
    const cookie = cookieOf(ok.headers)!;
    assert.match(cookie, /^tf_session=/);

    const back = await raw(s, "/optimize?strategy=ma_cross", { headers: { ...HTML, cookie } });
    assert.equal(back.status, 200);
    assert.equal(await back.text(), FOREIGN);
    const api = await call(s.url, "GET", "/api/v1/backtest/strategies", { headers: { cookie } });
    assert.equal(api.status, 200, "the UI's own API calls carry the session");

    // what is not a page request keeps its answer: assets load, the API says 401 in JSON
    assert.equal((await raw(s, "/assets/app.js", { headers: { accept: "*/*" } })).status, 200);
    const anon = await raw(s, "/api/v1/backtest/strategies", { headers: HTML });
    assert.equal(anon.status, 401);
    assert.deepEqual(await anon.json(), { detail: "Not authenticated" });
  });

  test("next stays on this origin; a cross-site post is refused", async () => {
    const post = (next: string, headers: Record<string, string> = {}) =>
      raw(s, "/api/auth/login-page", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
        body: new URLSearchParams({ password: "secret-1", next }).toString(),
      });
    // a browser drops tabs and line breaks from a Location and reads "\\" as "/": each of these would leave the origin
    for (const next of [
      "//evil.example/x",
      "https://evil.example/",
      "/\\evil.example",
      "/\t/evil.example",
      "/\n/evil.example",
      "/\r\n/evil.example",
      "/x\\/evil",
      "/x\r\nSet-Cookie: a=b",
      "/x\u0001y",
      "/x\u007fy",
    ]) {
      const r = await post(next);
      assert.equal(r.status, 303, JSON.stringify(next));
      assert.equal(r.headers.get("location"), "/", JSON.stringify(next));
    }
    // a path of this origin comes back normalised (what a browser would resolve it to)
    for (const [next, to] of [
      ["/a/../optimize?x=1#h", "/optimize?x=1#h"],
      ["/策略 x", "/%E7%AD%96%E7%95%A5%20x"],
    ]) {
      const r = await post(next!);
      assert.equal(r.headers.get("location"), to, next);
      assert.equal(new URL(r.headers.get("location")!, s.url).origin, new URL(s.url).origin, next);
    }
    const cross = await post("/", { origin: "https://evil.example" });
    assert.equal(cross.status, 403);
    assert.equal(cross.headers.get("set-cookie"), null);
  });
});

describe("the service's own web app keeps its own login screen", () => {
  let s: TestServer;
  before(async () => (s = await startTestServer()));
  after(() => s.dispose());

  test("a page request is not redirected", async () => {
    assert.equal((await call(s.url, "POST", "/api/auth/setup", { json: { password: "secret-1" } })).status, 200);
    const r = await raw(s, "/optimize", { headers: HTML });
    assert.notEqual(r.status, 303);
  });
});
