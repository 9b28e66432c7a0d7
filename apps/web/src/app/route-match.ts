/** Matching an address against route patterns such as `/symbol/:symbol?` (a trailing `?` marks an optional parameter). */

export interface RoutePattern {
  readonly path: string;
}

export function matchPath<R extends RoutePattern>(defs: readonly R[], path: string): { def: R; params: Record<string, string> } | null {
  let parts: string[];
  try {
    parts = path.split("/").filter(Boolean).map(decodeURIComponent);
  } catch {
    return null;
  }
  for (const def of defs) {
    const pattern = def.path.split("/").filter(Boolean);
    const params: Record<string, string> = {};
    let ok = parts.length <= pattern.length;
    for (let i = 0; ok && i < pattern.length; i++) {
      const p = pattern[i]!;
      const part = parts[i];
      if (p.startsWith(":")) {
        const optional = p.endsWith("?");
        const key = p.slice(1, optional ? -1 : undefined);
        if (part === undefined) ok = optional;
        else params[key] = part;
      } else ok = part === p;
    }
    if (ok) return { def, params };
  }
  return null;
}
