/**
 * Kysely's values load only through adapters/sqlite/kysely-runtime.ts (its
 * CommonJS build: the ES build is 262 modules, each a round trip to tsx's
 * hooks thread at start-up). A value imported from "kysely" anywhere else in
 * the service's code would load the ES build beside it; type imports load
 * nothing.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import { tsFiles } from "../support/imports.ts";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const DOOR = "adapters/sqlite/kysely-runtime.ts";
const FOLDERS = ["core", "ports", "adapters", "plugins", "apps"];

const STATIC = /(?:^|[\s;])(import|export)\s+(type\s+)?([^'";]*?)\s*from\s*['"]kysely['"]/g;
const DYNAMIC = /\bimport\s*\(\s*['"]kysely['"]\s*\)/;

/** The statements of `source` that load a value of the "kysely" package. */
export function kyselyValueImports(source: string): string[] {
  const found = [...source.matchAll(STATIC)].filter(([, , typeOnly, clause]) => {
    if (typeOnly) return false;
    const braces = /^\{([^}]*)\}$/.exec(clause!.trim());
    // a default or namespace import, or a brace list with any name not marked `type`
    return !braces || braces[1]!.split(",").some((name) => name.trim() !== "" && !/^type\s/.test(name.trim()));
  });
  return [...found.map((m) => m[0].trim()), ...(DYNAMIC.test(source) ? ['import("kysely")'] : [])];
}

test("the check itself: value imports are found, type-only ones pass", () => {
  assert.deepEqual(kyselyValueImports('import { sql } from "kysely";'), ['import { sql } from "kysely"']);
  assert.deepEqual(kyselyValueImports('import { type Kysely, sql } from "kysely";').length, 1);
  assert.deepEqual(kyselyValueImports('import * as k from "kysely";').length, 1);
  assert.deepEqual(kyselyValueImports('const k = await import("kysely");'), ['import("kysely")']);
  assert.deepEqual(kyselyValueImports('import type { Kysely } from "kysely";\nimport { type Migration, type Generated } from "kysely";'), []);
});

test("no code but the runtime door loads a value from kysely", () => {
  const offenders = FOLDERS.flatMap((f) => tsFiles(join(ROOT, f)))
    .map((file) => [relative(ROOT, file).split("\\").join("/"), kyselyValueImports(readFileSync(file, "utf8"))] as const)
    .filter(([path, found]) => path !== DOOR && found.length > 0);
  assert.deepEqual(offenders, [], "import kysely's values from adapters/sqlite/kysely-runtime.ts");
});
