// Mutation testing with StrykerJS (npm run mutate -- FOLDER...; see tests/support/mutate-folders.ts).
// One folder per run, named by MUTATE_FOLDER: its production files are mutated and the tests that
// mirror it (plus the few listed below that exercise it from elsewhere) must kill the mutants. Each
// test file runs as its own `node --import tsx` process (the TAP runner), which records the mutants
// it reaches, so a mutant re-runs only the files that reach it. Concurrency 1: the machine is shared.
const folder = process.env.MUTATE_FOLDER;
if (!folder) throw new Error("MUTATE_FOLDER is not set: run `npm run mutate -- core/auth`");

/** Production files per folder when not every file is a rule (adapters: only the codecs and crypto). */
const MUTATE = {
  "adapters/tdx": ["adapters/tdx/tdx-codec-*.ts", "adapters/tdx/tdx-{bytes,columns,datetime,frame,frame-splitter,gbk,price-decimals,varint}.ts"],
};
/** Tests outside the mirrored folder that check the folder's rules. */
const EXTRA_TESTS = {
  "core/backtest": ["tests/core/research/**/*.test.ts"],
  "core/formula/kernels": ["tests/core/formula/**/*.test.ts", "tests/plugins/indicators/**/*.test.ts"],
  "adapters/crypto": ["tests/adapters/sqlite/sqlite-storage.test.ts"],
};

export default {
  testRunner: "tap",
  plugins: ["@stryker-mutator/tap-runner"],
  mutate: MUTATE[folder] ?? [`${folder}/**/*.ts`],
  tap: {
    testFiles: [`tests/${folder}/**/*.test.ts`, ...(EXTRA_TESTS[folder] ?? [])],
    nodeArgs: ["--import", "tsx", "{{testFile}}"],
  },
  coverageAnalysis: "perTest",
  concurrency: 1,
  timeoutMS: 60_000,
  ignorePatterns: ["apps/web", "test-artifacts", "data", ".bench-data", "reports"],
  reporters: ["clear-text", "progress", "json"],
  jsonReporter: { fileName: `reports/mutation/${folder.replaceAll("/", "-")}.json` },
  clearTextReporter: { allowColor: false, logTests: false, maxTestsToLog: 0 },
  tempDirName: ".stryker-tmp",
  // Stryker rewrites the named tsconfig's paths for its sandbox with TypeScript's JS API, which
  // TypeScript 7 no longer has; the sandbox is a full copy, so no rewrite is needed: name none.
  tsconfigFile: "",
  cleanTempDir: "always",
};
