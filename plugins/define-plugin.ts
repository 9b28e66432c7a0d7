/**
 * `definePlugin`: the typed front door for a plugin file, built-in or a user's own
 * in `PLUGINS_DIR` (README "Plugins"). It returns the descriptor unchanged after
 * checking the shape a registry relies on, so a broken plugin fails at start-up
 * with its id and the reason rather than at its first use.
 *
 * ```ts
 * import { definePlugin, z } from "/path/to/tdx-forge/plugins/define-plugin.ts";
 * export default definePlugin({ kind: "strategy", id: "close_above_open", title: "…", description: "…",
 *   params: z.object({}), defaultGrid: {}, signals: (s) => ({ entries: …, exits: … }) });
 * ```
 * `z` is re-exported so that a plugin file outside the repository needs no install of its own.
 */
import type { Plugin } from "../ports/plugins.ts";

export { z } from "zod";

const KINDS = new Set(["indicator", "strategy", "datasource"]);

/** Why `value` is not a usable plugin descriptor, or undefined when it is one. */
export function pluginProblem(value: unknown): string | undefined {
  if (typeof value !== "object" || value === null) return "not an object";
  const p = value as Record<string, unknown>;
  if (!KINDS.has(p.kind as string)) return `kind must be "indicator", "strategy" or "datasource" (got ${JSON.stringify(p.kind)})`;
  if (typeof p.id !== "string" || !/^[A-Za-z0-9_.-]{1,64}$/.test(p.id)) return "id must be 1–64 letters, digits, '_', '.' or '-'";
  if (typeof p.title !== "string") return `${p.id}: title must be a string`;
  if (p.order !== undefined && !Number.isFinite(p.order)) return `${p.id}: order must be a finite number`;
  if (p.kind === "strategy") {
    const params = p.params as { safeParse?: unknown } | undefined;
    if (typeof params?.safeParse !== "function") return `${p.id}: params must be a zod schema`;
    if (typeof p.signals !== "function") return `${p.id}: signals must be a function`;
    if (typeof p.defaultGrid !== "object" || p.defaultGrid === null) return `${p.id}: defaultGrid must be an object`;
    if (typeof p.description !== "string") return `${p.id}: description must be a string`;
  }
  if (p.kind === "indicator") {
    if (!Array.isArray(p.params)) return `${p.id}: params must be an array`;
    if (!Array.isArray(p.outputs) || p.outputs.length === 0) return `${p.id}: outputs must name at least one column`;
    if (typeof p.compute !== "function") return `${p.id}: compute must be a function`;
  }
  if (p.kind === "datasource" && typeof p.create !== "function") return `${p.id}: create must be a function`;
  return undefined;
}

/** Whether `value` looks like a plugin descriptor (a tagged object), usable or not. */
export function looksLikePlugin(value: unknown): boolean {
  return typeof value === "object" && value !== null && KINDS.has((value as { kind?: string }).kind ?? "");
}

/** Checks and returns a plugin descriptor, typed as given. */
export function definePlugin<P extends Plugin>(plugin: P): P {
  const problem = pluginProblem(plugin);
  if (problem) throw new TypeError(`invalid plugin: ${problem}`);
  return plugin;
}
