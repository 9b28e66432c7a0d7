/**
 * Runs the `tdx-forge` bin as a subprocess (the way a user does) and reads its
 * output back: JSON lines, CSV (a small RFC 4180 reader written here, not the
 * csv-stringify the CLI writes with) and the sections of a `batch --echo` run.
 */
import { execFile, execFileSync } from "node:child_process";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { codeBlocks } from "./readme.ts";

export const BIN = fileURLToPath(new URL("../../apps/cli/tdx-forge.mjs", import.meta.url));
export const REPO = fileURLToPath(new URL("../../", import.meta.url));

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** `tdx-forge ...args`, with stdin `input`; the environment is the test's plus `env`, with logs quiet. */
export function runCli(args: readonly string[], opts: { env?: Record<string, string>; input?: string; cwd?: string } = {}): Promise<CliRun> {
  return new Promise((resolve) => {
    const child = execFile(process.execPath, [BIN, ...args], { cwd: opts.cwd ?? REPO, env: { ...process.env, LOG_LEVEL: "error", ...opts.env }, maxBuffer: 64 << 20 }, (err, stdout, stderr) =>
      resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
    child.stdin!.end(opts.input ?? "");
  });
}

/** The outputs of `batch --echo`, by command line (as echoed: the words joined by spaces). */
export function batchSections(stdout: string): Map<string, string> {
  const out = new Map<string, string>();
  let key: string | undefined;
  for (const line of stdout.split("\n")) {
    if (line.startsWith("# tdx-forge ")) {
      key = line.slice("# tdx-forge ".length);
      out.set(key, "");
    } else if (key !== undefined) out.set(key, `${out.get(key)}${line}\n`);
  }
  for (const [k, v] of out) out.set(k, v.replace(/\n+$/, v.trim() === "" ? "" : "\n"));
  return out;
}

export function jsonLines(text: string): Record<string, unknown>[] {
  return text
    .split("\n")
    .filter((l) => l !== "")
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}

/** RFC 4180: fields separated by commas, quoted fields may hold commas, quotes ("") and newlines. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ",") {
      row.push(field);
      field = "";
    } else if (ch === "\n" || ch === "\r") {
      if (ch === "\r" && text[i + 1] === "\n") i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
    } else field += ch;
  }
  if (field !== "" || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

/** The ```sh blocks of a README section. */
export function shBlocks(markdown: string, heading: string): string[] {
  return codeBlocks(markdown, heading, "sh");
}

/** npm with a dead registry and an empty cache: `npx` must find the clone's own bin. */
export function offlineNpm(dir: string): Record<string, string> {
  return {
    ...(process.env as Record<string, string>),
    LOG_LEVEL: "error",
    npm_config_cache: join(dir, "npm-cache"),
    npm_config_registry: "http://127.0.0.1:9/",
    npm_config_update_notifier: "false",
    npm_config_audit: "false",
    npm_config_fund: "false",
  };
}

/** Whether util-linux `script` is here to run the CLI on a pseudo-terminal (a skip reason otherwise). */
export function pseudoTerminalMissing(): string | false {
  try {
    execFileSync("script", ["--version"], { stdio: "ignore" });
    return false;
  } catch {
    return "util-linux script (a pseudo-terminal) is absent";
  }
}
