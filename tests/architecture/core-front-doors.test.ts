/**
 * One front door per core module (README.md "Layout"): code outside
 * `core/<module>/` imports the module only through its `index.ts` (the
 * formula kernels through theirs, `core/formula/kernels/index.ts`); a module's
 * own files import each other directly, never through their own door (which
 * would be an import cycle); tests may import any file. `core/app`, the
 * application layer, is outside code here, not a module with a door.
 */
import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, sep } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import { importsOf, tsFiles } from "../support/imports.ts";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
/** Doors inside a module, for a part used on its own; the longest match wins. */
const SUB_DOORS = ["core/formula/kernels"];
const OUTSIDE = ["core", "ports", "adapters", "plugins", "apps", "bench"];

const posix = (p: string) => p.split(sep).join("/");

/** The core modules (every folder of core/ but the application layer). */
function modules(): string[] {
  return tsFiles(join(ROOT, "core"))
    .map((f) => posix(relative(ROOT, f)).split("/")[1]!)
    .filter((m, i, all) => m !== "app" && !m.endsWith(".ts") && all.indexOf(m) === i)
    .map((m) => `core/${m}`);
}

/** The door a repository path belongs behind, if any. */
export function doorOf(path: string, doors: readonly string[]): string | undefined {
  return doors.filter((d) => path.startsWith(`${d}/`)).sort((a, b) => b.length - a.length)[0];
}

/** Imports of `file` (repository path) that pass a door by: `file → target`. */
export function sideEntries(file: string, specs: readonly string[], doors: readonly string[]): string[] {
  const own = doorOf(file, doors);
  return specs.flatMap((spec) => {
    if (!spec.startsWith(".")) return [];
    const target = posix(join(dirname(file), spec));
    const door = doorOf(target, doors);
    if (door === undefined) return [];
    // A module's own files (a sub-door's included) reach each other directly.
    if (own !== undefined && (own === door || own.startsWith(`${door}/`) || door.startsWith(`${own}/`))) {
      return target === `${own}/index.ts` ? [`${file} → ${target} (its own door)`] : [];
    }
    return target === `${door}/index.ts` ? [] : [`${file} → ${target}`];
  });
}

test("the checker tells a door from a side entry", () => {
  const doors = ["core/bars", "core/formula", "core/formula/kernels"];
  assert.deepEqual(sideEntries("adapters/x/a.ts", ["../../core/bars/index.ts", "../../core/bars/series.ts", "hono", "./b.ts"], doors), ["adapters/x/a.ts → core/bars/series.ts"]);
  assert.deepEqual(sideEntries("core/indicators/rsi.ts", ["../formula/kernels/index.ts", "../formula/kernels/averages.ts"], doors), ["core/indicators/rsi.ts → core/formula/kernels/averages.ts"]);
  assert.deepEqual(sideEntries("core/formula/catalog/maths.ts", ["../kernels/per-bar.ts", "../ir.ts"], doors), [], "inside the module");
  assert.deepEqual(sideEntries("core/bars/adjust.ts", ["./index.ts"], doors), ["core/bars/adjust.ts → core/bars/index.ts (its own door)"]);
});

test("every core module has a door, and code outside a module enters only by it", () => {
  const doors = [...modules(), ...SUB_DOORS];
  assert.ok(doors.length >= 10, `core modules found (${doors.join(", ")})`);
  for (const d of doors) assert.ok(existsSync(join(ROOT, d, "index.ts")), `${d}/index.ts exists`);
  const files = OUTSIDE.flatMap((d) => tsFiles(join(ROOT, d))).filter((f) => !f.includes(`${sep}node_modules${sep}`));
  const vue = vueFiles(join(ROOT, "apps/web/src"));
  assert.ok(vue.length > 0, "the web app's components are found");
  const side = [...files, ...vue].flatMap((f) => sideEntries(posix(relative(ROOT, f)), importsOf(readFileSync(f, "utf8")), doors));
  assert.deepEqual(side, [], "import the module's index.ts (export what you need from it)");
});

/** The web app's single-file components (their script blocks import core modules too). */
function vueFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((n) => n.endsWith(".vue"))
    .map((n) => join(dir, n));
}
