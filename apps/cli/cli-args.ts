/**
 * Command-line grammar of `tdx-forge`: each command declares its positional
 * arguments and `--options` (type, default, help); this file parses argv against
 * that declaration (node's `parseArgs`, strict) and writes the `--help` text, so
 * the help always lists exactly the options a command accepts, with defaults.
 */
import { parseArgs } from "node:util";

export type OptionType = "string" | "number" | "integer" | "boolean" | "list";

export interface OptionSpec {
  readonly name: string;
  readonly type: OptionType;
  readonly help: string;
  readonly default?: string | number | boolean;
  readonly choices?: readonly string[];
  /** Other spellings of the choices (upper case → choice), such as easy_tdx's numbers and long names. */
  readonly aliases?: Readonly<Record<string, string>>;
  readonly short?: string;
  /** Placeholder shown in the help (`--count N`). */
  readonly meta?: string;
}

export interface ArgSpec {
  readonly name: string;
  readonly help: string;
  /** An optional argument takes this value when absent. */
  readonly default?: string;
}

export type OptionValues = Record<string, string | number | boolean | string[] | undefined>;

export interface ParsedCommand {
  readonly args: Record<string, string>;
  readonly opts: OptionValues;
}

/** A wrong command line: printed with the usage hint, exit status 2. */
export class UsageError extends Error {}

/** Options every command takes (output format and where to run). */
export const GLOBAL_OPTIONS: readonly OptionSpec[] = [
  { name: "output", type: "string", choices: ["json", "table", "csv"], default: "json", help: "output format: JSON lines, an aligned table or CSV" },
  { name: "table", type: "boolean", default: false, help: "same as --output table" },
  { name: "server", type: "string", meta: "URL", help: "run against a running service (password from TDX_FORGE_PASSWORD) instead of in-process" },
  { name: "help", type: "boolean", short: "h", default: false, help: "show this help" },
];

const kebab = (s: string) => s.replace(/_/g, "-");

function convert(spec: OptionSpec, raw: string | boolean | string[]): string | number | boolean | string[] {
  if (spec.type === "boolean" || spec.type === "list") return raw;
  const text = String(raw);
  if (spec.type === "string") {
    if (!spec.choices) return text;
    const wanted = spec.aliases?.[text.trim().toUpperCase()] ?? text;
    const hit = spec.choices.find((c) => c.toUpperCase() === wanted.toUpperCase());
    if (hit === undefined) throw new UsageError(`--${spec.name}: expected one of ${spec.choices.join(", ")} (got ${JSON.stringify(text)})`);
    return hit;
  }
  const n = Number(text);
  if (text.trim() === "" || !Number.isFinite(n) || (spec.type === "integer" && !Number.isInteger(n))) {
    throw new UsageError(`--${spec.name}: expected ${spec.type === "integer" ? "a whole number" : "a number"} (got ${JSON.stringify(text)})`);
  }
  return n;
}

/** Parses `argv` (after the command name) against the command's arguments and options plus the global ones. */
export function parseCommandLine(argv: readonly string[], args: readonly ArgSpec[], options: readonly OptionSpec[]): ParsedCommand {
  const all = [...options, ...GLOBAL_OPTIONS];
  const config: NonNullable<Parameters<typeof parseArgs>[0]>["options"] = {};
  for (const o of all) {
    config[o.name] = {
      type: o.type === "boolean" ? "boolean" : "string",
      ...(o.short ? { short: o.short } : {}),
      ...(o.type === "list" ? { multiple: true } : {}),
    };
  }
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({ args: [...argv], options: config, allowPositionals: true, strict: true });
  } catch (e) {
    throw new UsageError((e as Error).message.replace(/\. To specify a positional argument.*$/s, ""));
  }
  const opts: OptionValues = {};
  for (const o of all) {
    const raw = parsed.values[o.name] as string | boolean | string[] | undefined;
    opts[o.name] = raw === undefined ? o.default : convert(o, raw);
  }
  if (opts.help) return { args: {}, opts };
  const positionals = parsed.positionals;
  if (positionals.length > args.length) throw new UsageError(`unexpected argument ${JSON.stringify(positionals[args.length])}`);
  const named: Record<string, string> = {};
  args.forEach((a, i) => {
    const v = positionals[i] ?? a.default;
    if (v === undefined) throw new UsageError(`missing argument ${a.name}`);
    named[a.name] = v;
  });
  return { args: named, opts };
}

function optionLine(o: OptionSpec): [string, string] {
  const meta = o.type === "boolean" ? "" : ` ${o.meta ?? (o.choices ? o.choices.join("|") : o.type === "list" ? "VALUE" : o.type === "string" ? "TEXT" : "N")}`;
  const flag = `${o.short ? `-${o.short}, ` : "    "}--${o.name}${meta}`;
  const dflt = o.default === undefined || o.default === false ? "" : ` (default: ${o.default === true ? "on" : o.default})`;
  return [flag, `${o.help}${o.type === "list" ? " (repeatable)" : ""}${dflt}`];
}

function columns(rows: [string, string][]): string {
  const w = Math.min(34, Math.max(...rows.map(([a]) => a.length)));
  return rows.map(([a, b]) => (a.length > w ? `  ${a}\n  ${" ".repeat(w)}  ${b}` : `  ${a.padEnd(w)}  ${b}`)).join("\n");
}

/** The `--help` text of one command. */
export function commandHelp(prog: string, c: { name: string; summary: string; args: readonly ArgSpec[]; options: readonly OptionSpec[]; examples?: readonly string[] }): string {
  const usageArgs = c.args.map((a) => (a.default === undefined ? a.name : `[${a.name}]`)).join(" ");
  const parts = [`Usage: ${prog} ${c.name}${usageArgs ? ` ${usageArgs}` : ""} [options]`, "", c.summary];
  if (c.args.length) parts.push("", "Arguments:", columns(c.args.map((a) => [a.name, `${a.help}${a.default !== undefined ? ` (default: ${a.default})` : ""}`])));
  if (c.options.length) parts.push("", "Options:", columns(c.options.map(optionLine)));
  parts.push("", "Global options:", columns(GLOBAL_OPTIONS.map(optionLine)));
  if (c.examples?.length) parts.push("", "Examples:", ...c.examples.map((e) => `  ${prog} ${e}`));
  return `${parts.join("\n")}\n`;
}

/** `--some_name` spelling of a request field. */
export function optionName(field: string): string {
  return kebab(field);
}
