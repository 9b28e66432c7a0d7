/**
 * `tdx-forge backtest --strategy-file my.mts` runs a user's strategy module
 * (made with definePlugin, as for PLUGINS_DIR) in-process: the result equals
 * the same strategy loaded through PLUGINS_DIR, and every buy follows the rule
 * the module states, checked here on the bars `kline` prints. A file without a
 * strategy, a choice it does not export, and `--server` are one-line errors.
 */
import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, test } from "node:test";
import { batchSections, jsonLines, runCli } from "../../support/cli.ts";
import { UP_DAYS_PLUGIN as UP_DAYS } from "../../support/user-plugin.ts";

describe("tdx-forge backtest --strategy-file", () => {
  const dir = mkdtempSync(join(tmpdir(), "tdx-forge-user-strategy-"));
  after(() => rmSync(dir, { recursive: true, force: true }));
  const file = join(dir, "up-days.mts");
  writeFileSync(file, UP_DAYS);
  const data = "SZ 000001 --count 120 --adjust NONE";

  test("runs the module's strategy as PLUGINS_DIR would, by its own rule", async () => {
    const lines = [`kline ${data}`, `backtest ${data} --strategy-file ${file} --params n=2 --detail trades`, `backtest ${data} --strategy-file ${file} --params n=2`];
    const r = await runCli(["batch", "--echo"], { input: `${lines.join("\n")}\n` });
    assert.equal(r.code, 0, r.stderr);
    const out = batchSections(r.stdout);
    const bars = jsonLines(out.get(lines[0]!)!) as { date: string; open: number; close: number }[];
    const trades = jsonLines(out.get(lines[1]!)!) as { datetime: string; direction: string; rejected: boolean }[];
    const [summary] = jsonLines(out.get(lines[2]!)!);
    assert.equal(bars.length, 120);
    assert.equal(summary!.strategy, "user_up_days");

    // Orders fill at the next bar's open: each filled buy follows two up days in a row.
    const index = new Map(bars.map((b, i) => [b.date.slice(0, 10), i]));
    const up = (i: number) => bars[i]!.close > bars[i]!.open;
    const buys = trades.filter((t) => t.direction === "BUY" && !t.rejected);
    assert.ok(buys.length > 0, "the strategy traded");
    for (const t of buys) {
      const i = index.get(t.datetime.slice(0, 10));
      assert.ok(i !== undefined && i >= 2, `a bar for ${t.datetime}`);
      assert.ok(up(i - 1) && up(i - 2), `the buy on ${t.datetime} follows two up days`);
    }

    const viaDir = await runCli(["backtest", ...data.split(" "), "--strategy", "user_up_days", "--params", "n=2"], { env: { PLUGINS_DIR: dir } });
    assert.equal(viaDir.code, 0, viaDir.stderr);
    assert.deepEqual(jsonLines(viaDir.stdout)[0], summary, "the same run as through PLUGINS_DIR");
  });

  test("a module without a strategy, a strategy it lacks, and --server are one-line errors", async () => {
    const none = join(dir, "none.mts");
    writeFileSync(none, "export const answer = 42;\n");
    const r1 = await runCli(["backtest", "SZ", "000001", "--strategy-file", none]);
    assert.equal(r1.code, 1);
    assert.match(r1.stderr, /^tdx-forge backtest: plugin [^\n]*none\.mts: exports no plugin[^\n]*\n$/);

    const r2 = await runCli(["backtest", "SZ", "000001", "--strategy-file", file, "--strategy", "ma_cross"]);
    assert.equal(r2.code, 2);
    assert.match(r2.stderr, /^tdx-forge backtest: [^\n]*user_up_days: pick one with --strategy[^\n]*\n$/);

    const r3 = await runCli(["backtest", "SZ", "000001", "--strategy-file", file, "--server", "http://127.0.0.1:9"]);
    assert.equal(r3.code, 2);
    assert.match(r3.stderr, /^tdx-forge backtest: --strategy-file runs in-process[^\n]*\n$/);
  });
});
