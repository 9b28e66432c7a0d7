/**
 * `/api/v1/ws` over real sockets: the gate on upgrade, quote fan-out (one upstream
 * poll per interval however many clients), session messages, slow consumers.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import WebSocket from "ws";
import { call, cookieOf, FakeClock, startTestServer, type TestServer } from "../support/server.ts";

// Friday 2026-11-20 10:00 in Shanghai: inside the morning window.
const trading = () => new FakeClock(Date.UTC(2026, 10, 20, 2, 0));

function open(url: string, headers: Record<string, string> = {}): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${url.replace("http", "ws")}/api/v1/ws`, { headers });
    ws.once("open", () => resolve(ws));
    ws.once("unexpected-response", (_req, res) => reject(Object.assign(new Error(`HTTP ${res.statusCode}`), { status: res.statusCode })));
    ws.once("error", reject);
  });
}

function collect(ws: WebSocket): unknown[] {
  const got: unknown[] = [];
  ws.on("message", (d) => got.push(JSON.parse(String(d))));
  return got;
}

const until = async (cond: () => boolean, ms = 3000) => {
  const t0 = Date.now();
  while (!cond()) {
    if (Date.now() - t0 > ms) throw new Error("timed out waiting");
    await new Promise((r) => setTimeout(r, 20));
  }
};

const health = async (s: TestServer) => (await call(s.url, "GET", "/health")).body;

describe("websocket", () => {
  let s: TestServer;
  before(async () => (s = await startTestServer({ clock: trading(), env: { WS_QUOTE_INTERVAL_MS: "200" } })));
  after(() => s.dispose());

  test("ping/pong, session on subscribe, errors for bad messages", async () => {
    const ws = await open(s.url);
    const got = collect(ws);
    ws.send(JSON.stringify({ type: "ping" }));
    ws.send(JSON.stringify({ type: "subscribe", channel: "session" }));
    ws.send("not json");
    ws.send(JSON.stringify({ type: "subscribe", channel: "quotes", codes: ["HK:00700"] }));
    await until(() => got.length >= 5);
    assert.deepEqual(got[0], { type: "pong" });
    const session = got.find((m: any) => m.type === "session") as any;
    assert.equal(session.data.is_trading, true);
    assert.equal(got.filter((m: any) => m.type === "error").length, 2);
    ws.close();
  });

  test("two clients on one code: one upstream poll per interval, both get quotes; closing frees the subscription", async () => {
    const a = await open(s.url);
    const b = await open(s.url);
    const qa = collect(a);
    const qb = collect(b);
    const sub = JSON.stringify({ type: "subscribe", channel: "quotes", codes: ["SZ:000001"] });
    a.send(sub);
    b.send(sub);
    await until(() => qa.length >= 2 && qb.length >= 2);
    const before = (await health(s)).ws_quote_polls;
    await new Promise((r) => setTimeout(r, 1000));
    const polls = (await health(s)).ws_quote_polls - before;
    assert.ok(polls >= 3 && polls <= 7, `${polls} upstream polls in 1 s at a 200 ms interval`);
    const quotes = (q: unknown[]) => q.filter((m: any) => m.type === "quote" && m.code === "SZ:000001").length;
    assert.ok(quotes(qa) >= 3 && quotes(qb) >= 3, "quotes(qa) >= 3 && quotes(qb) >= 3");
    assert.equal((qa.find((m: any) => m.type === "quote") as any).data.code, "000001");
    a.close();
    b.close();
    await new Promise((r) => setTimeout(r, 200));
    const h = await health(s);
    assert.equal(h.ws_clients, 0);
    assert.equal(h.ws_watched, 0);
  });
});

describe("websocket task progress", () => {
  test("a task's progress and completion arrive without polling", async () => {
    const s = await startTestServer({ clock: trading() });
    try {
      const ws = await open(s.url);
      const got = collect(ws);
      ws.send(JSON.stringify({ type: "subscribe", channel: "tasks" }));
      await until(() => got.length >= 1);
      const submit = await call(s.url, "POST", "/api/v1/backtest/run/async", {
        json: { strategy: "ma_cross", symbol: "SZ:000001", category: "DAY", count: 500 },
      });
      assert.equal(submit.status, 202);
      const id = submit.body.task_id;
      const mine = () => got.filter((m: any) => m.type === "task" && m.task_id === id) as any[];
      await until(() => mine().some((m) => m.status === "done"), 20_000);
      const statuses = mine().map((m) => m.status);
      assert.ok(statuses.includes("running"), statuses.join());
      assert.equal(mine().at(-1).progress, 1);
      ws.close();
    } finally {
      await s.dispose();
    }
  });
});

describe("websocket gate", () => {
  test("with a password set, the upgrade needs a session: 401 before upgrading", async () => {
    const s = await startTestServer({ clock: trading() });
    try {
      await call(s.url, "POST", "/api/auth/setup", { json: { password: "secret-1" } });
      await assert.rejects(open(s.url), (e: { status?: number }) => e.status === 401);
      const cookie = cookieOf((await call(s.url, "POST", "/api/auth/login", { json: { password: "secret-1" } })).headers)!;
      const ws = await open(s.url, { cookie });
      ws.close();
    } finally {
      await s.dispose();
    }
  });
});

describe("slow consumers", () => {
  test("a client that never reads is dropped once its unsent data passes the bound", async () => {
    const s = await startTestServer({ clock: trading(), env: { WS_QUOTE_INTERVAL_MS: "100", WS_MAX_BUFFERED_BYTES: "65536" } });
    try {
      const list = (await call(s.url, "GET", "/api/v1/security/list?market=SZ")).body.data as { code: string }[];
      const ws = await open(s.url);
      ws.send(JSON.stringify({ type: "subscribe", channel: "quotes", codes: list.map((r) => `SZ:${r.code}`) }));
      await new Promise((r) => setTimeout(r, 100));
      assert.equal((await health(s)).ws_clients, 1);
      // Stop reading: the kernel buffers fill, then the server's own queue grows.
      (ws as unknown as { _socket: { pause(): void } })._socket.pause();
      const t0 = Date.now();
      let h = await health(s);
      while (h.ws_clients !== 0 && Date.now() - t0 < 30_000) {
        await new Promise((r) => setTimeout(r, 200));
        h = await health(s);
      }
      assert.equal(h.ws_clients, 0, "the server dropped the client");
      assert.equal(h.ws_watched, 0, "and freed its subscriptions");
      ws.terminate();
    } finally {
      await s.dispose();
    }
  });
});
