/**
 * The hexagon's folder rules (README.md "Layout") that hold today, by test:
 * ports depend on core types (and type-only npm imports) alone; adapters and plugins
 * never reach into the composition roots; the quote-source mode is decided in one
 * place, the profiles. (core/ purity has its own test in tests/core.)
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import { importsOf, tsFiles } from "../support/imports.ts";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const folder = (name: string) => join(ROOT, name);

/** Relative imports of the files under `from` that land in one of `forbidden`. */
function crossings(from: string, forbidden: readonly string[]): string[] {
  const out: string[] = [];
  for (const file of tsFiles(folder(from))) {
    for (const spec of importsOf(readFileSync(file, "utf8"))) {
      if (!spec.startsWith(".")) continue;
      const target = resolve(dirname(file), spec);
      const hit = forbidden.find((f) => (target + sep).startsWith(folder(f) + sep));
      if (hit) out.push(`${relative(ROOT, file)} → ${relative(ROOT, target)}`);
    }
  }
  return out;
}

test("ports/ import only core/ (and other ports)", () => {
  assert.deepEqual(crossings("ports", ["adapters", "apps", "plugins"]), []);
  const runtime = tsFiles(folder("ports")).flatMap((f) =>
    [...readFileSync(f, "utf8").matchAll(/^import\s+(?!type\b)[^'"]*from\s*['"]([^.'"][^'"]*)['"]/gm)].map((m) => `${relative(ROOT, f)}: ${m[1]}`),
  );
  assert.deepEqual(runtime, [], "ports take npm packages as types only");
});

test("adapters/ and plugins/ never import the composition roots (apps/)", () => {
  assert.deepEqual(crossings("adapters", ["apps"]), []);
  // Data-source plugins wrap provider adapters, so plugins may import adapters, never apps.
  assert.deepEqual(crossings("plugins", ["apps"]), []);
});

test("the quote-source mode is read only by the configuration and the profiles", () => {
  const readers = tsFiles(ROOT)
    .filter((f) => !f.includes(`${sep}node_modules${sep}`) && !f.includes(`${sep}tests${sep}`) && !f.includes(`${sep}bench${sep}`))
    .filter((f) => /QUOTE_SOURCE\s*===|QUOTE_SOURCE\s*!==/.test(readFileSync(f, "utf8")))
    .map((f) => relative(ROOT, f));
  assert.deepEqual(readers, ["apps/server/config.ts"], "mode branches outside apps/server/config.ts");
});
