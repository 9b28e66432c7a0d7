/**
 * File headers cite documents a clone of the repository contains (module READMEs
 * such as adapters/tdx/README.md), never files outside it: every `*.md` named in
 * a comment of a tracked source file must exist, resolved from the repository
 * root (a path), or beside the file or at the root (a bare name). The one exception is a test's
 * note on a shared fixture's provenance (`SOURCES.md` beside ../shared/fixtures),
 * which lives outside by rule: fixtures are never copied into the project and the
 * tests skip without them.
 */
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const COMMENT = /^\s*(\*|\/\/|\/\*)/;
const CITED = /(?:\.\.\/|\.\/)*[\w@-][\w./@-]*\.md\b/g;

/** The dangling citations of one file's comment lines, as `file:line: path`. */
export function danglingCitations(file: string, text: string, exists: (path: string) => boolean): string[] {
  const out: string[] = [];
  text.split("\n").forEach((line, i) => {
    if (!COMMENT.test(line)) return;
    for (const cited of line.match(CITED) ?? []) {
      if (file.startsWith("tests/") && cited.endsWith("SOURCES.md")) continue;
      const bare = !cited.includes("/");
      const path = cited.startsWith("../") || bare ? join(dirname(file), cited) : cited;
      if (path.startsWith("..") || !(exists(path) || (bare && exists(cited)))) out.push(`${file}:${i + 1}: ${cited}`);
    }
  });
  return out;
}

test("the checker flags outside and missing documents and passes present ones", () => {
  const present = new Set(["adapters/tdx/README.md", "core/formula/README.md", "README.md"]);
  const has = (p: string) => present.has(p);
  const src = ["/**", " * (adapters/tdx/README.md 5.2), see README.md and ../shared/design/tdx-protocol.md", " * (market-api.md 4.2)", " */", 'const s = "not-a-comment.md";'].join("\n");
  assert.deepEqual(danglingCitations("core/formula/x.ts", src, has), ["core/formula/x.ts:2: ../shared/design/tdx-protocol.md", "core/formula/x.ts:3: market-api.md"]);
  assert.deepEqual(danglingCitations("tests/core/x.test.ts", "// fixture (see SOURCES.md)", has), [], "fixture provenance in tests");
  assert.deepEqual(danglingCitations("core/x.ts", "// see SOURCES.md", has), ["core/x.ts:1: SOURCES.md"]);
  assert.deepEqual(danglingCitations("apps/server/x.ts", '// README.md "Layout"', has), [], "a bare name found at the root");
});

test("every document a source file's comments cite is in the repository", () => {
  const files = execFileSync("git", ["ls-files", "*.ts", "*.vue", "*.mjs"], { cwd: ROOT, encoding: "utf8" }).split("\n").filter(Boolean);
  assert.ok(files.length > 500, `git lists the sources (${files.length})`);
  const dangling = files.flatMap((f) => danglingCitations(f, readFileSync(join(ROOT, f), "utf8"), (p) => existsSync(join(ROOT, p))));
  assert.deepEqual(dangling, [], "cite a README inside the repository instead");
});
