/** Starts the real service on an ephemeral loopback port with its own data directory. */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pbkdf2HasherWithoutFloor } from "../../adapters/crypto/pbkdf2-hasher.ts";
import { loadConfig } from "../../apps/server/config.ts";
import { type RunningServer, startServer } from "../../apps/server/compose.ts";
import type { Clock } from "../../ports/clock.ts";
import type { Logger } from "../../ports/logger.ts";

/** A clock the test moves by hand. */
export class FakeClock implements Clock {
  constructor(public t = Date.UTC(2026, 10, 23, 2, 0, 0)) {}
  now(): number {
    return this.t;
  }
  advance(ms: number): void {
    this.t += ms;
  }
}

const noop = () => {};
export const silentLog: Logger = { debug: noop, info: noop, warn: noop, error: noop };

export interface TestServer extends RunningServer {
  dataDir: string;
  /** Stops this instance and starts a new one on the same data directory. */
  restart(): Promise<TestServer>;
  /** Stops and deletes the data directory. */
  dispose(): Promise<void>;
}

/**
 * PBKDF2 at one round: the service's own hasher, minus the 600,000 rounds (~100 ms a
 * login) that would dominate the tests; `productionHasher` keeps the real one.
 */
const cheapHasher = pbkdf2HasherWithoutFloor(1);

export async function startTestServer(
  opts: { clock?: Clock; dataDir?: string; env?: Record<string, string>; log?: Logger; productionHasher?: boolean } = {},
): Promise<TestServer> {
  const dataDir = opts.dataDir ?? mkdtempSync(join(tmpdir(), "tdx-forge-test-"));
  const hasher = opts.productionHasher ? {} : { hasher: cheapHasher };
  let s: RunningServer;
  try {
    const config = loadConfig({ HOST: "127.0.0.1", PORT: "0", DATA_DIR: dataDir, LOG_LEVEL: "silent", ...opts.env });
    s = await startServer(config, { clock: opts.clock, log: opts.log ?? silentLog, ...hasher });
  } catch (e) {
    // a start-up the test expects to fail leaves no folder behind (one it was handed is its own)
    if (opts.dataDir === undefined) rmSync(dataDir, { recursive: true, force: true });
    throw e;
  }
  return {
    ...s,
    dataDir,
    async restart() {
      await s.close();
      return startTestServer({ ...opts, dataDir });
    },
    async dispose() {
      await s.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** fetch against the server, with a JSON body when given. */
export async function call(
  base: string,
  method: string,
  path: string,
  opts: { json?: unknown; headers?: Record<string, string>; body?: string } = {},
): Promise<{ status: number; body: any; headers: Headers; text: string }> {
  const headers: Record<string, string> = { ...opts.headers };
  let body = opts.body;
  if (opts.json !== undefined) {
    headers["content-type"] ??= "application/json";
    body = JSON.stringify(opts.json);
  }
  const res = await fetch(base + path, { method, headers, body });
  const text = await res.text();
  let parsed: unknown = undefined;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  return { status: res.status, body: parsed, headers: res.headers, text };
}

/** The `name=value` part of a Set-Cookie header, for sending back. */
export function cookieOf(headers: Headers): string | undefined {
  const set = headers.get("set-cookie");
  return set?.split(";")[0];
}
