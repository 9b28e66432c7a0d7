/**
 * The README's copy-paste examples, taken from their sections and run as
 * written: a TypeScript block is saved inside the clone (so `tdx-forge/...`
 * imports resolve through package.json "exports", as they do for a user's
 * script in the clone) and run with Node and tsx as a subprocess.
 */
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const REPO = fileURLToPath(new URL("../../", import.meta.url));

/** The fenced blocks of `lang` in the README section `## heading`. */
export function codeBlocks(markdown: string, heading: string, lang: string): string[] {
  const start = markdown.indexOf(`\n## ${heading}\n`);
  assert.ok(start >= 0, `the README has a "${heading}" section`);
  const end = markdown.indexOf("\n## ", start + 1);
  const section = markdown.slice(start, end < 0 ? undefined : end);
  return [...section.matchAll(new RegExp(`\`\`\`${lang}\\n([\\s\\S]*?)\`\`\``, "g"))].map((m) => m[1]!);
}

export interface ExampleRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `source` as `name` (an `.mts` module) in a scratch folder of the clone; the folder is removed afterwards. */
export async function runExample(name: string, source: string, env: Record<string, string> = {}): Promise<ExampleRun> {
  const dir = join(REPO, "test-artifacts", `readme-${process.pid}-${name.replace(/\W/g, "_")}`);
  mkdirSync(dir, { recursive: true });
  const file = join(dir, name);
  writeFileSync(file, source);
  // Not a child of this test run: an example that runs node:test reports as a user sees it.
  const { NODE_TEST_CONTEXT: _, ...inherited } = process.env;
  try {
    return await new Promise((resolve) =>
      execFile(process.execPath, ["--import", "tsx", file], { cwd: REPO, env: { ...inherited, LOG_LEVEL: "error", ...env }, maxBuffer: 16 << 20 }, (err, stdout, stderr) =>
        resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
      ),
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
