/**
 * `npm run mutate -- FOLDER...`: StrykerJS over each folder in turn (one run per folder, so each
 * folder gets its own score and report in reports/mutation/; see stryker.config.mjs). Without
 * arguments: every folder of core/ but the application layer (core/app: its use cases are covered
 * mostly through tests/http, too slow to rerun per mutant) and the rules in adapters/ (crypto, TDX codecs). Not part of
 * `npm test` or CI: a folder takes minutes to an hour (every mutant reruns the test files reaching it).
 */
import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";

const ALL = [
  ...readdirSync("core", { withFileTypes: true })
    .filter((d) => d.isDirectory() && d.name !== "app")
    .map((d) => `core/${d.name}`),
  "adapters/crypto",
  "adapters/tdx",
];

const folders = process.argv.slice(2).map((f) => f.replace(/\/+$/, ""));
let failed = 0;
for (const folder of folders.length > 0 ? folders : ALL) {
  const run = spawnSync("npx", ["stryker", "run", "stryker.config.mjs"], { stdio: "inherit", env: { ...process.env, MUTATE_FOLDER: folder } });
  if (run.status !== 0) failed++;
}
process.exitCode = failed === 0 ? 0 : 1;
