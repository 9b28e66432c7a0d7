/**
 * Target (issue 2): `npm start` answers `/health` within 3 s of launch. Each
 * sample spawns the real entry point (as `npm start` does) on a fresh data
 * directory and polls `/health` until it answers.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { bench, group } from "mitata";
import { freePort, spawnService } from "./service-process.ts";

async function launchToHealth(): Promise<void> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), "tdx-forge-bench-start-"));
  const child = spawnService(port, dir);
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
