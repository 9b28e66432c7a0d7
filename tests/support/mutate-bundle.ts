/**
 * Stryker's TAP runner starts one `node --import tsx` process per test file, and on this machine a
 * process start (tsx, the import graph) costs more CPU than most files' tests. For a mutation run
 * the folder's test files are imported into this one process instead (MUTATE_TESTS: a JSON list of
 * files or folders, taken in order, folders searched for `*.test.ts`), so a mutant costs one start;
 * the runner's bail stops the process at the first failing test, so files that kill most come first.
 */
import { readdirSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import fc from "fast-check";

// A mutant only needs a failing property, not its smallest counterexample: shrinking re-runs the
// property many times over, which on a loaded machine can outlast the time-out (a kill then costs the whole time-out).
fc.configureGlobal({ endOnFailure: true });

function testFiles(path: string): string[] {
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path, { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((d) => (d.isDirectory() ? testFiles(join(path, d.name)) : d.name.endsWith(".test.ts") ? [join(path, d.name)] : []));
}

const listed: string[] = JSON.parse(process.env.MUTATE_TESTS ?? "[]");
if (listed.length === 0) throw new Error("MUTATE_TESTS is empty: run through `npm run mutate`");
const seen = new Set<string>();
for (const file of listed.flatMap(testFiles)) {
  if (seen.has(file)) continue;
  seen.add(file);
  await import(pathToFileURL(resolve(file)).href);
}
