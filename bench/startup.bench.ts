/**
 * Target (issue 2): `npm start` answers `/health` within 3 s of launch. Each
 * sample spawns the real entry point (tsx, as `npm start` does) on a fresh data
 * directory and polls `/health` until it answers.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { bench, group } from "mitata";

const root = fileURLToPath(new URL("..", import.meta.url));

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, "127.0.0.1", () => {
      const p = (s.address() as { port: number }).port;
      s.close(() => resolve(p));
    });
  });
}

async function launchToHealth(): Promise<void> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), "tdx-forge-bench-start-"));
  const child = spawn(process.execPath, ["--import", "tsx", "apps/server/main.ts"], {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATA_DIR: dir, LOG_LEVEL: "silent" },
    stdio: "ignore",
  });
  try {
    for (;;) {
      try {
        const r = await fetch(`http://127.0.0.1:${port}/health`);
        if (r.ok) return;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 10));
    }
  } finally {
    child.kill("SIGTERM");
    await new Promise((r) => child.once("exit", r));
    rmSync(dir, { recursive: true, force: true });
  }
}

group("start-up", () => {
  bench("launch → first /health answer", launchToHealth);
});
