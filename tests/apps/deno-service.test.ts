/**
 * The same service under Deno (`npx deno task start`'s command): it starts, the
 * gate holds (401 without a session, then setup and login), data comes from the
 * simulator, and a backtest runs as a task on Deno's worker threads with the
 * plugin registry. Skips, saying why, where the deno binary (an npm devDependency)
 * is missing.
 */
import assert from "node:assert/strict";
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { fileURLToPath } from "node:url";
import { freePort, stopped } from "../support/redis.ts";
import { call, cookieOf } from "../support/server.ts";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const DENO = join(ROOT, "node_modules", "deno", "deno");
const PERMISSIONS = ["--allow-net", "--allow-read", "--allow-write", "--allow-env", "--allow-sys", "--allow-ffi"];

describe("the service under Deno", { skip: existsSync(DENO) ? false : "node_modules/deno/deno is missing (npm ci installs it)" }, () => {
  const dir = mkdtempSync(join(tmpdir(), "tdx-forge-test-"));
  let deno: ChildProcess;
  let url = "";
  let cookie = "";

  before(async () => {
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    deno = spawn(DENO, ["run", ...PERMISSIONS, "apps/server/main.ts"], {
      cwd: ROOT,
      env: { ...process.env, PORT: String(port), DATA_DIR: dir, LOG_LEVEL: "warn" },
      stdio: ["ignore", "ignore", "inherit"],
    });
    // Ready when /health answers (Deno compiles the TypeScript on first start).
    for (let i = 0; i < 240; i++) {
      if (deno.exitCode !== null) throw new Error(`deno exited with ${deno.exitCode}`);
      if (
        await fetch(`${url}/health`).then(
          (r) => r.ok,
          () => false,
        )
      )
        return;
      await new Promise((r) => setTimeout(r, 500));
    }
    throw new Error("the service under Deno did not answer /health in 120 s");
  });
  after(async () => {
    deno?.kill("SIGTERM");
    if (deno) await stopped(deno);
    rmSync(dir, { recursive: true, force: true });
  });

  test("the gate: nothing without a session once a password is set", async () => {
    assert.equal((await call(url, "POST", "/api/auth/setup", { json: { password: "deno-pass-123" } })).status, 200);
    assert.equal((await call(url, "GET", "/api/v1/bars?market=SZ&code=000001&count=2")).status, 401);
    const login = await call(url, "POST", "/api/auth/login", { json: { password: "deno-pass-123" } });
    assert.equal(login.status, 200);
    cookie = cookieOf(login.headers) ?? "";
    assert.ok(cookie, "a session cookie");
    const bars = await call(url, "GET", "/api/v1/bars?market=SZ&code=000001&count=2", { headers: { cookie } });
    assert.equal(bars.status, 200, bars.text);
    assert.equal(bars.body.count, 2);
  });

  test("a backtest runs as a task on Deno's worker threads", async () => {
    const ohlcv = Array.from({ length: 40 }, (_, i) => {
      const close = 10 + Math.round(Math.sin(i / 3) * 100) / 100;
      return { date: new Date(Date.UTC(2024, 0, 2 + i)).toISOString().slice(0, 10), open: close, high: close + 0.1, low: close - 0.1, close, vol: 1000 };
    });
    const job = { strategy: "ma_cross", params: { fast: 2, slow: 5 }, ohlcv };
    const sync = await call(url, "POST", "/api/v1/backtest/run", { json: job, headers: { cookie } });
    assert.equal(sync.status, 200, sync.text);
    const r = await call(url, "POST", "/api/v1/backtest/run/async", { json: job, headers: { cookie } });
    assert.equal(r.status, 202, r.text);
    let task: any;
    for (let i = 0; i < 600; i++) {
      task = (await call(url, "GET", `/api/v1/backtest/tasks/${r.body.task_id}`, { headers: { cookie } })).body;
      if (["done", "failed", "cancelled"].includes(task.status)) break;
      await new Promise((res) => setTimeout(res, 100));
    }
    assert.equal(task.status, "done", task.error);
    assert.deepEqual(task.result.trades, sync.body.trades, "the worker's trades equal the in-process run's");
  });
});
