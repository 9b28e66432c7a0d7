/**
 * The context a worker thread hands its job modules: the plugin registry, built
 * from the same plugin folders as the composition root's (apps/server/compose.ts).
 */
import { loadPlugins } from "../../plugins/index.ts";
import type { PluginRegistry } from "../../ports/plugins.ts";

export interface JobContextInput {
  readonly pluginsDir?: string;
}

export async function createJobContext(input: JobContextInput): Promise<{ registry: PluginRegistry }> {
  return { registry: await loadPlugins(input) };
}
