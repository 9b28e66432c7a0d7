/**
 * `formula`: a TDX formula (`--file` or `--text`) on a security's bars through
 * `/formula/compute` (the latest `--tail` bars), checked only with `--validate`
 * (`/formula/validate`), or on a local CSV of bars (`--csv`, no service needed:
 * the formula engine of core/ runs here; `npm run formula` is this command with
 * CSV output). Compile errors are one line on stderr, exit status 1. `screen`
 * runs a formula's signal over many securities (`/formula/screen`, a task).
 */
import { readFileSync } from "node:fs";
import type { BarSeries } from "../../core/bars/index.ts";
import { compileFormula, evaluatePlan, formatDiagnostic } from "../../core/formula/index.ts";
import { UsageError } from "./cli-args.ts";
import { type Command, type CliIo, flag, list, num, str } from "./cli-command.ts";
import { answer } from "./cli-command.ts";
import { recordOf, rowsOf, type Output } from "./cli-output.ts";
import { parseBarsCsv } from "./bars-csv.ts";

/** A local file's text; a file that cannot be read is one line saying why (no errno dump). */
function readText(path: string, what: string): string {
  try {
    return readFileSync(path, "utf8");
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    const why = code === "ENOENT" ? "no such file" : code === "EISDIR" ? "it is a directory" : code === "EACCES" ? "permission denied" : (e as Error).message;
    throw new Error(`cannot read the ${what} ${path}: ${why}`);
  }
}
import { runTask } from "./cli-tasks.ts";
import { ADJUST, PERIOD } from "./quote-commands.ts";
import { adjust, assignments, category, market, symbols } from "./cli-values.ts";
import type { OptionSpec, OptionValues } from "./cli-args.ts";

function barTime(t: number): string {
  const d = new Date(t);
  const day = d.toISOString().slice(0, 10);
  return d.getUTCHours() === 0 && d.getUTCMinutes() === 0 ? day : `${day} ${d.toISOString().slice(11, 16)}`;
}

/** Values to 6 decimals (the float noise of chained EMAs is not information); no value is null. */
const value = (v: number) => (v !== v ? null : Number(v.toFixed(6)));

/** The formula on bars in a local CSV, evaluated by the core engine. */
function onCsv(text: string, bars: BarSeries, params: Record<string, number>, tail: number, volUnit: number, io: CliIo): Output {
  const compiled = compileFormula(text, { params });
  for (const w of compiled.warnings) io.note(`warning: ${formatDiagnostic(w)}`);
  if (!compiled.plan) throw new Error(compiled.errors.map((e) => formatDiagnostic(e)).join("; "));
  const columns = evaluatePlan(compiled.plan, bars, { volUnit });
  const rows = [];
  for (let i = Math.max(0, bars.length - tail); i < bars.length; i++) {
    rows.push(Object.fromEntries([["date", barTime(bars.time[i]!)], ...columns.map((c) => [c.name, value(c.values[i]!)])]));
  }
  return rowsOf(rows, ["date", ...columns.map((c) => c.name)]);
}

const TEXT_OPTIONS: readonly OptionSpec[] = [
  { name: "file", type: "string", meta: "PATH", help: "formula text from a file" },
  { name: "text", type: "string", meta: "FORMULA", help: "formula text given inline" },
  { name: "param", type: "list", meta: "NAME=VALUE", help: "a formula parameter" },
];

/** The formula text and its numeric parameters, from --file/--text and --param. */
function formulaInput(opts: OptionValues): { text: string; params: Record<string, number> } {
  const file = str(opts, "file");
  const text = file !== undefined ? readText(file, "formula file") : str(opts, "text");
  if (text === undefined) throw new UsageError("give the formula with --file PATH or --text FORMULA");
  const params = assignments(list(opts, "param"), "--param");
  for (const [k, v] of Object.entries(params)) if (typeof v !== "number") throw new UsageError(`--param ${k}: expected a number`);
  return { text, params: params as Record<string, number> };
}

export const formulaCommands: readonly Command[] = [
  {
    name: "formula",
    summary: "Run (or with --validate check) a TDX formula on a security's bars or on a CSV of bars.",
    args: [
      { name: "MARKET", help: "SZ, SH or BJ (not with --csv)", default: "" },
      { name: "CODE", help: "six-digit code", default: "" },
    ],
    options: [
      ...TEXT_OPTIONS,
      { name: "validate", type: "boolean", default: false, help: "only check the formula: errors, outputs, signals, future functions" },
      PERIOD,
      { name: "count", type: "integer", default: 250, help: "bars evaluated (security)" },
      ADJUST,
      { name: "tail", type: "integer", default: 10, help: "latest rows printed" },
      { name: "csv", type: "string", meta: "PATH", help: "evaluate on this CSV (date,open,high,low,close,vol[,amount]) instead of a security" },
      { name: "vol-unit", type: "number", default: 1, help: "with --csv: shares per VOL unit of the formula (100 = lots)" },
    ],
    examples: ['formula SZ 000001 --text "MA5:MA(C,5); UP:CROSS(C,MA5);" --tail 3 --table', "formula --file f.txt --csv bars.csv --output csv", 'formula --validate --text "X:REF(C,-1);"'],
    async run(ctx, { args, opts }, io) {
      const { text, params: numeric } = formulaInput(opts);
      const tail = num(opts, "tail")!;
      const csv = str(opts, "csv");
      if (csv !== undefined) {
        if (!(num(opts, "vol-unit")! > 0) || tail < 0) throw new UsageError("--vol-unit must be positive and --tail not negative");
        const content = readText(csv, "bars CSV");
        let bars;
        try {
          bars = parseBarsCsv(content);
        } catch (e) {
          throw new Error(`${csv}: ${(e as Error).message}`);
        }
        return onCsv(text, bars, numeric, tail, num(opts, "vol-unit")!, io);
      }
      const api = await ctx.api();
      if (flag(opts, "validate")) return recordOf(await api.post("/api/v1/formula/validate", { text, params: numeric }));
      if (!args.MARKET || !args.CODE) throw new UsageError("give MARKET CODE, or --csv PATH, or --validate");
      const body = {
        text,
        params: numeric,
        market: market(args.MARKET),
        code: args.CODE,
        category: category(str(opts, "period")!),
        count: num(opts, "count"),
        adjust: adjust(str(opts, "adjust")!),
        tail,
      };
      const r = (await api.post("/api/v1/formula/compute", body)) as { recent?: Record<string, unknown>[]; warnings?: { line: number; column: number; message: string }[] };
      for (const w of r.warnings ?? []) io.note(`warning: line ${w.line}, column ${w.column}: ${w.message}`);
      return answer(r.recent ?? []);
    },
  },
  {
    name: "screen",
    summary: "Securities whose formula signal is on at the last bar (the universe, or --symbols).",
    args: [],
    options: [
      ...TEXT_OPTIONS,
      { name: "signal", type: "string", meta: "COLUMN", help: "signal column (default: the first signal output)" },
      { name: "symbols", type: "string", meta: "LIST", help: 'only these, e.g. "SZ:000001,SH:600519" (default: the universe)' },
      { name: "universe", type: "string", choices: ["all", "SH", "SZ", "BJ"], default: "all", help: "markets screened when no --symbols" },
      PERIOD,
      { name: "count", type: "integer", default: 120, help: "latest bars evaluated per security" },
      ADJUST,
      { name: "sort-by", type: "string", meta: "COLUMN", help: "output column to sort the matches by" },
      { name: "asc", type: "boolean", default: false, help: "ascending (default descending)" },
    ],
    examples: ['screen --text "UP:CROSS(C,MA(C,5));" --universe SZ --table'],
    async run(ctx, { opts }, io) {
      const { text, params } = formulaInput(opts);
      const only = str(opts, "symbols");
      const body = {
        text,
        params,
        signal: str(opts, "signal") ?? "",
        symbols: only ? symbols(only) : undefined,
        universe: str(opts, "universe"),
        category: category(str(opts, "period")!),
        count: num(opts, "count"),
        adjust: adjust(str(opts, "adjust")!),
        sort_by: str(opts, "sort-by"),
        descending: !flag(opts, "asc"),
      };
      const r = (await runTask(await ctx.api(), "/api/v1/formula/screen/run/async", body, io)) as { columns: string[]; rows: Record<string, unknown>[] };
      return rowsOf(r.rows, r.columns);
    },
  },
];
