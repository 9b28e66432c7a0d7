/**
 * Large answers are written into a buffer that goes back to the JSON writer
 * once the socket has taken the answer's last byte (frames/json-bytes-response.ts):
 * over real HTTP, every answer stays exactly itself, whatever other large
 * answers are written while it is still being sent, back to back or at once
 * on other connections, and one whose client reads nothing for a while.
 */
import assert from "node:assert/strict";
import { connect } from "node:net";
import { after, before, describe, test } from "node:test";
import { FakeClock, startTestServer, type TestServer } from "../support/server.ts";

/**
 * Daily records with swings. 25,000 bars make an answer of about 7 MB in a
 * writer buffer of about 13 MB: past the 4 MiB of buffers that are copied
 * instead, within the 64 MiB that are recycled, and more than the kernel takes
 * at once from a socket whose client reads nothing (a 4 MiB send buffer at most
 * here), so part of the held answer waits in Node's queue.
 */
function records(n: number) {
  return Array.from({ length: n }, (_, i) => {
    const close = Math.round((10 + 2 * Math.sin(i / 9) + 0.5 * Math.sin(i / 2.3)) * 100) / 100;
    const open = Math.round((close + 0.3 * Math.sin(i)) * 100) / 100;
    return { date: new Date(Date.UTC(1990, 0, 1) + i * 86_400_000).toISOString().slice(0, 10), open, high: Math.max(open, close) + 0.05, low: Math.min(open, close) - 0.05, close, vol: 1e6 + i };
  });
}

/** A raw HTTP/1.1 exchange: the request is sent at once; the answer is read only when `read()` is called. */
function slowExchange(port: number, body: string) {
  const socket = connect(port, "127.0.0.1");
  socket.pause();
  socket.write(`POST /api/v1/backtest/run HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
  return {
    read: () =>
      new Promise<string>((resolve, reject) => {
        const chunks: Buffer[] = [];
        socket
          .on("data", (c: Buffer) => chunks.push(c))
          .on("end", () => {
            const raw = Buffer.concat(chunks).toString("utf8");
            resolve(raw.slice(raw.indexOf("\r\n\r\n") + 4));
          });
        socket.on("error", reject);
        socket.resume();
      }),
  };
}

describe("large answers written into recycled buffers", () => {
  let s: TestServer;
  const bars = records(25_000);
  const bodyOf = (fast: number, slow: number) => JSON.stringify({ strategy: "ma_cross", params: { fast, slow }, ohlcv: bars });
  const post = async (body: string) => {
    const res = await fetch(`${s.url}/api/v1/backtest/run`, { method: "POST", headers: { "content-type": "application/json" }, body });
    assert.equal(res.status, 200);
    return res.text();
  };
  before(async () => (s = await startTestServer({ clock: new FakeClock(Date.UTC(2026, 10, 20, 6, 0)) })));
  after(() => s.dispose());

  test("each answer is itself: back to back, at once, and while one is still being sent", async () => {
    const a = bodyOf(5, 20);
    const b = bodyOf(3, 9);
    const c = bodyOf(10, 30);
    const refA = await post(a);
    const refB = await post(b);
    const refC = await post(c);
    for (const [text, ref] of [
      [refA, a],
      [refB, b],
      [refC, c],
    ] as const) {
      const parsed = JSON.parse(text) as { equity_curve: unknown[]; positions: unknown[]; trades: unknown[] };
      assert.equal(parsed.equity_curve.length, 25_000, ref.slice(0, 60));
      assert.equal(parsed.positions.length, 25_000);
      assert.ok(parsed.trades.length > 50, `trades: ${parsed.trades.length}`);
    }
    assert.notEqual(refA, refB);
    // A is answered to a client that reads nothing yet; B and C are answered meanwhile, on their own connections
    const held = slowExchange(s.port, a);
    await new Promise((r) => setTimeout(r, 300));
    const [b1, c1, b2] = await Promise.all([post(b), post(c), post(b)]);
    const c2 = await post(c);
    assert.equal(b1, refB);
    assert.equal(b2, refB);
    assert.equal(c1, refC);
    assert.equal(c2, refC);
    assert.equal(await held.read(), refA, "the held answer is intact");
    assert.equal(await post(a), refA);
  });
});
