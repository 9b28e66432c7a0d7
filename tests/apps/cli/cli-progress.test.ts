/**
 * Long work shows a progress bar on stderr only when stderr is a terminal:
 * under a pseudo-terminal (util-linux `script`) the bar reaches 100 %; piped
 * (every other CLI test), stderr stays empty.
 */
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { test } from "node:test";
import { BIN, pseudoTerminalMissing, REPO } from "../../support/cli.ts";

test("a backtest draws its progress bar on a terminal", { skip: pseudoTerminalMissing() }, async () => {
  const cmd = `${JSON.stringify(process.execPath)} ${JSON.stringify(BIN)} backtest SZ 000001 --strategy ma_cross --count 120 --output csv`;
  const out = await new Promise<string>((resolve, reject) =>
    execFile("script", ["-qec", cmd, "/dev/null"], { cwd: REPO, env: { ...process.env, LOG_LEVEL: "error" } }, (err, stdout) => (err ? reject(err) : resolve(stdout))),
  );
  assert.match(out, /\r\[#{30}\] 100% /, "the bar, full at the end");
  assert.match(out, /^strategy,symbol,start_cash/m, "and the result");
});
