/**
 * No `as never` outside the tests (issue 16, "House rules, enforced"): a cast to
 * `never` is assignable to anything, so it silences every type error of the
 * value it wraps, such as an OpenAPI route's query or body. Values known only at
 * run time take a type that says so (apps/client/run-time-paths.ts), not a
 * cast. Tests may use it to hand a deliberately wrong value to a function.
 */
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));

/** The code of a source with its comments blanked (a comment may say "as never" in prose). */
function code(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, (c) => c.replace(/[^\n]/g, " ")).replace(/(^|[^:"'`])\/\/.*$/gm, "$1");
}

/** The `as never` casts of one file, as `file:line`. */
export function neverCasts(file: string, text: string): string[] {
  const src = code(text);
  return [...src.matchAll(/\bas\s+never\b/g)].map((m) => `${file}:${src.slice(0, m.index).split("\n").length}`);
}

test("the checker finds a cast to never in code and not in prose", () => {
  const src = ["const a = b as never;", "// a request that was never recorded", "/* used as never before */", "f(x as", "  never);", 'const u = "https://x"; // as never'].join("\n");
  assert.deepEqual(neverCasts("apps/x.ts", src), ["apps/x.ts:1", "apps/x.ts:4"], "lines 1 and 4 cast; the comments do not");
  assert.deepEqual(neverCasts("apps/y.ts", "const q = { query: params as never };"), ["apps/y.ts:1"], "a cast inside an object");
});

test("no source file outside tests/ casts to never", () => {
  const files = execFileSync("git", ["ls-files", "*.ts", "*.vue", "*.mjs"], { cwd: ROOT, encoding: "utf8" })
    .split("\n")
    .filter((f) => f !== "" && !f.startsWith("tests/"));
  assert.ok(files.length > 500, `git lists the sources (${files.length})`);
  const casts = files.flatMap((f) => neverCasts(f, readFileSync(join(ROOT, f), "utf8")));
  assert.deepEqual(casts, [], "type the value (apps/client/run-time-paths.ts for run-time route values) instead of casting it to never");
});
