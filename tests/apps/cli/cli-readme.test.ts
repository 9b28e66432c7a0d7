/**
 * The README's "Command line" examples, run as written: the first block by the
 * shell in the clone (with npm pointed at a dead registry and an empty cache,
 * so `npx` must find the clone's own bin and reach no registry), the second
 * block's `tdx-forge ...` lines through `tdx-forge batch` (one process) in an
 * empty directory (where `--download-dir ./pdfs` lands). The "MCP" block is run
 * by cli-mcp.test.ts.
 */
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, test } from "node:test";
import { batchSections, offlineNpm, REPO, runCli, shBlocks } from "../../support/cli.ts";

const blocks = shBlocks(readFileSync(join(REPO, "README.md"), "utf8"), "Command line");

describe("README: Command line", () => {
  const dir = mkdtempSync(join(tmpdir(), "tdx-forge-readme-"));
  after(() => rmSync(dir, { recursive: true, force: true }));

  test("the npx and npm run examples work in the clone without a registry", async () => {
    const script = blocks[0]!;
    assert.match(script, /^npx tdx-forge -- /m, "the npx form");
    const env = offlineNpm(dir);
    const r = await new Promise<{ code: number; stdout: string; stderr: string }>((resolve) =>
      execFile("sh", ["-ec", script], { cwd: REPO, env, maxBuffer: 16 << 20 }, (err, stdout, stderr) => resolve({ code: err ? 1 : 0, stdout, stderr })),
    );
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /^date +open +close/m, "the kline table");
    assert.match(r.stdout, /^SZ,000001,/m, "the CSV quote of SZ 000001");
    assert.match(r.stdout, /^SH,600519,/m, "and of SH 600519");
  });

  test("the tdx-forge examples run as written", async () => {
    const lines = blocks[1]!.split("\n").filter((l) => l.trim());
    assert.ok(lines.length >= 8 && lines.every((l) => l.startsWith("tdx-forge ")), "a block of tdx-forge command lines");
    const r = await runCli(["batch", "--echo"], { input: blocks[1]!, cwd: dir });
    assert.equal(r.code, 0, r.stderr);
    const out = batchSections(r.stdout);
    for (const l of lines) assert.ok((out.get(l.slice("tdx-forge ".length)) ?? "").trim() !== "", `${l} printed something`);
    assert.equal(readdirSync(join(dir, "pdfs")).length, 2, "two PDFs downloaded to ./pdfs");
  });
});
