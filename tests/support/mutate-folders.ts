/**
 * `npm run mutate -- FOLDER... [--mutate FILE,FILE] [--incremental]`: StrykerJS over each folder in
 * turn (one run per folder, so each folder gets its own score and report in reports/mutation/; see
 * stryker.config.mjs). Without folders: every folder of core/ and the rules in adapters/ (crypto, TDX
 * codecs). Arguments starting with `--` (and the value after `--mutate`) go to Stryker unchanged:
 * `--mutate` narrows a run to some files of the folder (its report and incremental file are then
 * named after those files), `--incremental` reruns only the mutants whose code or tests changed since
 * the last run of the same slice. Not part of `npm test` or CI: a folder takes minutes to hours.
 */
import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";

const ALL = [
  ...readdirSync("core", { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => `core/${d.name}`),
  "adapters/crypto",
  "adapters/tdx",
];

const folders: string[] = [];
const flags: string[] = [];
const args = process.argv.slice(2);
let slice = "";
for (let i = 0; i < args.length; i++) {
  if (!args[i].startsWith("--")) folders.push(args[i].replace(/\/+$/, ""));
  else if (args[i] === "--mutate") {
    slice = args[i + 1] ?? "";
    flags.push(args[i], args[++i] ?? "");
  } else flags.push(args[i]);
}
let failed = 0;
for (const folder of folders.length > 0 ? folders : ALL) {
  const env = { ...process.env, MUTATE_FOLDER: folder, MUTATE_SLICE: slice };
  const run = spawnSync("npx", ["stryker", "run", "stryker.config.mjs", ...flags], { stdio: "inherit", env });
  if (run.status !== 0) failed++;
}
process.exitCode = failed === 0 ? 0 : 1;
