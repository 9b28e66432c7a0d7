/**
 * The plugin registry: the built-ins (found in plugins/strategies, indicators and
 * datasources; adding one is one file) and a user's own from `PLUGINS_DIR`, loaded
 * at start-up the same way under Node and Deno. The composition root builds it
 * once; worker threads and BullMQ workers build the same one from the same
 * `PLUGINS_DIR` (apps/server/job-context.ts), since functions cannot cross threads.
 */
import type { Plugin, PluginRegistry, StrategyPlugin } from "../ports/plugins.ts";
import { dataSources } from "./datasources/index.ts";
import { byListingOrder, discoverPlugins } from "./discover.ts";
import { indicators } from "./indicators/index.ts";
import { combinationStrategy } from "./strategies/combination.ts";
import { strategies } from "./strategies/index.ts";
import { createRegistry } from "./registry.ts";

export const builtinPlugins: readonly Plugin[] = [...indicators, ...dataSources, ...strategies];

export interface PluginOptions {
  /** A directory of user plugin modules (each exporting at least one plugin). */
  readonly pluginsDir?: string;
}

/**
 * Built-ins plus the user's plugins, and the combination strategy over all of
 * their strategies (plugins/strategies/combination.ts); a broken user plugin or
 * a duplicate id (a user's own "combination" too) stops start-up.
 */
export async function loadPlugins(opts: PluginOptions = {}): Promise<PluginRegistry> {
  const user = opts.pluginsDir ? await discoverPlugins(opts.pluginsDir, { requireOne: true }) : [];
  const all = [...builtinPlugins, ...user];
  const combination = combinationStrategy(all.filter((p): p is StrategyPlugin<any> => p.kind === "strategy").sort(byListingOrder));
  return createRegistry([...all, combination].sort(byListingOrder));
}
