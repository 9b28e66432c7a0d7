/**
 * `/api/v1/ws` against a hostile or careless client, over real sockets (issue
 * 15): a socket ends with its session (logout, password change, expiry, the
 * first set-up), and the documented limits hold (message size, codes per
 * socket and in total, connections) with a clear error or close code.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import WebSocket from "ws";
import { call, cookieOf, FakeClock, startTestServer, type TestServer } from "../support/server.ts";

const trading = () => new FakeClock(Date.UTC(2026, 10, 20, 2, 0));

function open(s: TestServer, headers: Record<string, string> = {}): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${s.url.replace("http", "ws")}/api/v1/ws`, { headers });
    ws.once("open", () => resolve(ws));
    ws.once("unexpected-response", (_req, res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => reject(Object.assign(new Error(`HTTP ${res.statusCode}`), { status: res.statusCode, body: JSON.parse(Buffer.concat(chunks).toString()) })));
    });
    ws.once("error", (e) => (e.message.startsWith("Unexpected server response") ? undefined : reject(e)));
  });
}

const closed = (ws: WebSocket) => new Promise<{ code: number; reason: string }>((r) => ws.once("close", (code, reason) => r({ code, reason: reason.toString() })));

/** Sends a message and waits for the answer to it (quote pushes in between are skipped). */
function ask(ws: WebSocket, msg: unknown): Promise<any> {
  return new Promise((resolve) => {
    const on = (d: WebSocket.RawData) => {
      const m = JSON.parse(String(d));
      if (m.type === "quote") return;
      ws.off("message", on);
      resolve(m);
    };
    ws.on("message", on);
    ws.send(JSON.stringify(msg));
  });
}

const health = async (s: TestServer) => (await call(s.url, "GET", "/health")).body;
const sub = (...codes: string[]) => ({ type: "subscribe", channel: "quotes", codes });

describe("a socket lives no longer than its session", () => {
  let s: TestServer;
  const clock = trading();
  const login = async () => cookieOf((await call(s.url, "POST", "/api/auth/login", { json: { password: "secret-1" } })).headers)!;
  before(async () => (s = await startTestServer({ clock })));
  after(() => s.dispose());

  test("task ids per socket are bounded; 'all' is the way to follow more", async () => {
    const ws = await open(s);
    const ids = (from: number, n: number) => Array.from({ length: n }, (_, i) => `t${from + i}`);
    assert.equal((await ask(ws, { type: "subscribe", channel: "tasks", task_ids: ids(0, 1000) })).type, "subscribed");
    assert.equal((await ask(ws, { type: "subscribe", channel: "tasks", task_ids: ids(0, 10) })).type, "subscribed", "repeats are not new");
    const over = await ask(ws, { type: "subscribe", channel: "tasks", task_ids: ids(1000, 1) });
    assert.match(over.detail, /at most 1000 task ids per connection/);
    assert.equal((await ask(ws, { type: "subscribe", channel: "tasks", task_ids: "all" })).type, "subscribed");
    ws.close();
  });

  test("setting the first password closes the sockets opened without one", async () => {
    const ws = await open(s);
    const end = closed(ws);
    assert.equal((await call(s.url, "POST", "/api/auth/setup", { json: { password: "secret-1" } })).status, 200);
    assert.deepEqual(await end, { code: 4401, reason: "session ended; log in again" });
  });

  test("logout closes that session's sockets and no other", async () => {
    const [a, b] = [await login(), await login()];
    const wa = await open(s, { cookie: a });
    const wb = await open(s, { cookie: b });
    const end = closed(wa);
    assert.equal((await call(s.url, "POST", "/api/auth/logout", { headers: { cookie: a } })).status, 200);
    assert.equal((await end).code, 4401);
    assert.deepEqual(await ask(wb, { type: "ping" }), { type: "pong" }, "the other session's socket still works");
    wb.close();
  });

  test("a password change closes every session's sockets", async () => {
    const [a, b] = [await login(), await login()];
    const ends = [closed(await open(s, { cookie: a })), closed(await open(s, { cookie: b }))];
    const r = await call(s.url, "POST", "/api/auth/change-password", { json: { old_password: "secret-1", new_password: "secret-2" }, headers: { cookie: a } });
    assert.equal(r.status, 200);
    assert.deepEqual(
      (await Promise.all(ends)).map((e) => e.code),
      [4401, 4401],
    );
    const c = cookieOf((await call(s.url, "POST", "/api/auth/login", { json: { password: "secret-2" } })).headers)!;
    const back = { old_password: "secret-2", new_password: "secret-1" };
    assert.equal((await call(s.url, "POST", "/api/auth/change-password", { json: back, headers: { cookie: c } })).status, 200);
  });

  test("the session's expiry closes its socket", async () => {
    const ws = await open(s, { cookie: await login() });
    const end = closed(ws);
    assert.deepEqual(await ask(ws, { type: "ping" }), { type: "pong" });
    clock.advance(30 * 86_400_000);
    assert.deepEqual(await end, { code: 4401, reason: "session expired; log in again" });
  });
});

describe("WebSocket limits", () => {
  let s: TestServer;
  before(
    async () =>
      (s = await startTestServer({
        clock: trading(),
        env: { WS_MAX_MESSAGE_BYTES: "4096", WS_MAX_SUBSCRIPTIONS: "3", WS_MAX_WATCHED: "5", WS_MAX_CONNECTIONS: "3" },
      })),
  );
  after(() => s.dispose());

  test("a message over WS_MAX_MESSAGE_BYTES closes the socket with 1009", async () => {
    const ws = await open(s);
    const end = closed(ws);
    ws.send(JSON.stringify({ type: "ping", pad: "x".repeat(4096) }));
    assert.equal((await end).code, 1009);
    const ok = await open(s);
    assert.deepEqual(await ask(ok, { type: "ping", pad: "x".repeat(4000) }), { type: "pong" }, "just under the limit is read");
    ok.close();
  });

  test("codes per socket: a subscription past WS_MAX_SUBSCRIPTIONS is refused whole", async () => {
    const ws = await open(s);
    const over = await ask(ws, sub("SZ:000001", "SZ:000002", "SH:600000", "SH:600519"));
    assert.equal(over.type, "error");
    assert.match(over.detail, /at most 3 quote codes per connection/);
    assert.equal((await health(s)).ws_watched, 0, "nothing was subscribed");
    assert.equal((await ask(ws, sub("SZ:000001", "SZ:000002", "SZ:000001"))).type, "subscribed", "repeats count once");
    assert.equal((await ask(ws, sub("SH:600000"))).type, "subscribed");
    const more = await ask(ws, sub("SH:600519"));
    assert.match(more.detail, /watching 3, asked for 1 more/);
    assert.equal((await ask(ws, sub("SZ:000001"))).type, "subscribed", "an existing code is not a new one");
    assert.equal((await ask(ws, { type: "unsubscribe", channel: "quotes", codes: ["SZ:000002"] })).type, "unsubscribed");
    assert.equal((await ask(ws, sub("SH:600519"))).type, "subscribed", "room again after unsubscribing");
    ws.close();
    await new Promise((r) => ws.once("close", r));
  });

  test("codes in total: past WS_MAX_WATCHED new codes are refused; codes others watch are free", async () => {
    const a = await open(s);
    const b = await open(s);
    assert.equal((await ask(a, sub("SZ:000001", "SZ:000002", "SH:600000"))).type, "subscribed");
    assert.equal((await ask(b, sub("SH:600519", "SZ:000004"))).type, "subscribed");
    assert.equal((await health(s)).ws_watched, 5);
    const refused = await ask(b, sub("SZ:000005"));
    assert.match(refused.detail, /at most 5 quote codes for all connections/);
    assert.equal((await ask(b, sub("SZ:000001"))).type, "subscribed", "already watched by another socket");
    a.close();
    b.close();
  });

  test("connections past WS_MAX_CONNECTIONS are answered 503 with a JSON detail", async () => {
    while ((await health(s)).ws_clients > 0) await new Promise((r) => setTimeout(r, 20));
    const held = [await open(s), await open(s), await open(s)] as const;
    await assert.rejects(open(s), (e: { status?: number; body?: { detail?: string } }) => e.status === 503 && /At most 3 WebSocket connections/.test(e.body?.detail ?? ""));
    held[0].close();
    await new Promise((r) => held[0].once("close", r));
    while ((await health(s)).ws_clients > 2) await new Promise((r) => setTimeout(r, 20));
    const again = await open(s);
    for (const ws of [again, held[1], held[2]]) ws.close();
  });
});
