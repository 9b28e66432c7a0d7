/**
 * `tdx-forge --server URL` against a real running service with a password:
 * the CLI logs in with TDX_FORGE_PASSWORD and prints what the service's routes
 * answer (compared with direct HTTP calls); a wrong or missing password is one
 * line on stderr with exit status 1. `tdx-forge serve` starts the service and
 * stops on SIGTERM.
 */
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { after, before, describe, test } from "node:test";
import { BIN, batchSections, jsonLines, parseCsv, REPO, runCli } from "../../support/cli.ts";
import { call, cookieOf, startTestServer, type TestServer } from "../../support/server.ts";

const PASSWORD = "cli-test-password";

describe("tdx-forge --server", () => {
  let s: TestServer;
  let cookie: string;
  before(async () => {
    s = await startTestServer();
    assert.equal((await call(s.url, "POST", "/api/auth/setup", { json: { password: PASSWORD } })).status, 200);
    cookie = cookieOf((await call(s.url, "POST", "/api/auth/login", { json: { password: PASSWORD } })).headers)!;
  });
  after(() => s?.dispose());

  test("prints the service's answers", async () => {
    // Only --server lines: this CLI process starts no service of its own.
    const kline = "kline SZ 000001 --count 5 --start 1";
    const lines = [
      `version --server ${s.url}`,
      `${kline} --server ${s.url}`,
      `${kline} --server ${s.url} --output csv`,
      `board-list --count 3 --server ${s.url} --table`,
      `backtest SZ 000001 --strategy ma_cross --count 120 --server ${s.url}`,
    ];
    const r = await runCli(["batch", "--echo"], { input: `${lines.join("\n")}\n`, env: { TDX_FORGE_PASSWORD: PASSWORD } });
    assert.equal(r.code, 0, r.stderr);
    const out = batchSections(r.stdout);
    const version = jsonLines(out.get(lines[0]!)!)[0]!;
    assert.equal(version.server_version, (await call(s.url, "GET", "/health")).body.version, "the service's version");

    const direct = await call(s.url, "GET", "/api/v1/bars?market=SZ&code=000001&count=5&start=1", { headers: { cookie } });
    const remote = jsonLines(out.get(lines[1]!)!);
    assert.deepEqual(remote, direct.body.data, "the rows of /bars");
    const csv = parseCsv(out.get(lines[2]!)!);
    assert.deepEqual(csv[0], direct.body.columns, "CSV header: the frame's columns");
    assert.equal(csv.length, 6, "header and five rows");
    assert.match(out.get(lines[3]!)!, /^market +code +name/, "a table of boards");

    const bt = jsonLines(out.get(lines[4]!)!)[0]!;
    assert.equal(bt.strategy, "ma_cross", "the backtest ran on the service");
    const tasks = await call(s.url, "GET", "/api/v1/backtest/tasks", { headers: { cookie } });
    const task = tasks.body.tasks.find((t: { kind: string }) => t.kind === "backtest");
    const result = await call(s.url, "GET", `/api/v1/backtest/tasks/${task.task_id}`, { headers: { cookie } });
    assert.deepEqual(bt, { strategy: "ma_cross", symbol: "SZ:000001", ...result.body.result.performance }, "the task's performance");
  });

  test("a missing or wrong password is one line on stderr, exit status 1", async () => {
    const none = await runCli(["kline", "SZ", "000001", "--server", s.url], { env: { TDX_FORGE_PASSWORD: "" } });
    assert.equal(none.code, 1, "exit status 1");
    assert.equal(none.stdout, "", "nothing on stdout");
    assert.match(none.stderr, /^tdx-forge kline: HTTP 401: .*TDX_FORGE_PASSWORD\n$/, "one line naming the variable");
    const wrong = await runCli(["kline", "SZ", "000001", "--server", s.url], { env: { TDX_FORGE_PASSWORD: "not-it" } });
    assert.equal(wrong.code, 1, "exit status 1");
    assert.match(wrong.stderr, /^tdx-forge kline: login failed: HTTP 401: [^\n]+\n$/, "one line");
  });
});

describe("tdx-forge serve", () => {
  test("serves the API on the given port until SIGTERM", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "tdx-forge-serve-"));
    const child = spawn(process.execPath, [BIN, "serve", "--port", "0", "--host", "127.0.0.1", "--no-build"], {
      cwd: REPO,
      env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: "info" },
      stdio: ["ignore", "pipe", "inherit"],
    });
    try {
      // The service logs its address as a JSON line once it listens.
      let url: string | undefined;
      for await (const line of createInterface({ input: child.stdout! })) {
        const entry = JSON.parse(line) as { msg?: string; url?: string };
        if (entry.msg === "listening") {
          url = entry.url;
          break;
        }
      }
      assert.match(url ?? "", /^http:\/\/127\.0\.0\.1:\d+$/, "a loopback address with the port picked");
      const health = await call(url!, "GET", "/health");
      assert.equal(health.body.status, "ok", "the service answers");
      const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
      child.kill("SIGTERM");
      assert.equal(await exited, 0, "stops cleanly on SIGTERM");
    } finally {
      child.kill("SIGKILL");
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
