import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { test } from "node:test";
import { importsOf, tsFiles } from "../support/imports.ts";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const CORE = join(ROOT, "core");
const APP = join(CORE, "app");
const PORTS = join(ROOT, "ports");
const under = (path: string, dir: string) => (path + sep).startsWith(dir + sep);

test("import scanner sees static, re-export, side-effect and dynamic imports", () => {
  const src = `import a from "node:fs";\nexport { b } from "./b.ts";\nimport "zod";\nconst c = await import("../x.ts");\nimport type { T } from "kysely";`;
  assert.deepEqual(importsOf(src), ["node:fs", "./b.ts", "zod", "../x.ts", "kysely"]);
});

test("core/ imports nothing outside core/ (core/app also the ports/ it talks through): no node:, no npm packages, no other paths", () => {
  const offenders: string[] = [];
  for (const file of tsFiles(CORE)) {
    for (const spec of importsOf(readFileSync(file, "utf8"))) {
      const rel = relative(ROOT, file);
      if (!spec.startsWith(".")) {
        offenders.push(`${rel}: imports "${spec}"`);
        continue;
      }
      const target = resolve(dirname(file), spec);
      if (under(target, CORE) || (under(file, APP) && under(target, PORTS))) continue;
      offenders.push(`${rel}: "${spec}" leaves core/`);
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
