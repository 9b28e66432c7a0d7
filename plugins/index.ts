import type { Plugin, PluginRegistry } from "../ports/plugins.ts";
import { dataSources } from "./datasources/index.ts";
import { indicators } from "./indicators/index.ts";
import { strategies } from "./strategies/index.ts";
import { createRegistry } from "./registry.ts";

/**
 * The static list of plugins loaded at start-up (no filesystem scanning, so Node
 * and Deno load the same set). Adding a plugin is one import and one entry here.
 */
export const plugins: readonly Plugin[] = [...indicators, ...dataSources, ...strategies];

export function loadPlugins(): PluginRegistry {
  return createRegistry(plugins);
}
