/**
 * The README's "Command line" examples, run as written: the first block by the
 * shell in the clone (with npm pointed at a dead registry and an empty cache,
 * so `npx` must find the clone's own bin and reach no registry), the second
 * block's `tdx-forge ...` lines through `tdx-forge batch` (one process) in an
 * empty directory (where `--download-dir ./pdfs` lands); the "MCP" block's
 * command started by the shell and driven by the MCP SDK's client.
 */
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, test } from "node:test";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { batchSections, REPO, runCli } from "../../support/cli.ts";

function shBlocks(markdown: string, heading: string): string[] {
  const start = markdown.indexOf(`\n## ${heading}\n`);
  assert.ok(start >= 0, `the README has a "${heading}" section`);
  const end = markdown.indexOf("\n## ", start + 1);
  const section = markdown.slice(start, end < 0 ? undefined : end);
  return [...section.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1]!);
}

const README = readFileSync(join(REPO, "README.md"), "utf8");
const blocks = shBlocks(README, "Command line");

/** npm with a dead registry and an empty cache: `npx` must find the clone's own bin. */
function offlineNpm(dir: string): Record<string, string> {
  return {
    ...(process.env as Record<string, string>),
    LOG_LEVEL: "error",
    npm_config_cache: join(dir, "npm-cache"),
    npm_config_registry: "http://127.0.0.1:9/",
    npm_config_update_notifier: "false",
    npm_config_audit: "false",
    npm_config_fund: "false",
  };
}

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

  test("MCP: the README's command serves the tools to the SDK's client", async () => {
    const [line] = shBlocks(README, "MCP")[0]!.split("\n");
    assert.equal(line, "npx tdx-forge -- mcp", "the documented command");
    const client = new Client({ name: "readme", version: "1.0.0" });
    await client.connect(new StdioClientTransport({ command: "sh", args: ["-c", line!], cwd: REPO, env: offlineNpm(dir), stderr: "ignore" }));
    try {
      const { tools } = await client.listTools();
      assert.ok(tools.some((t) => t.name === "get_bars"), "the bars tool");
      const r = await client.callTool({ name: "list_indicators", arguments: {} });
      assert.ok(JSON.parse((r.content as { text: string }[])[0]!.text).some((i: { name: string }) => i.name === "MACD"), "MACD listed");
    } finally {
      await client.close();
    }
  });
});
