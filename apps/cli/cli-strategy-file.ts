/**
 * `backtest --strategy-file my.mts`: a user's strategy module joins the
 * in-process service exactly as a `PLUGINS_DIR` module does (README "Plugins"):
 * the file (and the modules of PLUGINS_DIR, when set) are linked into a
 * private plugin folder that the service loads with the same discovery and
 * `definePlugin` checks, on the request thread and on the worker threads alike.
 * The module must export at least one strategy; with several, `--strategy`
 * names the one to run. Node loads a `.ts` file as an ES module only beside a
 * package.json with `"type": "module"`: name it `.mts` otherwise.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join, resolve } from "node:path";
import { discoverPlugins, PluginLoadError } from "../../plugins/discover.ts";
import { UsageError } from "./cli-args.ts";
import type { Env } from "./cli-context.ts";

export interface StrategyFolder {
  /** The plugin folder to run the service with (its PLUGINS_DIR). */
  readonly dir: string;
  /** Ids of the strategies the file exports. */
  readonly ids: readonly string[];
  remove(): void;
}

function linkInto(folder: string, path: string): void {
  mkdirSync(folder, { recursive: true });
  symlinkSync(path, join(folder, basename(path)));
}

export async function strategyFolder(file: string, env: Env): Promise<StrategyFolder> {
  const path = resolve(file);
  if (!existsSync(path) || !statSync(path).isFile()) throw new UsageError(`--strategy-file: no file ${file}`);
  const root = mkdtempSync(join(tmpdir(), "tdx-forge-strategy-"));
  const remove = () => rmSync(root, { recursive: true, force: true });
  try {
    // The file alone first: it loads, and these are its strategies.
    const own = join(root, "own");
    linkInto(own, path);
    const found = await discoverPlugins(own, { requireOne: true }).catch((e: unknown) => {
      throw e instanceof PluginLoadError ? new Error(e.message.replace(join(own, basename(path)), file)) : e;
    });
    const ids = found.filter((p) => p.kind === "strategy").map((p) => p.id);
    if (ids.length === 0) throw new UsageError(`--strategy-file ${file}: exports no strategy (only ${found.map((p) => `${p.kind} ${p.id}`).join(", ")})`);
    // Then the service's folder: the file beside the modules of PLUGINS_DIR.
    const dir = join(root, "plugins");
    linkInto(dir, path);
    const shared = env.PLUGINS_DIR ? resolve(env.PLUGINS_DIR) : undefined;
    if (shared) for (const name of readdirSync(shared)) if (name !== basename(path)) symlinkSync(join(shared, name), join(dir, name));
    return { dir, ids, remove };
  } catch (e) {
    remove();
    throw e;
  }
}
