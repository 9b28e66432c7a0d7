/**
 * The hexagon's folder rules (README.md "Layout"; core/app/README.md) that
 * hold today, by test: ports depend on core types (and type-only npm imports)
 * alone; adapters and plugins never reach into the composition roots; the
 * quote-source mode is decided in one place, the profiles; the application layer
 * (core/app) talks to the world through ports only and the pure core never
 * imports it; the HTTP edge holds only HTTP and reaches another adapter only
 * through its front door (`adapters/<name>/index.ts`); the workers' jobs are the
 * application layer's. (core/ purity has its own test in tests/core.)
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import { importsOf, tsFiles } from "../support/imports.ts";
import { JOB_MODULES } from "../../apps/server/job-modules.ts";

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
    // .stryker-tmp: a running mutation run's sandbox copy of the repository.
    .filter((f) => ![`${sep}node_modules${sep}`, `${sep}tests${sep}`, `${sep}bench${sep}`, `${sep}.stryker-tmp${sep}`].some((part) => f.includes(part)))
    .filter((f) => /QUOTE_SOURCE\s*===|QUOTE_SOURCE\s*!==/.test(readFileSync(f, "utf8")))
    .map((f) => relative(ROOT, f));
  assert.deepEqual(readers, ["apps/server/config.ts"], "mode branches outside apps/server/config.ts");
});

test("core/app imports only core/ and ports/: no hono, npm package, node: module or adapter", () => {
  const offenders = tsFiles(folder("core/app")).flatMap((f) =>
    importsOf(readFileSync(f, "utf8"))
      .filter((spec) => {
        if (!spec.startsWith(".")) return true;
        const target = resolve(dirname(f), spec) + sep;
        return !target.startsWith(folder("core") + sep) && !target.startsWith(folder("ports") + sep);
      })
      .map((spec) => `${relative(ROOT, f)}: ${spec}`),
  );
  assert.deepEqual(offenders, []);
});

test("the pure core (core/ outside core/app) and ports/ never import the application layer", () => {
  const pure = tsFiles(folder("core")).filter((f) => !(f + sep).startsWith(folder("core/app") + sep));
  const offenders = [...pure, ...tsFiles(folder("ports"))].flatMap((f) =>
    importsOf(readFileSync(f, "utf8"))
      .filter((spec) => spec.startsWith(".") && (resolve(dirname(f), spec) + sep).startsWith(folder("core/app") + sep))
      .map((spec) => `${relative(ROOT, f)}: ${spec}`),
  );
  assert.deepEqual(offenders, []);
});

test("adapters/http reaches another adapter only through its front door (adapters/<name>/index.ts)", () => {
  const http = folder("adapters/http");
  const offenders = tsFiles(http).flatMap((f) =>
    importsOf(readFileSync(f, "utf8")).flatMap((spec) => {
      if (!spec.startsWith(".")) return [];
      const target = resolve(dirname(f), spec);
      if (!(target + sep).startsWith(folder("adapters") + sep) || (target + sep).startsWith(http + sep)) return [];
      const [name, ...rest] = relative(folder("adapters"), target).split(sep);
      return rest.join("/") === "index.ts" ? [] : [`${relative(ROOT, f)} → adapters/${name}/${rest.join("/")}`];
    }),
  );
  assert.deepEqual(offenders, []);
});

/** Folders and file roles of the HTTP edge that need not import hono: validation, serialisation, schemas, middleware, WebSocket plumbing. */
const EDGE_FOLDERS = ["validation", "frames", "schemas", "middleware", "ws"];
const EDGE_FILES = /-(requests?|responses?|schema|params|frames|json|export)\.ts$/;

test("adapters/http holds only HTTP: routes, schemas, the gate, validation, serialisation and WebSocket plumbing", () => {
  const http = folder("adapters/http");
  const files = tsFiles(http).map((f) => relative(http, f).split(sep).join("/"));
  const useCases = files.filter((f) => /-(service|services|job|jobs|program|programs|tasks|loader|source)\.ts$/.test(f));
  assert.deepEqual(useCases, [], "use cases, task programs and jobs live in core/app, sources in their adapters");
  const notHttp = files.filter((f) => !EDGE_FOLDERS.includes(f.split("/")[0]!) && !EDGE_FILES.test(f) && !/from\s*["'](hono|@hono\/)/.test(readFileSync(join(http, f), "utf8")));
  assert.deepEqual(notHttp, [], "every other file of the HTTP edge works with hono");
});

test("the workers' jobs are the application layer's (core/app), loaded by apps/ and adapters/tasks alike", () => {
  assert.ok(JOB_MODULES.length > 0, "job modules are listed");
  for (const url of JOB_MODULES) {
    const path = fileURLToPath(url);
    assert.ok((path + sep).startsWith(folder("core/app") + sep), `${relative(ROOT, path)} is under core/app`);
  }
});
