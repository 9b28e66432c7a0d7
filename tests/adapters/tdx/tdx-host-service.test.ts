/**
 * The quote-host guard and probe of `/server/test` and `/server/switch` (issue
 * 15) over real loopback TCP, with an injected resolver (no network): names are
 * resolved and every address must be loopback; the checked address is dialled;
 * a probe is the TDX handshake only and reports every failure alike.
 */
import assert from "node:assert/strict";
import { createServer, type Server } from "node:net";
import { after, before, describe, test } from "node:test";
import { HostService, type HostLookup, NOT_TDX, systemLookup } from "../../../adapters/tdx/tdx-host-service.ts";
import { InvalidRequestError } from "../../../core/app/app-errors.ts";
import { isLoopback } from "../../../adapters/tdx/tdx-hosts.ts";
import { TdxPool } from "../../../adapters/tdx/tdx-pool.ts";
import { DemoMarket } from "../../../apps/tdx-sim/demo/demo-market.ts";
import { DemoSource } from "../../../apps/tdx-sim/demo/demo-source.ts";
import { type Simulator, startSimulator } from "../../../apps/tdx-sim/sim-server.ts";
import type { SettingsStore } from "../../../ports/settings-store.ts";
import { FakeClock } from "../../support/server.ts";
import { defined } from "../../support/defined.ts";

const NAMES: Record<string, string[]> = {
  "quotes.home.test": ["127.0.0.1"],
  "127.attacker.example": ["203.0.113.5"],
  "mixed.test": ["127.0.0.1", "203.0.113.5"],
  "v6.test": ["::1"],
};
const fakeLookup: HostLookup = async (name) => {
  const a = NAMES[name];
  if (!a) throw new Error(`getaddrinfo ENOTFOUND ${name}`);
  return a;
};

const settings: SettingsStore = { get: async () => undefined, set: async () => {} } as unknown as SettingsStore;

const listen = (s: Server) => new Promise<number>((r) => s.listen(0, "127.0.0.1", () => r((s.address() as { port: number }).port)));

describe("quote hosts: loopback by resolved address, probes by handshake", () => {
  let sim: Simulator;
  const servers: Server[] = [];
  let silent: number;
  let talker: number;
  let closer: number;
  let closed: number;
  let hosts: HostService;
  before(async () => {
    const clock = new FakeClock(Date.UTC(2026, 10, 20, 2, 30));
    sim = await startSimulator({ source: new DemoSource(new DemoMarket()), clock });
    const mk = (onConn: (s: import("node:net").Socket) => void) => {
      const srv = createServer(onConn);
      servers.push(srv);
      return listen(srv);
    };
    silent = await mk(() => {});
    talker = await mk((s) => s.end("SSH-2.0-OpenSSH_9.6\r\n"));
    closer = await mk((s) => s.destroy());
    const gone = createServer();
    closed = await listen(gone);
    await new Promise((r) => gone.close(r));
    hosts = new HostService(undefined, [{ name: "sim", host: sim.host, port: sim.port }], settings, clock, "sim", false, fakeLookup);
  });
  after(async () => {
    for (const s of servers) s.close();
    await sim.close();
  });

  test("loopback is decided by address, not by how the text looks", () => {
    for (const a of ["127.0.0.1", "127.255.255.254", "::1", "::ffff:127.0.0.1"]) assert.equal(isLoopback(a), true, a);
    for (const a of ["127.attacker.example", "localhost", "127.0.0.256", "10.0.0.1", "::2", "1127.0.0.1"]) assert.equal(isLoopback(a), false, a);
  });

  test("a name is resolved and every address must be loopback; the address is what gets dialled", async () => {
    assert.deepEqual(await hosts.resolve("quotes.home.test:7709"), { name: "quotes.home.test:7709", host: "127.0.0.1", port: 7709 });
    assert.equal((await hosts.resolve("v6.test")).host, "::1");
    for (const text of ["127.attacker.example", "127.attacker.example:7709", "mixed.test", "nowhere.test", "203.0.113.9:7709"]) {
      await assert.rejects(hosts.resolve(text), (e: unknown) => e instanceof InvalidRequestError && /loopback/.test(e.message), text);
    }
  });

  test("localhost resolves through the system resolver (/etc/hosts) to loopback", async () => {
    const real = new HostService(undefined, [], settings, new FakeClock(), "sim", false, systemLookup);
    assert.ok(isLoopback((await real.resolve(`localhost:${sim.port}`)).host));
  });

  test("probes speak only the TDX handshake: the simulator answers; closed, silent and non-TDX ports all read 'not a TDX server'", async () => {
    const targets = [closed, silent, talker, closer].map((p) => `127.0.0.1:${p}`);
    const got = await hosts.test([...targets, `quotes.home.test:${sim.port}`], 5);
    const first = defined(got[0], "the first probe");
    assert.equal(first.reachable, true, "the simulator first");
    assert.equal(first.error, null);
    assert.equal(first.host, `127.0.0.1:${sim.port}`);
    const failed = got.slice(1);
    assert.deepEqual(failed.map((h) => h.host).sort(), targets.sort());
    for (const h of failed) assert.deepEqual([h.reachable, h.latency_ms, h.error], [false, null, NOT_TDX], h.host);
  });

  test("a switch to a port that is not a TDX server says so without its socket error, and keeps the current host", async () => {
    const pool = new TdxPool([{ name: "sim", host: sim.host, port: sim.port }], { connectTimeoutMs: 5000 });
    try {
      const withPool = new HostService(pool, [], settings, new FakeClock(), "sim", false, fakeLookup);
      for (const port of [talker, closed]) {
        const r = await withPool.switchTo(`127.0.0.1:${port}`);
        assert.deepEqual(r, { ok: false, host: `127.0.0.1:${port}`, message: `Could not switch to 127.0.0.1:${port}: ${NOT_TDX}; nothing was saved` });
      }
      assert.equal(withPool.current(), `127.0.0.1:${sim.port}`);
    } finally {
      await pool.close();
    }
  });
});
