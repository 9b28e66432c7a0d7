/**
 * Issue 4 target: `GET /market/stat` over the whole simulated market under 1 s
 * (a quote for every A-share, 80 per request, all requests in flight at once).
 * The service runs in its own process on the built-in simulator, as `npm start`
 * does; requests go over one keep-alive connection.
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
  env: { ...process.env, PORT: String(port), DATA_DIR: mkdtempSync(join(tmpdir(), "tdx-forge-bench-market-")), LOG_LEVEL: "silent" },
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
const t0 = performance.now();
await get("/api/v1/market/stat");
console.log(`market/stat first call (simulator generating the market's histories): ${(performance.now() - t0).toFixed(0)} ms`);

group("market-wide endpoints over HTTP (service process + in-process simulator)", () => {
  bench("GET /market/stat (every A-share quoted)", async () => do_not_optimize(await get("/api/v1/market/stat")));
  bench("GET /market/core-leaders (159 quotes)", async () => do_not_optimize(await get("/api/v1/market/core-leaders")));
  bench("GET /fund-flow (all of today's ticks)", async () => do_not_optimize(await get("/api/v1/fund-flow?market=SH&code=600519")));
});
