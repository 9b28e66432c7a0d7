/**
 * The RESP connection against a scripted loopback server: replies split at
 * any byte, nested arrays with nil and error elements, in-order matching of
 * pipelined commands, a lost connection failing what was in flight and then
 * coming back by itself.
 */
import assert from "node:assert/strict";
import { createServer, type Socket } from "node:net";
import { test } from "node:test";
import { CONNECTION_CLOSED, parseRedisUrl, RespConnection, RespError } from "../../../adapters/tasks/resp-connection.ts";

test("redis URLs: host, port, credentials, database, TLS", () => {
  assert.deepEqual(parseRedisUrl("redis://127.0.0.1:6390"), { host: "127.0.0.1", port: 6390, tls: false, db: 0 });
  assert.deepEqual(parseRedisUrl("rediss://u:p%40ss@[::1]/3"), { host: "::1", port: 6379, tls: true, username: "u", password: "p@ss", db: 3 });
});

test("replies split anywhere are matched to their commands in order; errors reject only their command", async () => {
  const replies = ["+OK\r\n", "$5\r\nhé\r\n\r\n", "*3\r\n:42\r\n$-1\r\n*2\r\n-ERR inner\r\n+x\r\n", "-WRONGTYPE bad\r\n", "*-1\r\n"];
  const sockets: Socket[] = [];
  const server = createServer((sock) => {
    sockets.push(sock);
    let seen = 0;
    sock.on("data", (d) => {
      // one reply per command; send them a byte at a time
      const commands = d.toString().split("*").length - 1;
      const out = Buffer.from(replies.slice(seen, seen + commands).join(""));
      seen += commands;
      const drip = (i: number) => {
        if (i >= out.length || sock.destroyed) return;
        sock.write(out.subarray(i, i + 1));
        setImmediate(() => drip(i + 1));
      };
      drip(0);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as { port: number }).port;
  const c = new RespConnection(parseRedisUrl(`redis://127.0.0.1:${port}`));
  const sent = [c.send(["PING"]), c.send(["GET", "k"]), c.send(["X"]), c.send(["Y"]).catch((e: Error) => e), c.send(["Z"])];
  const [ok, bulk, nested, err, nil] = await Promise.all(sent);
  assert.equal(ok, "OK");
  assert.equal(bulk, "hé\r\n", "bulk lengths are bytes; CRLF inside a bulk string is data");
  assert.equal((nested as unknown[])[0], 42);
  assert.equal((nested as unknown[])[1], null);
  const inner = (nested as unknown[])[2] as unknown[];
  assert.ok(inner[0] instanceof RespError && inner[0].message === "ERR inner");
  assert.equal(inner[1], "x");
  assert.ok(err instanceof RespError && err.message === "WRONGTYPE bad");
  assert.equal(nil, null);

  // the server drops the connection with a command in flight: it fails, and the connection comes back
  const reconnected = new Promise((resolve) => c.once("ready", resolve));
  const lost = c.send(["PING"]).catch((e: Error) => e.message);
  await new Promise((resolve) => setTimeout(resolve, 20));
  sockets[0]!.destroy();
  assert.equal(await lost, CONNECTION_CLOSED);
  await reconnected;
  assert.equal(c.ready, true);
  c.destroy();
  assert.equal(c.ended, true);
  await assert.rejects(c.send(["PING"]), new RegExp(CONNECTION_CLOSED));
  for (const sock of sockets) sock.destroy();
  await new Promise((resolve) => server.close(resolve));
});
