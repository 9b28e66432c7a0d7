/**
 * A real redis-server for the BullMQ tests (Debian's package, spawned on a free
 * loopback port with a temporary directory and no persistence) and `npm run worker`
 * processes beside it.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

export const REDIS = ["/usr/bin/redis-server", "/usr/local/bin/redis-server"].find((p) => existsSync(p));
export const REDIS_SKIP = REDIS ? false : "redis-server is not installed (apt-get install redis-server)";
const ROOT = fileURLToPath(new URL("../../", import.meta.url));

export const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, "127.0.0.1", () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });

/** Resolves once a line of the child's stdout matches. */
export function waitFor(child: ChildProcess, lines: string[], match: (line: string) => boolean, what: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${what}: not ready in 60 s`)), 60_000);
    child.stdout!.on("data", (chunk: Buffer) => {
      for (const line of chunk.toString().split("\n")) {
        if (line === "") continue;
        lines.push(line);
        if (match(line)) {
          clearTimeout(timer);
          resolve();
        }
      }
    });
    child.once("exit", (code) => reject(new Error(`${what} exited with ${code}`)));
  });
}

export const stopped = (child: ChildProcess) => new Promise<void>((resolve) => (child.exitCode !== null ? resolve() : child.once("exit", () => resolve())));

export interface RedisServer {
  readonly url: string;
  stop(): Promise<void>;
}

export async function startRedis(): Promise<RedisServer> {
  const dir = mkdtempSync(join(tmpdir(), "tdx-forge-redis-"));
  const port = await freePort();
  const redis = spawn(REDIS!, ["--port", String(port), "--bind", "127.0.0.1", "--dir", dir, "--save", "", "--appendonly", "no"], { stdio: ["ignore", "pipe", "inherit"] });
  await waitFor(redis, [], (l) => l.includes("Ready to accept connections"), "redis-server").catch((e) => {
    redis.kill("SIGKILL");
    rmSync(dir, { recursive: true, force: true });
    throw e;
  });
  return {
    url: `redis://127.0.0.1:${port}`,
    async stop() {
      redis.kill("SIGTERM");
      await stopped(redis);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface WorkerProcess {
  readonly child: ChildProcess;
  /** Its log lines so far. */
  readonly lines: string[];
}

/** An `npm run worker` process on `env` (REDIS_URL, BULLMQ_QUEUE …), ready to take jobs. */
export async function startWorker(env: Record<string, string>): Promise<WorkerProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", "apps/worker/main.ts"], {
    cwd: ROOT,
    env: { ...process.env, WORKER_THREADS: "1", LOG_LEVEL: "info", ...env },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const w = { child, lines: [] as string[] };
  // A worker that never gets ready must not outlive the test.
  await waitFor(child, w.lines, (l) => l.includes('"worker ready"'), "worker").catch((e) => {
    child.kill("SIGKILL");
    throw e;
  });
  return w;
}
