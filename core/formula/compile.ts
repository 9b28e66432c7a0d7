/**
 * Compile once, evaluate many: text → syntax tree → checked IR → plan. The
 * result carries everything a validator reports, and the plan when the
 * formula is valid.
 */
import type { BarSeries } from "../bars/index.ts";
import type { Program } from "./ast.ts";
import { analyze, type CompiledOutput, type ParamUse } from "./compiler.ts";
import type { OutputStyle } from "./draw-style.ts";
import { type Diagnostic, formatDiagnostic } from "./diagnostics.ts";
import { evaluatePlan, type EvaluateOptions, type FormulaColumn } from "./evaluate.ts";
import type { ColumnKind } from "./ir.ts";
import { parseFormula } from "./parser.ts";
import { buildPlan, type FormulaPlan } from "./plan.ts";

export interface CompileOptions {
  /** Values for the formula's parameters (TDX keeps them outside the text), by name in any case. */
  readonly params?: Readonly<Record<string, number>>;
  /** Also output every `:=` variable (to inspect intermediate columns); default false. */
  readonly includeAssignments?: boolean;
  /**
   * Also evaluate the arguments of the drawing statements a chart draws
   * (DRAWTEXT, DRAWICON, STICKLINE): the plan then returns, after the
   * outputs, one column per numeric argument of each drawing (see
   * `drawings`); default false.
   */
  readonly drawings?: boolean;
}

/** A drawing statement; its arguments are the plan's columns `columns[k]`, after the outputs (with `drawings: true`). */
export interface FormulaDrawing {
  readonly fn: string;
  readonly name: string | null;
  readonly text: string | null;
  readonly style: OutputStyle;
  /** Indexes into the evaluated columns, one per numeric argument in order. */
  readonly columns: readonly number[];
}

export interface CompiledFormula {
  readonly ok: boolean;
  /** Present exactly when `ok`. */
  readonly plan: FormulaPlan | null;
  readonly program: Program;
  readonly errors: readonly Diagnostic[];
  readonly warnings: readonly Diagnostic[];
  readonly outputs: readonly { readonly name: string; readonly kind: ColumnKind }[];
  /** How each output is drawn, in the order of `outputs`. */
  readonly styles: readonly OutputStyle[];
  /** The drawing statements a chart draws, in order (their columns exist only with `drawings: true`). */
  readonly drawings: readonly FormulaDrawing[];
  /** Style words and drawing functions accepted but not drawn (see draw-style.ts, plot.ts), upper-case, first use first. */
  readonly ignored: readonly string[];
  /** Functions and variables that read later bars, upper-case. */
  readonly futureFunctions: readonly string[];
  /** Parameters the formula uses: bound ones with their value, unknown names with null. */
  readonly params: readonly ParamUse[];
}

export function compileFormula(text: string, options: CompileOptions = {}): CompiledFormula {
  const { program, errors: syntax } = parseFormula(text);
  if (syntax.length > 0) {
    return {
      ok: false,
      plan: null,
      program,
      errors: syntax,
      warnings: [],
      outputs: [],
      styles: [],
      drawings: [],
      ignored: [],
      futureFunctions: [],
      params: [],
    };
  }
  const a = analyze(program, options.params, options.includeAssignments);
  const ok = a.errors.length === 0;
  const planParams = a.params.flatMap((p) => (p.value === null ? [] : [{ name: p.name, key: p.name.toUpperCase(), value: p.value }]));
  let next = a.outputs.length;
  const drawings = a.drawings.map((d) => ({
    fn: d.fn,
    name: d.name,
    text: d.text,
    style: d.style,
    columns: d.args.map(() => next++),
  }));
  // the drawings' arguments as extra outputs; their names (a control character) cannot clash with a formula's
  const planned: CompiledOutput[] = options.drawings
    ? [...a.outputs, ...a.drawings.flatMap((d, k) => d.args.map((node, j) => ({ name: `\u0001${k}.${j}`, kind: "numeric" as const, node, style: d.style })))]
    : a.outputs;
  return {
    ok,
    plan: ok ? buildPlan(a.graph, planned, planParams) : null,
    program,
    errors: a.errors,
    warnings: a.warnings,
    outputs: a.outputs.map(({ name, kind }) => ({ name, kind })),
    styles: a.outputs.map((o) => o.style),
    drawings,
    ignored: a.ignored,
    futureFunctions: a.futureFunctions,
    params: a.params,
  };
}

/** A formula that does not compile, with every diagnostic. */
export class FormulaError extends Error {
  override readonly name = "FormulaError";
  constructor(readonly diagnostics: readonly Diagnostic[]) {
    super(diagnostics.map(formatDiagnostic).join("\n"));
  }
}

/** Compiles and evaluates in one call; throws FormulaError when the text does not compile. */
export function runFormula(text: string, series: BarSeries, options: CompileOptions & Omit<EvaluateOptions, "params"> = {}): FormulaColumn[] {
  const c = compileFormula(text, options);
  if (!c.plan) throw new FormulaError(c.errors);
  return evaluatePlan(c.plan, series, options);
}
