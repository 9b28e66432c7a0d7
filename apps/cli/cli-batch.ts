/**
 * `tdx-forge batch [FILE]`: many command lines in one process (one line each,
 * from FILE or stdin; blank lines and `#` comments skipped; a leading
 * `tdx-forge` is dropped so README lines paste as they are), sharing one
 * in-process service, so scripts and agents pay the start-up once. Words split
 * as a POSIX shell splits them (single and double quotes, backslash escapes),
 * without expansion. A line that cannot be split (an unclosed quote) fails
 * alone, as a wrong command line. The exit status is the worst of the lines'.
 */
import { readFileSync } from "node:fs";
import { UsageError } from "./cli-args.ts";
import type { Command } from "./cli-command.ts";

export const batchCommand: Command = {
  name: "batch",
  summary: "Run many command lines (from FILE or stdin) in one process, sharing one in-process service.",
  args: [{ name: "FILE", help: "file of command lines; - for stdin", default: "-" }],
  options: [{ name: "echo", type: "boolean", default: false, help: "print each line as `# tdx-forge LINE` before its output" }],
  examples: ["batch commands.txt", "batch --echo < commands.txt"],
  run: () => {
    throw new Error("batch runs through runCommandLine");
  },
};

/** The words of one command line. */
export function splitWords(line: string): string[] {
  const words: string[] = [];
  let word = "";
  let inWord = false;
  let quote: "'" | '"' | undefined;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i]!;
    if (quote === "'") {
      if (ch === "'") quote = undefined;
      else word += ch;
    } else if (quote === '"') {
      if (ch === '"') quote = undefined;
      else if (ch === "\\" && i + 1 < line.length && '"\\$`'.includes(line[i + 1]!)) word += line[++i];
      else word += ch;
    } else if (ch === "'" || ch === '"') {
      quote = ch;
      inWord = true;
    } else if (ch === "\\" && i + 1 < line.length) {
      word += line[++i];
      inWord = true;
    } else if (/\s/.test(ch)) {
      if (inWord) words.push(word);
      word = "";
      inWord = false;
    } else {
      word += ch;
      inWord = true;
    }
  }
  if (quote) throw new UsageError(`unclosed ${quote} in ${JSON.stringify(line)}`);
  if (inWord) words.push(word);
  return words;
}

/** One line of a batch: its words, or why they cannot be read (that line alone fails). */
export type BatchLine = { line: string; argv: string[] } | { line: string; problem: UsageError };

/** The command lines of a batch text, as argv arrays. */
export function batchLines(text: string): BatchLine[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== "" && !line.startsWith("#"))
    .map((line) => {
      let argv: string[];
      try {
        argv = splitWords(line);
      } catch (e) {
        if (e instanceof UsageError) return { line, problem: e };
        throw e;
      }
      return { line, argv: argv[0] === "tdx-forge" ? argv.slice(1) : argv };
    });
}

export function readBatch(file: string): string {
  return readFileSync(file === "-" ? 0 : file, "utf8");
}
