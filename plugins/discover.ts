/**
 * Plugins are found, not listed: every module of a folder is imported and each of
 * its exports that is a plugin descriptor (an object tagged with `kind`) joins the
 * registry, so adding a built-in is one file (plus its test) and a user adds their
 * own by dropping a file into `PLUGINS_DIR`. Works the same under Node (tsx) and
 * Deno: a directory read and dynamic `import()`s, nothing generated.
 *
 * A module that fails to import, or that exports a malformed descriptor, stops
 * start-up with the file's name and the reason: a strategy a user relies on must
 * not silently go missing. Helper modules that export no descriptor are fine among
 * the built-ins; in `PLUGINS_DIR` a file that exports none is an error too.
 */
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { Plugin } from "../ports/plugins.ts";
import { looksLikePlugin, pluginProblem } from "./define-plugin.ts";

const MODULE = /\.(ts|mts|js|mjs)$/;
const SKIP = /(^index\.ts$|\.test\.|\.d\.ts$)/;

/** A plugin module that cannot be used, named by file. */
export class PluginLoadError extends Error {
  constructor(
    readonly file: string,
    reason: string,
  ) {
    super(`plugin ${file}: ${reason}`);
    this.name = "PluginLoadError";
  }
}

/** Every plugin exported by the modules of `dir` (file names sorted), checked. */
export async function discoverPlugins(dir: string, opts: { requireOne?: boolean } = {}): Promise<Plugin[]> {
  const files = readdirSync(dir, { withFileTypes: true })
    // A link to a module counts as the module (a plugin folder may link files kept elsewhere).
    .filter((d) => (d.isFile() || (d.isSymbolicLink() && statSync(join(dir, d.name)).isFile())) && MODULE.test(d.name) && !SKIP.test(d.name))
    .map((d) => d.name)
    .sort();
  const found: Plugin[] = [];
  for (const name of files) {
    const path = join(dir, name);
    let mod: Record<string, unknown>;
    try {
      mod = (await import(pathToFileURL(path).href)) as Record<string, unknown>;
    } catch (e) {
      const why = e instanceof Error ? e.message : String(e);
      // Node treats a .ts file as CommonJS without a `"type": "module"` package.json beside it.
      const hint = /require\(\)|ES Module/.test(why) ? ' (name it .mts, or put a package.json with "type": "module" in the folder)' : "";
      throw new PluginLoadError(path, `does not load: ${why}${hint}`);
    }
    const mine = [...new Set(Object.values(mod).filter(looksLikePlugin))];
    for (const p of mine) {
      const problem = pluginProblem(p);
      if (problem) throw new PluginLoadError(path, problem);
    }
    if (opts.requireOne && mine.length === 0) throw new PluginLoadError(path, "exports no plugin (export one made with definePlugin)");
    found.push(...(mine as Plugin[]));
  }
  return found;
}

/** Listing order: `order` first (absent last), then id. */
export function byListingOrder(a: Plugin, b: Plugin): number {
  const oa = ("order" in a ? a.order : undefined) ?? Infinity;
  const ob = ("order" in b ? b.order : undefined) ?? Infinity;
  return oa !== ob ? oa - ob : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}
