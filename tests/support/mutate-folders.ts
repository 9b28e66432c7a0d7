/**
 * `npm run mutate -- FOLDER... [--mutate FILE,FILE] [--incremental]`: StrykerJS over each folder in
 * turn (one run per folder, so each folder gets its own score and report in reports/mutation/; see
 * stryker.config.mjs). Without folders: every folder of core/ but the application layer (core/app:
 * its use cases are covered mostly through tests/http, too slow to rerun per mutant) and the rules in
 * adapters/ (crypto, TDX codecs). Arguments starting with `--` (and the value after those that take one: `--mutate`, `--timeoutMS`, …) go to Stryker unchanged:
 * `--mutate` narrows a run to some files of the folder, or line ranges (`file.ts:40-80`; its report
 * and incremental file are then named after them), `--incremental` reruns only the mutants whose code or tests changed since
 * the last run of the same slice. Not part of `npm test` or CI: a folder takes minutes to hours.
 */
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";

const ALL = [
  ...readdirSync("core", { withFileTypes: true })
    .filter((d) => d.isDirectory() && d.name !== "app")
    .map((d) => `core/${d.name}`),
  "adapters/crypto",
  "adapters/tdx",
];

/** Every test source, hashed: the runs see one bundled test file, so Stryker cannot tell that a test changed. */
function testsHash(): string {
  const hash = createHash("sha256");
  const walk = (dir: string): void => {
    for (const d of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const p = join(dir, d.name);
      if (d.isDirectory()) walk(p);
      else if (p.endsWith(".ts")) hash.update(p).update(readFileSync(p));
    }
  };
  walk("tests");
  return hash.digest("hex");
}

/**
 * Before an incremental run after tests changed: drop the survivors and uncovered mutants from the
 * last report, so Stryker runs them again; killed ones stay killed (tests are added, not weakened).
 */
function forgetSurvivorsIfTestsChanged(incremental: string): void {
  const stamp = `${incremental}.tests`;
  const now = testsHash();
  if (existsSync(incremental) && (!existsSync(stamp) || readFileSync(stamp, "utf8") !== now)) {
    const report = JSON.parse(readFileSync(incremental, "utf8")) as { files: Record<string, { mutants: { status: string }[] }> };
    for (const f of Object.values(report.files)) f.mutants = f.mutants.filter((m) => m.status !== "Survived" && m.status !== "NoCoverage");
    writeFileSync(incremental, JSON.stringify(report));
  }
  mkdirSync(dirname(stamp), { recursive: true });
  writeFileSync(stamp, now);
}

const folders: string[] = [];
const flags: string[] = [];
const args = process.argv.slice(2);
let slice = "";
/** Stryker options that take a value as the next argument (`--timeoutMS 15000`; `--timeoutMS=15000` passes as one). */
const VALUED = new Set(["--mutate", "--timeoutMS", "--timeoutFactor", "--concurrency", "--logLevel"]);
for (let i = 0; i < args.length; i++) {
  const arg = args[i]!;
  if (!arg.startsWith("--")) folders.push(arg.replace(/\/+$/, ""));
  else if (VALUED.has(arg)) {
    if (arg === "--mutate") slice = args[i + 1] ?? "";
    flags.push(arg, args[++i] ?? "");
  } else flags.push(arg);
}
/** A run narrowed by `--mutate a.ts,b.ts` keeps its own report and incremental file. */
const sliceName = slice
  .split(",")
  .filter(Boolean)
  .map((f) => f.replace(/^.*\//, "").replace(".ts", "").replace(":", "@"))
  .join("+");
let failed = 0;
for (const folder of folders.length > 0 ? folders : ALL) {
  const name = folder.replaceAll("/", "-") + (sliceName ? `--${sliceName}` : "");
  if (flags.includes("--incremental")) forgetSurvivorsIfTestsChanged(`reports/stryker-incremental/${name}.json`);
  const env = { ...process.env, MUTATE_FOLDER: folder, MUTATE_NAME: name };
  const run = spawnSync("npx", ["stryker", "run", "stryker.config.mjs", ...flags], { stdio: "inherit", env });
  if (run.status !== 0) failed++;
}
process.exitCode = failed === 0 ? 0 : 1;
