/**
 * The provider HTTP client over real loopback HTTP: retries with doubling
 * back-off on 5xx/429 (Retry-After honoured, capped), timeouts, refused
 * connections, redirects not followed; and the polite gate's spacing. Pauses
 * are recorded by a fake timer, never measured.
 */
import assert from "node:assert/strict";
import { createServer } from "node:net";
import { after, before, describe, test } from "node:test";
import { PoliteGate, type Timer } from "../../../adapters/external/http/polite-gate.ts";
import { ProviderClient, type ProviderClientOptions } from "../../../adapters/external/http/provider-client.ts";
import { ProviderError, ProviderTimeoutError } from "../../../adapters/external/provider-errors.ts";
import { type ReplayServer, startReplayServer } from "../../../apps/provider-replay/replay-server.ts";

/** Records requested pauses and returns at once; `now` advances by the pauses. */
function fakeTimer(): Timer & { pauses: number[] } {
  let t = 1000;
  const pauses: number[] = [];
  return {
    pauses,
    now: () => t,
    sleep: async (ms) => {
      pauses.push(ms);
      t += ms;
    },
  };
}

describe("ProviderClient", () => {
  let server: ReplayServer;
  before(async () => {
    server = await startReplayServer({
      routes: [
        { method: "GET", path: /^\/ok$/, handle: (req) => ({ body: `hello ${req.query.get("x") ?? ""}` }) },
        { method: "POST", path: /^\/form$/, handle: (req) => ({ body: JSON.stringify(Object.fromEntries(req.form)) }) },
        { method: "GET", path: /^\/moved$/, handle: () => ({ status: 302, headers: { location: "/elsewhere" } }) },
      ],
    });
  });
  after(() => server.close());

  const client = (extra: Partial<ProviderClientOptions> = {}) =>
    new ProviderClient("demo", { baseUrl: server.url, timeoutMs: 2000, retries: 2, backoffMs: 100, minIntervalMs: 0, timer: fakeTimer(), ...extra });

  test("answers a GET with its query and a form POST", async () => {
    const r = await client().request({ path: "/ok", query: { x: "1" } });
    assert.deepEqual([r.status, r.text], [200, "hello 1"]);
    const f = await client().request({ method: "POST", path: "/form", form: { stock: "000001,gssz0000001", pageNum: "2" } });
    assert.deepEqual(JSON.parse(f.text), { stock: "000001,gssz0000001", pageNum: "2" });
    assert.match(String(server.requests.at(-1)!.headers["user-agent"]), /Mozilla/);
  });

  test("5xx and 429 are retried with doubling back-off, then succeed", async () => {
    const timer = fakeTimer();
    server.inject({ path: "/ok", times: 2, reply: { status: 503, body: "busy" } });
    const r = await client({ timer }).request({ path: "/ok" });
    assert.equal(r.status, 200);
    assert.deepEqual(timer.pauses, [100, 200]);
  });

  test("Retry-After is honoured up to the cap", async () => {
    const timer = fakeTimer();
    server.inject({ path: "/ok", reply: { status: 429, headers: { "retry-after": "2" } } });
    server.inject({ path: "/ok", reply: { status: 429, headers: { "retry-after": "60" } } });
    await client({ timer, maxBackoffMs: 5000 }).request({ path: "/ok" });
    assert.deepEqual(timer.pauses, [2000, 5000]);
  });

  test("a provider failing every attempt is a ProviderError naming the status and body", async () => {
    const before = server.requests.length;
    server.inject({ path: "/ok", times: 3, reply: { status: 502, headers: { "content-type": "text/html" }, body: "<html><head><title>Bad Gateway</title></head></html>" } });
    await assert.rejects(client().request({ path: "/ok" }), (e: unknown) => {
      assert.ok(e instanceof ProviderError && !(e instanceof ProviderTimeoutError), "e instanceof ProviderError && !(e instanceof ProviderTimeoutError)");
      assert.match(e.message, /answered HTTP 502 with an HTML page \("Bad Gateway"\) \(3 attempts\)/);
      return true;
    });
    assert.equal(server.requests.length - before, 3);
  });

  test("a stalled provider times out on every attempt: ProviderTimeoutError", async () => {
    const before = server.requests.length;
    server.inject({ path: "/ok", times: 2, stall: true });
    await assert.rejects(client({ timeoutMs: 150, retries: 1 }).request({ path: "/ok" }), (e: unknown) => {
      assert.ok(e instanceof ProviderTimeoutError, "e instanceof ProviderTimeoutError");
      assert.match(e.message, /did not answer within 150 ms \(2 attempts\)/);
      return true;
    });
    assert.equal(server.requests.length - before, 2);
  });

  test("a refused connection is a ProviderError after the retries", async () => {
    const port = await new Promise<number>((resolve) => {
      const s = createServer().listen(0, "127.0.0.1", () => {
        const p = (s.address() as { port: number }).port;
        s.close(() => resolve(p));
      });
    });
    const timer = fakeTimer();
    await assert.rejects(client({ baseUrl: `http://127.0.0.1:${port}`, timer }).request({ path: "/ok" }), /could not be reached: ECONNREFUSED \(3 attempts\)/);
    assert.equal(timer.pauses.length, 2);
  });

  test("4xx is returned, not retried, and redirects are not followed", async () => {
    const before = server.requests.length;
    assert.equal((await client().request({ path: "/missing" })).status, 404);
    const moved = await client().request({ path: "/moved" });
    assert.deepEqual([moved.status, moved.headers.get("location")], [302, "/elsewhere"]);
    assert.equal(server.requests.length - before, 2);
  });
});

test("the polite gate spaces requests by its interval, in arrival order", async () => {
  // Three callers arrive at the same instant (the clock does not move while they queue).
  const pauses: number[] = [];
  const timer: Timer = { now: () => 5000, sleep: async (ms) => void pauses.push(ms) };
  const gate = new PoliteGate(300, timer);
  await Promise.all([gate.turn(), gate.turn(), gate.turn()]);
  assert.deepEqual(pauses, [300, 600]);
  const free = fakeTimer();
  const none = new PoliteGate(0, free);
  await Promise.all([none.turn(), none.turn()]);
  assert.deepEqual(free.pauses, []);
});
