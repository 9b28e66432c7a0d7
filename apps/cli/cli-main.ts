/**
 * `tdx-forge <command> [args] [options]`: finds the command, parses its line,
 * runs it in-process or against `--server`, and prints its result in the
 * chosen format. Errors are one line on stderr (`tdx-forge: ...`) with exit
 * status 2 for a wrong command line and 1 for anything else. A leading `--`
 * (the `npx tdx-forge -- <command>` form) is ignored.
 */
import { commandHelp, GLOBAL_OPTIONS, parseCommandLine, UsageError } from "./cli-args.ts";
import type { CliIo, Command } from "./cli-command.ts";
import { CliContext, type Env } from "./cli-context.ts";
import type { Terminal } from "./cli-password.ts";
import { type Format, render } from "./cli-output.ts";
import { COMMANDS as SERVICE_COMMANDS } from "./cli-commands.ts";
import { batchCommand, batchLines, readBatch } from "./cli-batch.ts";

export const PROG = "tdx-forge";

const COMMANDS: readonly Command[] = [...SERVICE_COMMANDS, batchCommand];

export interface Streams {
  readonly stdout: NodeJS.WritableStream & { isTTY?: boolean };
  readonly stderr: NodeJS.WritableStream & { isTTY?: boolean };
  /** The terminal to ask a `--server` password on (when TDX_FORGE_PASSWORD is unset). */
  readonly stdin?: Terminal["stdin"];
}

function write(stream: NodeJS.WritableStream, text: string): Promise<void> {
  return new Promise((resolve) => (text === "" ? resolve() : stream.write(text, () => resolve())));
}

function overview(): string {
  const w = Math.max(...COMMANDS.map((c) => c.name.length));
  const lines = COMMANDS.map((c) => `  ${c.name.padEnd(w)}  ${c.summary.split(/(?<=\.) /)[0]}`);
  const globals = GLOBAL_OPTIONS.map(
    (o) => `  --${o.name}${o.choices ? ` ${o.choices.join("|")}` : o.meta ? ` ${o.meta}` : ""}: ${o.help}${o.default !== undefined && o.default !== false ? ` (default: ${o.default})` : ""}`,
  );
  return [
    `Usage: ${PROG} <command> [arguments] [options]`,
    "",
    "A-share market data, indicators, TDX formulas, chan theory and backtests from the shell. Runs in-process on the",
    "configured quote source (default: the built-in simulator; nothing beyond this machine is dialled) or against a",
    "running service with --server URL. Output: JSON lines (default), --table, or --output csv.",
    "",
    "Commands:",
    ...lines,
    "",
    "Global options:",
    ...globals,
    "",
    `Run '${PROG} <command> --help' for a command's arguments and options.`,
    "",
  ].join("\n");
}

/** A one-line bar redrawn in place on a terminal's stderr (nothing when stderr is a file or a pipe); a new line at 100 %. */
function progressBar(stderr: Streams["stderr"]): CliIo["progress"] {
  if (!stderr.isTTY) return () => {};
  return (fraction, message) => {
    const f = Math.max(0, Math.min(1, fraction));
    const filled = Math.round(f * 30);
    stderr.write(`\r[${"#".repeat(filled)}${" ".repeat(30 - filled)}] ${String(Math.round(f * 100)).padStart(3)}% ${message.slice(0, 40).padEnd(40)}${f >= 1 ? "\n" : ""}`);
  };
}

/** Runs one command line on `ctx`; returns the exit status. */
export async function runCommandLine(argv: readonly string[], ctx: (server: string | undefined) => CliContext, io: Streams): Promise<number> {
  const [name, ...rest] = argv[0] === "--" ? argv.slice(1) : argv;
  if (name === undefined || name === "--help" || name === "-h" || name === "help") {
    await write(io.stdout, overview());
    return 0;
  }
  const command: Command | undefined = COMMANDS.find((c) => c.name === name) ?? (name === "--version" ? COMMANDS.find((c) => c.name === "version") : undefined);
  try {
    if (!command) throw new UsageError(`unknown command ${JSON.stringify(name)}`);
    const input = parseCommandLine(rest, command.args, command.options);
    if (input.opts.help) {
      await write(io.stdout, commandHelp(PROG, command));
      return 0;
    }
    if (command === batchCommand) return await runBatch(readBatch(input.args.FILE!), input.opts.echo === true, ctx, io);
    const format = (input.opts.table ? "table" : input.opts.output) as Format;
    const cliIo: CliIo = { note: (t) => io.stderr.write(`${t}\n`), progress: progressBar(io.stderr) };
    const output = await command.run(ctx(input.opts.server as string | undefined), input, cliIo);
    await write(io.stdout, render(output, format));
    return 0;
  } catch (e) {
    const usage = e instanceof UsageError;
    const msg = (e instanceof Error ? e.message : String(e)).replace(/\s*\n\s*/g, " ");
    await write(io.stderr, `${PROG}${command ? ` ${command.name}` : ""}: ${msg}${usage ? ` (see ${PROG} ${command?.name ?? ""} --help)`.replace("  ", " ") : ""}\n`);
    return usage ? 2 : 1;
  }
}

async function runBatch(text: string, echo: boolean, ctx: (server: string | undefined) => CliContext, io: Streams): Promise<number> {
  let worst = 0;
  for (const entry of batchLines(text)) {
    const { line } = entry;
    if (echo) await write(io.stdout, `# ${PROG} ${line.replace(/^tdx-forge\s+/, "")}\n`);
    if ("problem" in entry) {
      await write(io.stderr, `${PROG} batch: ${entry.problem.message}\n`);
      worst = 2;
      continue;
    }
    const { argv } = entry;
    if (argv[0] === "batch" && !argv.some((a) => a === "--help" || a === "-h")) {
      await write(io.stderr, `${PROG} batch: a batch line cannot start another batch\n`);
      worst = 2;
      continue;
    }
    worst = Math.max(worst, await runCommandLine(argv, ctx, io));
  }
  return worst;
}

/** The process entry: one command line, one context per `--server` value, closed at the end. */
export async function main(argv: readonly string[], env: Env, io: Streams): Promise<number> {
  const contexts = new Map<string, CliContext>();
  const ctx = (server: string | undefined) => {
    const key = server ?? "";
    let c = contexts.get(key);
    if (!c) contexts.set(key, (c = new CliContext(env, server, io.stdin && { stdin: io.stdin, stderr: io.stderr })));
    return c;
  };
  try {
    return await runCommandLine(argv, ctx, io);
  } finally {
    for (const c of contexts.values()) await c.close();
  }
}
