/**
 * The service in its own process, started the way `npm start` starts it, and a
 * keep-alive HTTP client for it: what the end-to-end benchmarks measure, so
 * that client work is not counted against the service.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync } from "node:fs";
import http from "node:http";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import process from "node:process";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("..", import.meta.url));

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, "127.0.0.1", () => {
      const p = (s.address() as { port: number }).port;
      s.close(() => resolve(p));
    });
  });
}

/** `node --max-semi-space-size=32 --import tsx/esm apps/server/main.ts`, as the start script runs it. */
export function spawnService(port: number, dataDir: string, env: Record<string, string> = {}): ChildProcess {
  return spawn(process.execPath, ["--max-semi-space-size=32", "--import", "tsx/esm", "apps/server/main.ts"], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: "silent", ...env },
    // the log is read only when asked for (LOG_LEVEL set by the caller)
    stdio: ["ignore", env.LOG_LEVEL ? "pipe" : "ignore", "ignore"],
  });
}

/** GET `url` as JSON through node:http: `fetch` reads bodies through web streams, which detach ArrayBuffers in this process (see run.ts). */
function getJson(url: string): Promise<unknown> {
  return new Promise((resolve, reject) => {
    http
      .get(url, (r) => {
        let text = "";
        r.setEncoding("utf8");
        r.on("data", (d: string) => (text += d));
        r.on("end", () => resolve(JSON.parse(text)));
      })
      .on("error", reject);
  });
}

/**
 * Resolves when `/health` says the start-up warm-up is over (done, or off with
 * WARM_UP=0). Not read from the
 * log: that needs LOG_LEVEL=info, which also logs every request and made a
 * warmed service look slower than one started without the warm-up.
 */
async function warmUpDone(url: string): Promise<void> {
  for (;;) {
    const health = (await getJson(`${url}/health`)) as { warm_up?: string };
    if (health.warm_up !== "running") return;
    await new Promise((r) => setTimeout(r, 100));
  }
}

export interface RunningService {
  readonly dataDir: string;
  /** `http://127.0.0.1:<port>` */
  readonly url: string;
  /** Resolves when the start-up warm-up is over: steady-state benches await it, or the warm-up would share their CPU. */
  readonly warmed: Promise<void>;
  /** Resolves with the body's byte count; anything but 200 rejects. A body may be sent with a Content-Encoding. */
  request(method: string, path: string, json?: string | Uint8Array, encoding?: string): Promise<number>;
  get(path: string): Promise<number>;
  /** Sends `json` (if any) and resolves with the status and the parsed answer, whatever the status. */
  json(method: string, path: string, json?: unknown): Promise<{ status: number; body: any }>;
  /** Stops the service (before the bench ends, so that an idle service does not share the CPU with the next one). */
  stop(): Promise<void>;
}

/**
 * No request of a bench waits forever: one that has not ended in this time
 * rejects. (A bench once hung for twenty minutes with nothing left to wait on,
 * its last request sent through `fetch`; node:http with this bound fails loudly instead.)
 */
const REQUEST_TIMEOUT_MS = 120_000;

/**
 * Starts the service on a fresh data directory (stopped when this process
 * exits) and waits for `/health`; `warmed` tells when the background warm-up
 * is over, so that steady-state figures are not taken while it runs.
 */
export async function startService(label: string, env: Record<string, string> = {}): Promise<RunningService> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), `tdx-forge-bench-${label}-`));
  const child = spawnService(port, dataDir, env);
  process.once("exit", () => child.kill("SIGTERM"));
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  /** One request; `read` settles it from the answer (a byte count for the timed requests, the parsed body otherwise). */
  const send = <T>(
    method: string,
    path: string,
    json: string | Uint8Array | undefined,
    encoding: string | undefined,
    read: (r: http.IncomingMessage, done: (v: T) => void, fail: (e: Error) => void) => void,
  ) =>
    new Promise<T>((resolve, reject) => {
      const headers: Record<string, string | number> =
        json === undefined ? {} : { "content-type": "application/json", "content-length": Buffer.byteLength(json), ...(encoding ? { "content-encoding": encoding } : {}) };
      const req = http.request({ host: "127.0.0.1", port, path, method, agent, headers, timeout: REQUEST_TIMEOUT_MS }, (r) => {
        r.on("error", reject);
        r.on("aborted", () => reject(new Error(`${method} ${path}: answer cut short`)));
        read(r, resolve, reject);
      });
      req.on("timeout", () => req.destroy(new Error(`${method} ${path}: no answer in ${REQUEST_TIMEOUT_MS} ms`)));
      req.on("error", reject);
      req.end(json);
    });
  const request = (method: string, path: string, json?: string | Uint8Array, encoding?: string) =>
    send<number>(method, path, json, encoding, (r, done, fail) => {
      let n = 0;
      r.on("data", (c: Buffer) => (n += c.length));
      r.on("end", () => (r.statusCode === 200 ? done(n) : fail(new Error(`${path}: ${r.statusCode}`))));
    });
  const get = (path: string) => request("GET", path);
  const json = (method: string, path: string, body?: unknown) =>
    send<{ status: number; body: any }>(method, path, body === undefined ? undefined : JSON.stringify(body), undefined, (r, done) => {
      let text = "";
      r.setEncoding("utf8");
      r.on("data", (d: string) => (text += d));
      r.on("end", () => done({ status: r.statusCode!, body: JSON.parse(text) }));
    });
  for (;;) {
    try {
      await get("/health");
      break;
    } catch {
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  const url = `http://127.0.0.1:${port}`;
  const stop = () =>
    new Promise<void>((resolve) => {
      agent.destroy();
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      // a service that has not closed in 10 s is killed outright
      const hard = setTimeout(() => child.kill("SIGKILL"), 10_000);
      child.once("exit", () => {
        clearTimeout(hard);
        resolve();
      });
      child.kill("SIGTERM");
    });
  return { dataDir, url, warmed: warmUpDone(url), request, get, json, stop };
}
