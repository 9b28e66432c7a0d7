/**
 * Long work shows a progress bar on stderr only when stderr is a terminal:
 * under a pseudo-terminal (util-linux `script`) the bar reaches 100 %; piped
 * (every other CLI test), stderr stays empty.
 */
import assert from "node:assert/strict";
import { execFile, execFileSync } from "node:child_process";
import { test } from "node:test";
import { BIN, REPO } from "../../support/cli.ts";

function hasScript(): boolean {
  try {
    execFileSync("script", ["--version"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

test("a backtest draws its progress bar on a terminal", { skip: hasScript() ? false : "util-linux script (a pseudo-terminal) is absent" }, async () => {
  const cmd = `${JSON.stringify(process.execPath)} ${JSON.stringify(BIN)} backtest SZ 000001 --strategy ma_cross --count 120 --output csv`;
  const out = await new Promise<string>((resolve, reject) =>
    execFile("script", ["-qec", cmd, "/dev/null"], { cwd: REPO, env: { ...process.env, LOG_LEVEL: "error" } }, (err, stdout) => (err ? reject(err) : resolve(stdout))),
  );
  assert.match(out, /\r\[#{30}\] 100% /, "the bar, full at the end");
  assert.match(out, /^strategy,symbol,start_cash/m, "and the result");
});
