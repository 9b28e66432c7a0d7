/**
 * Target (issue 2): a gated request with a valid session adds under 50 µs over an
 * exempt one. Both go through the full hono app in-process (no socket), so the
 * difference is the gate: cookie parse, SHA-256, session map lookup.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { bench, do_not_optimize, group, summary } from "mitata";
import { loadConfig } from "../apps/server/config.ts";
import { buildApp } from "../apps/server/compose.ts";
import { silentLog } from "../tests/support/server.ts";

const dir = mkdtempSync(join(tmpdir(), "tdx-forge-bench-gate-"));
const { app } = await buildApp(loadConfig({ DATA_DIR: dir, LOG_LEVEL: "silent" }), { log: silentLog });
const env = { incoming: { socket: { remoteAddress: "127.0.0.1" } } };
const post = (path: string, body: unknown) => app.fetch(new Request(`http://bench${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) }), env);
await post("/api/auth/setup", { password: "bench-password" });
const [cookie = ""] = (await post("/api/auth/login", { password: "bench-password" })).headers.get("set-cookie")!.split(";");

const exempt = () => app.fetch(new Request("http://bench/health"), env);
const gated = () => app.fetch(new Request("http://bench/api/v1/market/session", { headers: { cookie } }), env);
if ((await gated()).status !== 200) throw new Error("bench session is not valid");

summary(() => {
  group("auth gate overhead", () => {
    bench("exempt GET /health", async () => do_not_optimize(await (await exempt()).text()));
    bench("gated GET /api/v1/market/session (valid session)", async () => do_not_optimize(await (await gated()).text()));
  });
});
