/**
 * The CLI's own commands: `version` (this build, and the service's with
 * --server) and `serve` (the service itself, as `npm start` runs it: the web
 * bundle rebuilt when stale, then the server, with --host/--port over HOST/PORT).
 */
import { loadConfig } from "../server/config.ts";
import { runUntilSignal } from "../server/run-until-signal.ts";
import { VERSION } from "../server/version.ts";
import { type Command, num, str } from "./cli-command.ts";
import { recordOf } from "./cli-output.ts";

export const adminCommands: readonly Command[] = [
  {
    name: "version",
    summary: "Version of this tdx-forge (and of the service with --server).",
    args: [],
    options: [],
    examples: ["version"],
    async run(ctx) {
      if (!ctx.server) return recordOf({ name: "tdx-forge", version: VERSION });
      const health = (await (await ctx.api()).get("/health")) as { version: string };
      return recordOf({ name: "tdx-forge", version: VERSION, server: ctx.server, server_version: health.version });
    },
  },
  {
    name: "serve",
    summary: "Start the service (API, WebSocket and web app) as `npm start` does; settings from the environment (README, Configuration).",
    args: [],
    options: [
      { name: "host", type: "string", help: "interface to listen on (default: HOST, else 127.0.0.1)" },
      { name: "port", type: "integer", help: "TCP port (default: PORT, else 8000)" },
      { name: "no-build", type: "boolean", default: false, help: "do not rebuild a stale web bundle first" },
    ],
    examples: ["serve --port 8000"],
    async run(ctx, { opts }, io) {
      if (opts["no-build"] !== true) {
        const { ensureBundle, WEB_DIST } = await import("../web/build/ensure-bundle.ts");
        if (await ensureBundle(false)) io.note(`web bundle built → ${WEB_DIST}`);
      }
      const host = str(opts, "host");
      const port = num(opts, "port");
      const env = { ...ctx.env, ...(host ? { HOST: host } : {}), ...(port !== undefined ? { PORT: String(port) } : {}) };
      const { startServer } = await import("../server/compose.ts");
      await runUntilSignal(() => startServer(loadConfig(env)));
      // Serves until SIGINT/SIGTERM, which exit the process.
      await new Promise(() => {});
      return { kind: "none" };
    },
  },
];
