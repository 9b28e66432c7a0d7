/**
 * The plugin harness as an author uses it: the README's "Plugin harness"
 * property test runs as written and passes for a built-in strategy, and the
 * same test catches a strategy that peeks at the next bar. A session recorded
 * with TDX_RECORD while the service ran a backtest replays into the same
 * strategy's run with the same result, offline (the capture alone answers).
 */
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { strategies } from "tdx-forge/backtest";
import { replayStrategyRun } from "tdx-forge/testing";
import { REPO } from "../../support/cli.ts";
import { codeBlocks, runExample } from "../../support/readme.ts";
import { FakeClock, startTestServer } from "../../support/server.ts";
import { runTask } from "../../http/task-polling.ts";

const [example] = codeBlocks(readFileSync(join(REPO, "README.md"), "utf8"), "Plugin harness", "ts");
const PLUGIN_LINE = /^const plugin = .*$/m;

test("the README's plugin property test runs as written", async () => {
  assert.ok(example && PLUGIN_LINE.test(example), "the section has the example with its plugin line");
  assert.ok(example.trim().split("\n").length <= 16, "about a dozen lines");
  const r = await runExample("plugin.test.mts", example);
  assert.equal(r.code, 0, r.stdout + r.stderr);
  assert.match(r.stdout, /# pass 1\n/, "one passing test");
});

test("the same test catches a strategy that reads the next bar", async () => {
  const cheat = `const plugin = { ...strategies[0]!, id: "peeks", signals: (s: { length: number; close: Float64Array }) => {
  const entries = new Uint8Array(s.length);
  for (let i = 0; i + 1 < s.length; i++) entries[i] = s.close[i + 1]! > s.close[i]! ? 1 : 0;
  return { entries, exits: new Uint8Array(s.length) };
} };`;
  const r = await runExample("peeks.test.mts", example!.replace(PLUGIN_LINE, cheat));
  assert.notEqual(r.code, 0, "the property fails");
  assert.match(r.stdout, /# fail 1\n/, "one failing test");
});

test("a recorded backtest session replays into the same strategy run", async () => {
  const dir = mkdtempSync(join(tmpdir(), "tdx-forge-harness-"));
  const clock = new FakeClock(Date.UTC(2026, 10, 20, 6, 0));
  try {
    const request = { strategy: "ma_cross", symbol: "SZ:000001", category: "DAY", count: 200, adjust: "QFQ", params: { fast: 5, slow: 20 } };
    const live = await startTestServer({ clock, env: { TDX_RECORD: dir } });
    let recorded: any;
    try {
      recorded = await runTask(live.url, "/api/v1/backtest/run/async", request);
    } finally {
      await live.dispose();
    }
    assert.equal(recorded.status, "done", recorded.error);
    const plugin = strategies.find((s) => s.id === "ma_cross")!;
    const replayed = await replayStrategyRun(dir, plugin, { symbol: "SZ:000001", category: "DAY", count: 200, adjust: "QFQ", params: { fast: 5, slow: 20 }, now: clock.now() });
    assert.equal(replayed.bars.length, 200, "the recorded bars");
    assert.ok(recorded.result.trades.length > 0, "a run with trades");
    assert.deepEqual(JSON.parse(JSON.stringify(replayed.result)), recorded.result, "the service's answer, offline");

    await assert.rejects(replayStrategyRun(dir, plugin, { symbol: "SH:600519", count: 200, now: clock.now() }), /no recorded reply/, "a request the capture lacks is refused, named");
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
