/**
 * Issue 3 targets over real HTTP on loopback: `GET /api/v1/bars` (800 daily bars,
 * QFQ) p50 under 2 ms; `security/list-all` under 1 s. The service runs in its own
 * process (as `npm start` does, on the built-in simulator) so that client work is
 * not counted; requests go over one keep-alive connection.
 */
import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import http from "node:http";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { bench, do_not_optimize, group } from "mitata";

const root = fileURLToPath(new URL("..", import.meta.url));
const port = await new Promise<number>((resolve) => {
  const s = createServer().listen(0, "127.0.0.1", () => {
    const p = (s.address() as { port: number }).port;
    s.close(() => resolve(p));
  });
});
const child = spawn(process.execPath, ["--import", "tsx", "apps/server/main.ts"], {
  cwd: root,
  env: { ...process.env, PORT: String(port), DATA_DIR: mkdtempSync(join(tmpdir(), "tdx-forge-bench-quotes-")), LOG_LEVEL: "silent" },
  stdio: "ignore",
});
process.once("exit", () => child.kill("SIGTERM"));

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
const get = (path: string) =>
  new Promise<number>((resolve, reject) => {
    http
      .get({ host: "127.0.0.1", port, path, agent }, (r) => {
        let n = 0;
        r.on("data", (c: Buffer) => (n += c.length));
        r.on("end", () => (r.statusCode === 200 ? resolve(n) : reject(new Error(`${path}: ${r.statusCode}`))));
      })
      .on("error", reject);
  });
for (;;) {
  try {
    await get("/health");
    break;
  } catch {
    await new Promise((r) => setTimeout(r, 50));
  }
}
for (let i = 0; i < 50; i++) await get("/api/v1/bars?market=SH&code=600519&count=800&adjust=QFQ");

group("quote endpoints over HTTP (service process + in-process simulator)", () => {
  bench("GET /bars 800 daily QFQ", async () => do_not_optimize(await get("/api/v1/bars?market=SH&code=600519&count=800&adjust=QFQ")));
  bench("GET /bars 800 daily NONE", async () => do_not_optimize(await get("/api/v1/bars?market=SH&code=600519&count=800&adjust=NONE")));
  bench("GET /security/list-all", async () => do_not_optimize(await get("/api/v1/security/list-all?pages=10")));
});
