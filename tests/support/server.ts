/** Starts the real service on an ephemeral loopback port with its own data directory. */
import { mkdtempSync, rmSync } from "node:fs";
import { type IncomingHttpHeaders, request as httpRequest } from "node:http";
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

export async function startTestServer(opts: { clock?: Clock; dataDir?: string; env?: Record<string, string>; log?: Logger; productionHasher?: boolean } = {}): Promise<TestServer> {
  const dataDir = opts.dataDir ?? mkdtempSync(join(tmpdir(), "tdx-forge-test-"));
  const hasher = opts.productionHasher ? {} : { hasher: cheapHasher };
  let s: RunningServer;
  try {
    // no start-up warm-up unless a test asks for it (tests/http/warm-up.test.ts): it would only add load
    const config = loadConfig({ HOST: "127.0.0.1", PORT: "0", DATA_DIR: dataDir, LOG_LEVEL: "silent", WARM_UP: "0", ...opts.env });
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
  let parsed: unknown;
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

/**
 * Like {@link call} over node:http, which (unlike fetch) sends the `Host`
 * header it is given: for the DNS-rebinding guard.
 */
export function callRaw(
  base: string,
  method: string,
  path: string,
  opts: { json?: unknown; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: any; headers: IncomingHttpHeaders; text: string }> {
  const body = opts.json === undefined ? undefined : JSON.stringify(opts.json);
  const headers: Record<string, string> = { ...(body ? { "content-type": "application/json" } : {}), ...opts.headers };
  return new Promise((resolve, reject) => {
    const req = httpRequest(base + path, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => {
        const text = Buffer.concat(chunks).toString("utf8");
        let parsed: unknown;
        try {
          parsed = JSON.parse(text);
        } catch {
          parsed = undefined;
        }
        resolve({ status: res.statusCode ?? 0, body: parsed, headers: res.headers, text });
      });
    });
    req.on("error", reject);
    req.end(body);
  });
}
