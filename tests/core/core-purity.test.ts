import assert from "node:assert/strict";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const CORE = join(ROOT, "core");

function tsFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? tsFiles(p) : p.endsWith(".ts") ? [p] : [];
  });
}

const SPECIFIER = /(?:^|[\s;])(?:import|export)\b[^'"]*?from\s*['"]([^'"]+)['"]|\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)|^\s*import\s+['"]([^'"]+)['"]/gm;

/** Every import specifier a file names, static or dynamic. */
export function importsOf(source: string): string[] {
  return [...source.matchAll(SPECIFIER)].map((m) => m[1] ?? m[2] ?? m[3]);
}

test("import scanner sees static, re-export, side-effect and dynamic imports", () => {
  const src = `import a from "node:fs";\nexport { b } from "./b.ts";\nimport "zod";\nconst c = await import("../x.ts");\nimport type { T } from "kysely";`;
  assert.deepEqual(importsOf(src), ["node:fs", "./b.ts", "zod", "../x.ts", "kysely"]);
});

test("core/ imports nothing outside core/: no node:, no npm packages, no paths that leave core", () => {
  const offenders: string[] = [];
  for (const file of tsFiles(CORE)) {
    for (const spec of importsOf(readFileSync(file, "utf8"))) {
      const rel = relative(ROOT, file);
      if (!spec.startsWith(".")) {
        offenders.push(`${rel}: imports "${spec}"`);
        continue;
      }
      const target = resolve(dirname(file), spec);
      if (!(target + sep).startsWith(CORE + sep)) offenders.push(`${rel}: "${spec}" leaves core/`);
    }
  }
  assert.deepEqual(offenders, []);
});

test("core/ reads no environment, wall clock or randomness directly", () => {
  const offenders = tsFiles(CORE)
    .filter((f) => /process\.env|Date\.now\(|Math\.random\(|new Date\(\)/.test(readFileSync(f, "utf8")))
    .map((f) => relative(ROOT, f));
  assert.deepEqual(offenders, []);
});
