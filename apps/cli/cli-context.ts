/**
 * Where a command runs. In-process (the default) the CLI builds the service
 * exactly as `npm start` does, from the same environment settings (so
 * `QUOTE_SOURCE`, `SIM_SEED`, `EXTERNAL_DATA`... apply; the default is the
 * built-in simulator and demo providers on loopback, which never dial out), but
 * on a private temporary data directory removed at exit: a CLI run must not
 * take over the tasks of a service running on the real one. Logs go to stderr
 * at `warn` unless LOG_LEVEL says otherwise. With `--server URL` every request
 * goes to that service instead, logging in with TDX_FORGE_PASSWORD (or a
 * password typed on the terminal, see cli-password.ts) when asked.
 * The app is built on first use and shared by every command of one process.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pino from "pino";
import type { ServiceApp } from "../server/compose.ts";
import { type Config, loadConfig } from "../server/config.ts";
import { ServiceApi } from "./cli-api.ts";
import { passwordFor, type Terminal } from "./cli-password.ts";

export type Env = Record<string, string | undefined>;

const LOCAL_ORIGIN = "http://tdx-forge.local";

/** The service configuration of an in-process run: the environment's settings on a throwaway data directory. */
export function localConfig(env: Env, dataDir: string, extra: Env = {}): Config {
  return loadConfig({ LOG_LEVEL: "warn", ...env, ...extra, DATA_DIR: dataDir, HOST: "127.0.0.1", PORT: "0" });
}

export class CliContext {
  readonly #apis = new Map<string, Promise<{ api: ServiceApi; close(): Promise<void> }>>();
  readonly #cleanups: (() => void)[] = [];

  constructor(
    readonly env: Env,
    /** `--server URL`, or undefined for in-process. */
    readonly server: string | undefined,
    /** Where to ask for the password of a `--server` service when the environment has none. */
    private readonly terminal?: Terminal,
  ) {}

  /** The service: remote with `--server`, else in-process on the configured quote source. */
  api(): Promise<ServiceApi> {
    if (this.server) return this.#open("remote", async () => ({ api: new ServiceApi(fetch, this.server!, passwordFor(this.server!, this.env, this.terminal)), close: async () => {} }));
    return this.#local({});
  }

  /**
   * An in-process service whose plugins are the modules of `pluginsDir` (as
   * PLUGINS_DIR gives them), whatever `--server` says; `cleanup` runs when the
   * context closes, after the service.
   */
  pluginApi(pluginsDir: string, cleanup: () => void): Promise<ServiceApi> {
    this.#cleanups.push(cleanup);
    return this.#local({ PLUGINS_DIR: pluginsDir });
  }

  /** An in-process service on a local TDX directory (QUOTE_SOURCE=vipdoc), whatever `--server` says. */
  vipdocApi(dir: string): Promise<ServiceApi> {
    return this.#local({ QUOTE_SOURCE: "vipdoc", VIPDOC_DIR: dir });
  }

  #local(extra: Env): Promise<ServiceApi> {
    return this.#open(`local:${JSON.stringify(extra)}`, async () => {
      const dataDir = mkdtempSync(join(tmpdir(), "tdx-forge-cli-"));
      let service: ServiceApp;
      try {
        const config = localConfig(this.env, dataDir, extra);
        const log = pino({ level: config.LOG_LEVEL }, pino.destination(2));
        // Loaded on first use: `--help`, `version` and local-only commands start without the whole service.
        const { buildApp } = await import("../server/compose.ts");
        // No socket in-process: the caller is this machine's own process.
        service = await buildApp(config, { log, peerAddress: () => "127.0.0.1" });
      } catch (e) {
        rmSync(dataDir, { recursive: true, force: true });
        throw e;
      }
      return {
        api: new ServiceApi(async (req) => service.app.fetch(req), LOCAL_ORIGIN),
        async close() {
          await service.close();
          rmSync(dataDir, { recursive: true, force: true });
        },
      };
    });
  }

  async #open(key: string, make: () => Promise<{ api: ServiceApi; close(): Promise<void> }>): Promise<ServiceApi> {
    let entry = this.#apis.get(key);
    if (!entry) this.#apis.set(key, (entry = make()));
    return (await entry).api;
  }

  /** Stops every in-process service and removes its data directory. */
  async close(): Promise<void> {
    const entries = [...this.#apis.values()];
    this.#apis.clear();
    for (const e of entries) await (await e.catch(() => undefined))?.close();
    for (const c of this.#cleanups.splice(0)) c();
  }
}
