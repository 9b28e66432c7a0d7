/**
 * The `--server` password when TDX_FORGE_PASSWORD is unset: on a terminal the
 * CLI asks for it at the service's first 401 without echoing it (run here on a
 * pseudo-terminal made by util-linux `script`; skipped with a reason where
 * it is missing); without a terminal that 401 is one line naming the variable
 * and exit status 1, and nothing waits on stdin.
 */
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { after, before, describe, test } from "node:test";
import { BIN, jsonLines, pseudoTerminalMissing, REPO, runCli } from "../../support/cli.ts";
import { call, startTestServer, type TestServer } from "../../support/server.ts";

const PASSWORD = "typed-on-the-tty";

/** Runs the CLI on a pseudo-terminal, typing `typed` once the prompt shows; the terminal's whole output. */
function onTerminal(args: readonly string[], typed: string): Promise<{ code: number | null; screen: string }> {
  const quote = (a: string) => `'${a.replace(/'/g, `'\\''`)}'`;
  const cmd = [process.execPath, BIN, ...args].map(quote).join(" ");
  const child = spawn("script", ["-qec", cmd, "/dev/null"], { cwd: REPO, env: { ...process.env, LOG_LEVEL: "error", TDX_FORGE_PASSWORD: "" } });
  let screen = "";
  child.stdout.on("data", (d: Buffer) => {
    screen += d.toString("utf8");
    if (screen.includes("Password for ") && !child.stdin.writableEnded) child.stdin.end(typed);
  });
  return new Promise((resolve) => child.on("close", (code) => resolve({ code, screen })));
}

describe("tdx-forge --server without TDX_FORGE_PASSWORD", () => {
  let s: TestServer;
  before(async () => {
    s = await startTestServer();
    assert.equal((await call(s.url, "POST", "/api/auth/setup", { json: { password: PASSWORD } })).status, 200);
  });
  after(() => s?.dispose());

  test("asks on a terminal, without echo, and runs the command", { skip: pseudoTerminalMissing() }, async () => {
    const r = await onTerminal(["kline", "SZ", "000001", "--count", "2", "--server", s.url], `${PASSWORD}\r`);
    assert.equal(r.code, 0, r.screen);
    assert.match(r.screen, new RegExp(`^Password for ${s.url.replace(/[.]/g, "\\.")}: `), "the prompt names the service");
    assert.ok(!r.screen.includes(PASSWORD), "the password is not echoed");
    const rows = jsonLines(r.screen.slice(r.screen.indexOf("{")).replace(/\r/g, ""));
    assert.equal(rows.length, 2, "the two bars");
    assert.ok(
      rows.every((b) => typeof b.close === "number"),
      "bars with closes",
    );
  });

  test("a wrong password typed is a failed login", { skip: pseudoTerminalMissing() }, async () => {
    const r = await onTerminal(["kline", "SZ", "000001", "--count", "2", "--server", s.url], "nope\r");
    assert.equal(r.code, 1, r.screen);
    assert.match(r.screen, /tdx-forge kline: login failed: HTTP 401: /, "one line");
  });

  test("without a terminal: one line naming the variable, exit status 1", async () => {
    const r = await runCli(["kline", "SZ", "000001", "--server", s.url], { env: { TDX_FORGE_PASSWORD: "" }, input: `${PASSWORD}\n` });
    assert.equal(r.code, 1);
    assert.equal(r.stdout, "");
    assert.match(r.stderr, /^tdx-forge kline: HTTP 401: [^\n]*no terminal[^\n]*TDX_FORGE_PASSWORD\n$/, "one line, nothing read from stdin");
  });
});
