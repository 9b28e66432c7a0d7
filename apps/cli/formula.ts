/**
 * Runs a TDX formula over bars from a CSV file and prints the last rows.
 *
 *   tsx apps/cli/formula.ts --file f.txt --csv bars.csv [--tail 20] [--param N=5 --param M=3] [--vol-unit 100]
 *
 * The CSV needs a header with a date column (date/datetime/dt) and
 * open,high,low,close,vol (amount optional). Output is CSV on stdout: the bar
 * date, then every output column (empty where there is no value). Errors and
 * warnings go to stderr with their line and column; a formula that does not
 * compile exits with status 1. A file that cannot be read or a CSV without the
 * needed columns is one line on stderr and status 1, never a stack trace.
 */
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { compileFormula, evaluatePlan, formatDiagnostic } from "../../core/formula/index.ts";
import { parseBarsCsv } from "./bars-csv.ts";

/** A problem with the input, reported as one line. */
class InputError extends Error {}

function readText(path: string, what: string): string {
  try {
    return readFileSync(path, "utf8");
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    const why = code === "ENOENT" ? "no such file" : code === "EISDIR" ? "it is a directory" : code === "EACCES" ? "permission denied" : String((e as Error).message);
    throw new InputError(`cannot read the ${what} ${path}: ${why}`);
  }
}

const USAGE = "usage: formula --file FORMULA.txt --csv BARS.csv [--tail N] [--param NAME=VALUE ...] [--vol-unit N]";

function formatTime(t: number): string {
  const d = new Date(t);
  const day = d.toISOString().slice(0, 10);
  return d.getUTCHours() === 0 && d.getUTCMinutes() === 0 ? day : `${day} ${d.toISOString().slice(11, 16)}`;
}

function formatValue(v: number): string {
  if (v !== v) return "";
  return String(Number(v.toFixed(6)));
}

function main(argv: string[]): number {
  const { values } = parseArgs({
    args: argv,
    options: {
      file: { type: "string" },
      csv: { type: "string" },
      tail: { type: "string", default: "10" },
      param: { type: "string", multiple: true, default: [] },
      "vol-unit": { type: "string", default: "1" },
    },
  });
  if (!values.file || !values.csv) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  const tail = Number(values.tail);
  const volUnit = Number(values["vol-unit"]);
  const params: Record<string, number> = {};
  for (const p of values.param) {
    const m = /^([^=]+)=(.+)$/.exec(p);
    if (!m || !Number.isFinite(Number(m[2]))) {
      process.stderr.write(`--param ${p}: expected NAME=NUMBER\n`);
      return 2;
    }
    params[m[1]!.trim()] = Number(m[2]);
  }
  if (!Number.isInteger(tail) || tail < 0 || !(volUnit > 0)) {
    process.stderr.write(`--tail must be a whole number and --vol-unit positive\n${USAGE}\n`);
    return 2;
  }

  const compiled = compileFormula(readText(values.file, "formula file"), { params });
  for (const w of compiled.warnings) process.stderr.write(`warning: ${formatDiagnostic(w)}\n`);
  if (!compiled.plan) {
    for (const e of compiled.errors) process.stderr.write(`error: ${formatDiagnostic(e)}\n`);
    return 1;
  }
  let bars;
  try {
    bars = parseBarsCsv(readText(values.csv, "bars CSV"));
  } catch (e) {
    throw e instanceof InputError ? e : new InputError(`${values.csv}: ${(e as Error).message}`);
  }
  const columns = evaluatePlan(compiled.plan, bars, { volUnit });
  const lines = [["date", ...columns.map((c) => c.name)].join(",")];
  for (let i = Math.max(0, bars.length - tail); i < bars.length; i++) {
    lines.push([formatTime(bars.time[i]!), ...columns.map((c) => formatValue(c.values[i]!))].join(","));
  }
  process.stdout.write(`${lines.join("\n")}\n`);
  return 0;
}

try {
  process.exitCode = main(process.argv.slice(2));
} catch (e) {
  // bad input is one line; an unknown option also shows the usage
  const usage = (e as NodeJS.ErrnoException).code?.startsWith("ERR_PARSE_ARGS") ? `\n${USAGE}` : "";
  if (!(e instanceof InputError) && !usage) throw e;
  process.stderr.write(`formula: ${(e as Error).message}${usage}\n`);
  process.exitCode = usage ? 2 : 1;
}
