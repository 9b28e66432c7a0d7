import type { Plugin, PluginRegistry } from "../ports/plugins.ts";

/** Builds the registry; a duplicate id within a kind is a start-up error. */
export function createRegistry(plugins: readonly Plugin[]): PluginRegistry {
  const indicators = new Map();
  const strategies = new Map();
  const dataSources = new Map();
  const byKind = { indicator: indicators, strategy: strategies, datasource: dataSources };
  for (const p of plugins) {
    const map: Map<string, Plugin> = byKind[p.kind];
    if (map.has(p.id)) throw new Error(`duplicate ${p.kind} plugin id "${p.id}"`);
    map.set(p.id, p);
  }
  return { indicators, strategies, dataSources };
}
