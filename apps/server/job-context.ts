/**
 * The context a worker thread hands its job modules: the plugin registry, built
 * from the same plugin folders as the composition root's (apps/server/compose.ts),
 * and the market store's panel loader (one panel kept per thread).
 */
import { storePanel } from "../../adapters/store/store-panel.ts";
import { loadPlugins } from "../../plugins/index.ts";
import type { LoadPanel } from "../../ports/market-panel.ts";
import type { PluginRegistry } from "../../ports/plugins.ts";

export interface JobContextInput {
  readonly pluginsDir?: string;
}

export async function createJobContext(input: JobContextInput): Promise<{ registry: PluginRegistry; loadPanel: LoadPanel }> {
  return { registry: await loadPlugins(input), loadPanel: storePanel };
}
