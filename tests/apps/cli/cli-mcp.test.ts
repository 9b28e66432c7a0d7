/**
 * `tdx-forge mcp` driven by the MCP SDK's own client over stdio: the tools and
 * their input schemas (the routes' request schemas: limits as adapters/http/README.md
 * states them), calls answered with the routes' data, refused arguments as the
 * route's 422 in one line, a backtest run as a task; and against a running
 * service with a password, the calls are gated by it. The in-process server
 * is started by the README's own "MCP" command line, run by the shell (npm
 * pointed at a dead registry: `npx` must use the clone's bin).
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { BIN, offlineNpm, REPO, shBlocks } from "../../support/cli.ts";
import { call, startTestServer, type TestServer } from "../../support/server.ts";

async function connect(args: string[], env: Record<string, string> = {}): Promise<Client> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [BIN, "mcp", ...args],
    env: { ...(process.env as Record<string, string>), LOG_LEVEL: "error", ...env },
    stderr: "ignore",
  });
  const client = new Client({ name: "tdx-forge-test", version: "1.0.0" });
  await client.connect(transport);
  return client;
}

const text = (r: unknown) => (r as { content: { text: string }[] }).content[0]!.text;

describe("tdx-forge mcp", () => {
  let client: Client;
  const npmDir = mkdtempSync(join(tmpdir(), "tdx-forge-mcp-"));
  before(async () => {
    const [line] = shBlocks(readFileSync(join(REPO, "README.md"), "utf8"), "MCP")[0]!.split("\n");
    assert.equal(line, "npx tdx-forge -- mcp", "the README's command");
    client = new Client({ name: "tdx-forge-test", version: "1.0.0" });
    await client.connect(new StdioClientTransport({ command: "sh", args: ["-c", line!], cwd: REPO, env: offlineNpm(npmDir), stderr: "ignore" }));
  });
  after(async () => {
    await client?.close();
    rmSync(npmDir, { recursive: true, force: true });
  });

  test("lists the tools with the routes' request schemas", async () => {
    const { tools } = await client.listTools();
    const names = tools.map((t) => t.name);
    for (const n of ["get_quotes", "get_bars", "list_indicators", "compute_indicators", "validate_formula", "compute_formula", "analyze_chan", "backtest", "screen"]) {
      assert.ok(names.includes(n), `tool ${n}`);
    }
    const bars = tools.find((t) => t.name === "get_bars")!.inputSchema as any;
    assert.deepEqual(bars.properties.market.enum, ["SZ", "SH", "BJ"], "markets");
    assert.equal(bars.properties.count.maximum, 800, "at most 800 bars a call (market-api.md)");
    assert.deepEqual(new Set(bars.required), new Set(["market", "code"]), "market and code required");
    const quotes = tools.find((t) => t.name === "get_quotes")!.inputSchema as any;
    assert.equal(quotes.properties.stocks.type, "array", "quotes take a stocks array (refs inlined)");
    assert.equal(quotes.properties.stocks.items.properties.code.minLength, 6, "six-digit codes");
  });

  test("calls answer with the routes' data; a refused argument is the route's 422", async () => {
    const bars = JSON.parse(text(await client.callTool({ name: "get_bars", arguments: { market: "SZ", code: "000001", count: 3 } })));
    assert.equal(bars.count, 3, "three bars");
    assert.deepEqual(bars.columns.slice(0, 5), ["date", "open", "close", "high", "low"], "bar columns");
    const bad = await client.callTool({ name: "get_bars", arguments: { market: "SZ", code: "000001", count: 900 } });
    assert.equal(bad.isError, true, "an error result");
    assert.equal(text(bad), "HTTP 422: query.count: Input should be less than or equal to 800");
    const v = JSON.parse(text(await client.callTool({ name: "validate_formula", arguments: { text: "X:REF(C,-1);" } })));
    assert.deepEqual(v.future_functions, ["REF"], "the formula check");
    const chan = JSON.parse(text(await client.callTool({ name: "analyze_chan", arguments: { market: "SZ", code: "000001", count: 300 } })));
    assert.equal(chan.bi_count, chan.bis.length, "chan structure");
    const bt = JSON.parse(text(await client.callTool({ name: "backtest", arguments: { strategy: "ma_cross", symbol: "SZ:000001", count: 120 } })));
    assert.equal(bt.performance.start_cash, 1_000_000, "the backtest's performance");
    assert.ok(Array.isArray(bt.trades), "and its trades");
  });
});

describe("tdx-forge mcp --server", () => {
  let s: TestServer;
  before(async () => {
    s = await startTestServer();
    assert.equal((await call(s.url, "POST", "/api/auth/setup", { json: { password: "mcp-secret" } })).status, 200);
  });
  after(() => s?.dispose());

  test("tool calls are gated by the service's password", async () => {
    const good = await connect(["--server", s.url], { TDX_FORGE_PASSWORD: "mcp-secret" });
    try {
      const q = JSON.parse(text(await good.callTool({ name: "get_quotes", arguments: { stocks: [{ market: "SZ", code: "000001" }] } })));
      assert.equal(q.data[0].code, "000001", "a quote through the service");
    } finally {
      await good.close();
    }
    const none = await connect(["--server", s.url], { TDX_FORGE_PASSWORD: "" });
    try {
      const r = await none.callTool({ name: "get_bars", arguments: { market: "SZ", code: "000001" } });
      assert.equal(r.isError, true, "refused without the password");
      assert.match(text(r), /^HTTP 401: .*TDX_FORGE_PASSWORD/);
    } finally {
      await none.close();
    }
  });
});
