/**
 * The pool's circuit breaker over real loopback TCP (issue 15): a host that
 * completes the handshake and then never answers costs one timeout, after which
 * requests fail over to the healthy simulator; a pool with no other host keeps
 * trying its only one. Requests reaching each server are counted by the
 * servers themselves. Timeouts are generous so a busy machine cannot make the
 * healthy host look stalled.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { TdxClient } from "../../../adapters/tdx/tdx-client.ts";
import { TdxCommand } from "../../../adapters/tdx/tdx-commands.ts";
import { TdxPool } from "../../../adapters/tdx/tdx-pool.ts";
import { TdxTimeoutError } from "../../../adapters/tdx/tdx-transport.ts";
import { DemoMarket } from "../../../apps/tdx-sim/demo/demo-market.ts";
import { DemoSource } from "../../../apps/tdx-sim/demo/demo-source.ts";
import { type Simulator, startSimulator } from "../../../apps/tdx-sim/sim-server.ts";
import { FakeClock } from "../../support/server.ts";

const clock = new FakeClock(Date.UTC(2026, 10, 20, 2, 30));
const source = new DemoSource(new DemoMarket());
const counted = (s: Simulator) => s.served.get(TdxCommand.SECURITY_COUNT) ?? 0;
const host = (name: string, s: Simulator) => ({ name, host: s.host, port: s.port });

describe("circuit breaker in the TDX pool", () => {
  let stalled: Simulator;
  let healthy: Simulator;
  before(async () => {
    stalled = await startSimulator({ source, clock, name: "stalled" });
    stalled.inject({ kind: "stall", times: 1_000_000 });
    healthy = await startSimulator({ source, clock, name: "healthy" });
  });
  after(async () => {
    await stalled.close();
    await healthy.close();
  });

  test("a host that handshakes and then stalls costs one timeout; later requests go to the healthy host", async () => {
    const pool = new TdxPool([host("stalled", stalled), host("healthy", healthy)], { size: 2, requestTimeoutMs: 2000 });
    const client = new TdxClient(pool);
    try {
      const [stalledBefore, healthyBefore] = [counted(stalled), counted(healthy)];
      await assert.rejects(client.securityCount(1), TdxTimeoutError, "the first request meets the stall");
      const answers: number[] = [];
      for (let i = 0; i < 6; i++) answers.push(await client.securityCount(1));
      const concurrent = await Promise.all(Array.from({ length: 6 }, () => client.securityCount(0)));
      assert.ok(
        answers.every((n) => n === answers[0] && n > 0),
        "answered by the healthy host",
      );
      assert.ok(concurrent.every((n) => n > 0));
      assert.equal(counted(stalled) - stalledBefore, 1, "the stalled host saw exactly one request");
      assert.equal(counted(healthy) - healthyBefore, 12);
      assert.equal(pool.currentHost.name, "healthy");
    } finally {
      await pool.close();
    }
  });

  test("with no other host, the only one is still tried (the breaker never leaves none)", async () => {
    const pool = new TdxPool([host("stalled", stalled)], { size: 1, requestTimeoutMs: 1000 });
    try {
      const before = counted(stalled);
      for (let i = 0; i < 2; i++) await assert.rejects(new TdxClient(pool).securityCount(1), TdxTimeoutError);
      assert.equal(counted(stalled) - before, 2);
    } finally {
      await pool.close();
    }
  });

  test("with no other host, a timeout does not cut the pool's other live connections", async () => {
    const flaky = await startSimulator({ source, clock, name: "flaky" });
    const pool = new TdxPool([host("flaky", flaky)], { size: 2, requestTimeoutMs: 2000 });
    const client = new TdxClient(pool);
    const logins = () => flaky.served.get(TdxCommand.SETUP_LOGIN) ?? 0;
    try {
      await Promise.all([client.securityCount(0), client.securityCount(1)]);
      assert.equal(pool.connected, 2);
      flaky.inject({ kind: "stall", times: 1 });
      await assert.rejects(client.securityCount(0), TdxTimeoutError);
      assert.equal(pool.connected, 1, "only the connection that timed out was dropped");
      const before = logins();
      assert.ok((await client.securityCount(1)) > 0);
      assert.equal(logins(), before, "the next request used the surviving connection, no new handshake");
    } finally {
      await pool.close();
      await flaky.close();
    }
  });

  test("an explicit switch back to an opened host is honoured", async () => {
    const pool = new TdxPool([host("stalled", stalled), host("healthy", healthy)], { size: 1, requestTimeoutMs: 1000 });
    try {
      await assert.rejects(new TdxClient(pool).securityCount(1), TdxTimeoutError);
      assert.ok((await new TdxClient(pool).securityCount(1)) > 0);
      await pool.switchTo(host("stalled", stalled));
      const before = counted(stalled);
      await assert.rejects(new TdxClient(pool).securityCount(1), TdxTimeoutError);
      assert.equal(counted(stalled) - before, 1, "the user's choice was dialled");
    } finally {
      await pool.close();
    }
  });
});
