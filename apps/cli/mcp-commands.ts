/**
 * `tdx-forge mcp`: a Model Context Protocol server on stdio (the official
 * TypeScript SDK) whose tools are the routes of mcp-tools.ts, served in-process
 * on the configured quote source or, with `--server URL`, by a running service
 * (which needs its password in TDX_FORGE_PASSWORD, as every CLI request does).
 * It answers until the client closes its stdin.
 */
import process from "node:process";
import { VERSION } from "../server/version.ts";
import type { CliIo, Command } from "./cli-command.ts";
import { callTool, inputSchema, TOOL_ROUTES } from "./mcp-tools.ts";

/** Tool calls report nothing on stderr: the client owns the conversation. */
const quiet: CliIo = { note: () => {}, progress: () => {} };

export const mcpCommands: readonly Command[] = [
  {
    name: "mcp",
    summary: "Serve the market data and analyses to an AI agent as MCP tools over stdio (quotes, bars, indicators, formulas, chan, backtest, screen).",
    args: [],
    options: [],
    examples: ["mcp", "mcp --server http://127.0.0.1:8000"],
    async run(ctx) {
      // The SDK loads only for this command.
      const { Server } = await import("@modelcontextprotocol/sdk/server/index.js");
      const { StdioServerTransport } = await import("@modelcontextprotocol/sdk/server/stdio.js");
      const { CallToolRequestSchema, ListToolsRequestSchema } = await import("@modelcontextprotocol/sdk/types.js");
      const api = await ctx.api();
      const doc = await api.openApiDocument();
      const tools = TOOL_ROUTES.map((r) => ({ name: r.name, description: r.description, inputSchema: inputSchema(doc, r) }));
      const server = new Server({ name: "tdx-forge", version: VERSION }, { capabilities: { tools: {} } });
      server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools }));
      server.setRequestHandler(CallToolRequestSchema, async (req) => {
        const route = TOOL_ROUTES.find((r) => r.name === req.params.name);
        try {
          if (!route) throw new Error(`unknown tool ${req.params.name}`);
          const result = await callTool(api, route, req.params.arguments ?? {}, quiet);
          return { content: [{ type: "text", text: JSON.stringify(result) }] };
        } catch (e) {
          return { isError: true, content: [{ type: "text", text: e instanceof Error ? e.message : String(e) }] };
        }
      });
      const transport = new StdioServerTransport();
      const closed = new Promise<void>((resolve) => {
        transport.onclose = resolve;
        process.stdin.once("end", resolve);
      });
      await server.connect(transport);
      await closed;
      await server.close();
      return { kind: "none" };
    },
  },
];
