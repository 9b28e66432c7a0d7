// Mutation testing with StrykerJS (npm run mutate -- FOLDER...; see tests/support/mutate-folders.ts).
// One folder per run, named by MUTATE_FOLDER: its production files are mutated and the tests that
// mirror it (plus the few listed below that exercise it from elsewhere) must kill the mutants. All
// of a folder's test files run in one `node --import tsx` process (tests/support/mutate-bundle.ts:
// the process start costs more than most files' tests), stopped at the first failing test; a mutant
// no test reaches is not run. Concurrency 1: the machine is shared.
import { existsSync, mkdirSync, symlinkSync } from "node:fs";
import { resolve } from "node:path";

const folder = process.env.MUTATE_FOLDER;
if (!folder) throw new Error("MUTATE_FOLDER is not set: run `npm run mutate -- core/auth`");

/** Production files per folder when not every file is a rule (adapters: only the codecs and crypto). */
const MUTATE = {
  "adapters/tdx": ["adapters/tdx/tdx-codec-*.ts", "adapters/tdx/tdx-{bytes,columns,datetime,frame,frame-splitter,gbk,price-decimals,varint}.ts"],
};
/**
 * The tests of a folder, files or folders, in the order they run: the mirrored folder, then tests
 * elsewhere that check its rules. Files that kill most mutants go first (the run stops at the first
 * failure); every other file of the mirrored folder still runs after them.
 */
const TESTS = {
  "core/chan": [
    // fast files that each check one small file's rules (czsc strokes, MACD and RSI, the columns,
    // multi-level, options) first: their mutants die there, and they cost others' mutants ~1 s
    ...["czsc-strokes", "macd-rsi", "columns", "multi-level", "options", "validate-options"].map((f) => `tests/core/chan/${f}.test.ts`),
    "tests/core/chan/lines.test.ts",
    "tests/core/chan/line-metrics.test.ts",
    "tests/core/chan/point-rules.test.ts",
    "tests/core/chan/characteristic-sequence.test.ts",
    "tests/core/chan/segments-rules.test.ts",
    "tests/core/chan/pivot-rules.test.ts",
    "tests/core/chan/steps.test.ts",
    "tests/core/chan/stroke-rules.test.ts",
    "tests/core/chan/oracle-chanpy.test.ts",
    "tests/core/chan/oracle-czsc.test.ts",
    "tests/core/chan",
  ],
  // The small files' own fast tests first (a mutant there dies at once), then hand-checked trades
  // and the order rules: they kill most of the engine's mutants.
  "core/backtest": [
    ...[
      "holdings",
      "trade-log",
      "multi-strategy",
      "result-rows",
      "single-run",
      "formula-signals",
      "config",
      "combination-members",
      "timeline",
      "bar-time",
      "combine-signals",
      "kernel-rules",
      "execution-rules",
      "position-book",
      "t-plus-one-minute",
      "portfolio",
      "portfolio-rules",
      "metrics-reference",
    ].map((f) => `tests/core/backtest/${f}.test.ts`),
    "tests/core/backtest",
    "tests/core/research",
  ],
  // The formula tests that compute function values (not the parser, printer, plans or drawing
  // attributes): each kernel file against its definitions first (tests/core/formula/kernels, fast
  // and killing most; the files for the fused steps, SAR, the zigzag, the per-bar operators and the
  // calendar, then the windows and statistics, before the rest, as only they reach those files' mutants early), unit checks, then the
  // properties, the HQChart oracles and the plugin kernels.
  "core/formula/kernels": [
    ...["recurrences", "sar", "zigzag", "per-bar", "calendar", "windows", "statistics"].map((f) => `tests/core/formula/kernels/${f}.test.ts`),
    "tests/core/formula/kernels",
    ...["averages", "bar-counts", "statistics", "windows", "signals", "references", "maths", "price-path", "start-conventions", "hqchart-oracle"].map((f) => `tests/core/formula/${f}.test.ts`),
    ...["kernels", "exact-decisions", "fusion"].map((f) => `tests/core/formula/${f}.property.test.ts`),
    "tests/core/formula/fixtures.test.ts",
    "tests/core/formula/hqchart-live.test.ts",
    "tests/plugins/indicators/kernels.test.ts",
  ],
  // The fast files that check one rule each first (a killed mutant stops at its first failure), then the rest.
  "core/bars": [
    ...["security-kind", "price-events", "categories", "series", "rows", "derived", "bar-time", "adjust-definition", "adjust"].map((f) => `tests/core/bars/${f}.test.ts`),
    "tests/core/bars",
  ],
  "adapters/crypto": ["tests/adapters/crypto", "tests/adapters/sqlite/sqlite-storage.test.ts"],
  // The helpers' and codecs' own fast tests (real frames and hand-worked bytes) first; the session,
  // host-service and simulator tests (real TCP, slow) last, as the rest of the folder.
  "adapters/tdx": [
    ...["bytes", "varint", "price-decimals", "datetime", "frame", "frame-splitter", "gbk", "columns"].map((f) => `tests/adapters/tdx/tdx-${f}.test.ts`),
    ...["bars", "quotes", "minute", "transactions", "security", "xdxr", "finance", "auction", "company", "files"].map((f) => `tests/adapters/tdx/tdx-codec-${f}.test.ts`),
    "tests/adapters/tdx",
  ],
};
/**
 * A `--mutate` slice's own test files first (`tests/<folder>/<file>.test.ts`, when there is one): a
 * killed mutant of windows.ts then stops at windows.test.ts, before the other files' tests.
 */
const own = (process.env.MUTATE_NAME ?? "")
  .split("--")[1]
  ?.split("+")
  .map((f) => `tests/${folder}/${f.replace(/@.*$/, "")}.test.ts`)
  .filter((f) => existsSync(f));
/**
 * MUTATE_ONLY=a.test.ts,b.test.ts replaces the folder's list (a quick run while the machine is busy: a
 * survivor then costs those files, not the folder's every test; the score is a lower bound, so run each
 * survivor against the folder's list before calling it one).
 */
const only = process.env.MUTATE_ONLY?.split(",").filter(Boolean);
// Read by tests/support/mutate-bundle.ts in every test process (the runner passes its environment on).
process.env.MUTATE_TESTS = JSON.stringify(only ?? [...(own ?? []), ...(TESTS[folder] ?? [`tests/${folder}`])]);

// Tests find the shared fixtures at ../shared beside the repository; a sandbox is
// .stryker-tmp/sandbox-*/, where ../shared is .stryker-tmp/shared: point that at ours, or every
// fixture test would skip and kill nothing.
if (existsSync("../shared") && !existsSync(".stryker-tmp/shared")) {
  mkdirSync(".stryker-tmp", { recursive: true });
  symlinkSync(resolve("../shared"), ".stryker-tmp/shared");
}

/** The report's name: the folder, and the files of a `--mutate` slice (set by mutate-folders.ts). */
const name = process.env.MUTATE_NAME ?? folder.replaceAll("/", "-");

export default {
  testRunner: "tap",
  plugins: ["@stryker-mutator/tap-runner"],
  mutate: MUTATE[folder] ?? [`${folder}/**/*.ts`],
  tap: {
    testFiles: ["tests/support/mutate-bundle.ts"],
    nodeArgs: ["--import", "tsx", "{{testFile}}"],
  },
  coverageAnalysis: "perTest",
  concurrency: 1,
  timeoutMS: 60_000,
  ignorePatterns: ["apps/web", "test-artifacts", "data", ".bench-data", "reports"],
  reporters: ["clear-text", "progress", "json"],
  jsonReporter: { fileName: `reports/mutation/${name}.json` },
  incrementalFile: `reports/stryker-incremental/${name}.json`,
  clearTextReporter: { allowColor: false, logTests: false, maxTestsToLog: 0 },
  tempDirName: ".stryker-tmp",
  // Stryker rewrites the named tsconfig's paths for its sandbox with TypeScript's JS API, which
  // TypeScript 7 no longer has; the sandbox is a full copy, so no rewrite is needed: name none.
  tsconfigFile: "",
  cleanTempDir: "always",
};
