/** Source files and the import specifiers they name, for the folder-rule tests. */
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { defined } from "./defined.ts";

/** Every .ts file under `dir`. */
export function tsFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? tsFiles(p) : p.endsWith(".ts") ? [p] : [];
  });
}

const SPECIFIER = /(?:^|[\s;])(?:import|export)\b[^'"]*?from\s*['"]([^'"]+)['"]|\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)|^\s*import\s+['"]([^'"]+)['"]/gm;

/** Every import specifier a file names, static or dynamic. */
export function importsOf(source: string): string[] {
  return [...source.matchAll(SPECIFIER)].map((m) => defined(m[1] ?? m[2] ?? m[3], `the specifier of ${m[0]}`));
}
