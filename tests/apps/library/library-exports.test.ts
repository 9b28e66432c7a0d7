/**
 * Every package subpath resolves through the package's own name (Node's
 * self-reference through package.json "exports", under tsx) and offers the
 * front door it promises; each subpath file is a front door of apps/library
 * or apps/client.
 */
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { REPO } from "../../support/cli.ts";

const pkg = JSON.parse(readFileSync(join(REPO, "package.json"), "utf8")) as { name: string; exports: Record<string, string> };

const PROMISED: Record<string, readonly string[]> = {
  "./client": ["createServiceClient", "unwrap", "ServiceError"],
  "./bars": ["allocSeries", "sliceSeries", "concatSeries", "BAR_CATEGORIES", "adjustBars"],
  "./tdx": ["TdxClient", "TdxPool", "DEFAULT_TDX_HOSTS", "parseHostList", "ReplayTransport"],
  "./vipdoc": ["readDayFile", "decodeDayFile", "readMinuteFile", "indexBreadth", "VipdocQuoteSource"],
  "./indicators": ["indicators", "computeIndicator"],
  "./formula": ["compileFormula", "evaluatePlan", "validateFormula", "compileSignalFormula", "formulaSignals"],
  "./chan": ["analyzeChan", "ChanStream", "ChanWorkspace", "chanToJson", "DEFAULT_CHAN_CONFIG"],
  "./backtest": ["backtest", "backtestPortfolio", "validateBacktestConfig", "DEFAULT_CONFIG", "strategies", "definePlugin"],
  "./testing": ["barSeries", "listedSecurity", "replayStrategyRun"],
};

test("package.json exports the promised subpaths, each a file of the repository", () => {
  assert.equal(pkg.name, "tdx-forge");
  const subpaths = Object.keys(pkg.exports).filter((k) => k !== "./package.json");
  assert.deepEqual(subpaths.sort(), Object.keys(PROMISED).sort());
  for (const target of Object.values(pkg.exports)) assert.ok(existsSync(join(REPO, target)), `${target} exists`);
});

for (const [sub, names] of Object.entries(PROMISED)) {
  test(`tdx-forge${sub.slice(1)} resolves by the package name and exports ${names.join(", ")}`, async () => {
    const mod = (await import(`tdx-forge${sub.slice(1)}`)) as Record<string, unknown>;
    for (const n of names) assert.ok(mod[n] !== undefined, `${n} is exported`);
  });
}
