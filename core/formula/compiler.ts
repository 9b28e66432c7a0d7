/**
 * Semantic analysis: resolves names (case-insensitively), checks every call
 * against the catalog (arity, argument types, domains), flags future reads,
 * collects ignored styles and drawings, classifies outputs as signal or
 * numeric, and lowers the formula into an IR graph. Problems are collected,
 * never thrown: an erroneous subexpression becomes node −1, which later
 * checks pass over silently so one mistake yields one message.
 */
import type { Expr, Program, Statement } from "./ast.ts";
import { FUNCTIONS, VARIABLES } from "./catalog/index.ts";
import type { ArgType, FunctionSpec, Kernel, VariableSpec } from "./catalog/spec.ts";
import type { TemplateParams } from "../text/index.ts";
import { type Diagnostic, type SourcePos, diagnostic } from "./diagnostics.ts";
import { ARGUMENT_PROBLEMS, DATA_NEEDS, type FormulaMessageCode } from "./formula-messages.ts";
import { IRGraph, type ColumnKind } from "./ir.ts";
import { NEGATE, OPERATORS, SCALAR_OPERATORS, SPREAD, type PerBar } from "./kernels/per-bar.ts";
import type { Recurrence } from "./kernels/recurrences.ts";
import { isDrawnStyle, styleOf, type OutputStyle } from "./draw-style.ts";
import { classifyStyleWord } from "./style-words.ts";
import { closest } from "./suggest.ts";
import { printExpr } from "./printer.ts";

export interface CompiledOutput {
  readonly name: string;
  readonly kind: ColumnKind;
  readonly node: number;
  /** How TDX draws the line (its style words). */
  readonly style: OutputStyle;
}

/** Drawing statements the chart draws (DRAWTEXT, DRAWICON, STICKLINE), with their numeric arguments as nodes. */
export const DRAWN = new Set(["DRAWTEXT", "DRAWICON", "STICKLINE"]);

export interface CompiledDrawing {
  readonly fn: string;
  /** The statement's name (`主力进场:STICKLINE(...)`), or null. */
  readonly name: string | null;
  /** Nodes of the numeric arguments, in order (DRAWTEXT's text left out). */
  readonly args: readonly number[];
  /** DRAWTEXT's text as written (the literal's content, or the expression printed). */
  readonly text: string | null;
  readonly style: OutputStyle;
}

export interface ParamUse {
  readonly name: string;
  /** The bound value, or null when the formula uses an unknown name that may be a parameter. */
  readonly value: number | null;
}

export interface Analysis {
  readonly graph: IRGraph;
  readonly outputs: CompiledOutput[];
  readonly drawings: CompiledDrawing[];
  readonly errors: Diagnostic[];
  readonly warnings: Diagnostic[];
  readonly ignored: string[];
  readonly futureFunctions: string[];
  readonly params: ParamUse[];
}

const ERR = -1;

const SIGNAL_OPS = new Set([">", "<", ">=", "<=", "=", "<>", "AND", "OR"]);

const neg = (v: number) => -v;
/** Kernels for the built-in variables that are computed (DATE, ISLASTBAR ...), made once. */
const VARIABLE_KERNELS = new Map<VariableSpec, Kernel>();
function variableKernel(v: VariableSpec): Kernel {
  let k = VARIABLE_KERNELS.get(v);
  if (!k) {
    const run = v.run!;
    k = (o, _a, ctx) => run(o, ctx);
    VARIABLE_KERNELS.set(v, k);
  }
  return k;
}

function argType(spec: FunctionSpec, i: number): ArgType {
  return (spec.args[i] ?? spec.args[spec.args.length - 1]!).type;
}

function byPosition(a: Diagnostic, b: Diagnostic): number {
  return a.line - b.line || a.column - b.column;
}

function ordinal(i: number): string {
  return ["first", "second", "third", "fourth", "fifth", "sixth"][i] ?? `${i + 1}th`;
}

class Compiler {
  readonly graph = new IRGraph();
  readonly errors: Diagnostic[] = [];
  readonly warnings: Diagnostic[] = [];
  readonly ignored = new Set<string>();
  readonly futures = new Set<string>();
  readonly params = new Map<string, ParamUse>();
  private readonly env = new Map<string, { id: number; line: number }>();
  private readonly definedLater = new Map<string, number>();
  readonly outputs: CompiledOutput[] = [];
  readonly drawings: CompiledDrawing[] = [];
  private readonly outputNames = new Set<string>();

  constructor(
    private readonly bound: ReadonlyMap<string, { name: string; value: number }>,
    private readonly includeAssignments: boolean,
  ) {}

  private error(pos: SourcePos, code: FormulaMessageCode, params?: TemplateParams): number {
    this.errors.push(diagnostic(pos, code, params));
    return ERR;
  }

  private flagFuture(name: string, pos: SourcePos, negativeLag = false): void {
    if (!this.futures.has(name)) {
      this.futures.add(name);
      this.warnings.push(diagnostic(pos, negativeLag ? "future_negative_lag" : "future_function", { name }));
    }
  }

  program(p: Program): void {
    for (const s of p.statements) if (s.name !== null) this.definedLater.set(s.name.toUpperCase(), s.pos.line);
    let anonymous = 0;
    for (const s of p.statements) {
      const drawing = s.expr.type === "call" ? FUNCTIONS.get(s.expr.name.toUpperCase()) : undefined;
      if (drawing?.returns === "drawing" && s.expr.type === "call") {
        const charted = DRAWN.has(drawing.name) && s.kind !== "assign";
        if (!charted) this.ignored.add(drawing.name);
        const drawn = this.call(s.expr, drawing, true);
        this.styles(s, charted);
        if (drawn !== ERR && charted) this.addDrawing(s, drawing.name, drawn);
        if (s.name !== null) this.definedLater.delete(s.name.toUpperCase());
        if (s.kind === "assign") this.error(s.pos, "drawing_assigned", { name: s.name!, drawing: drawing.name });
        continue;
      }
      const id = this.expr(s.expr);
      this.styles(s, s.kind !== "assign");
      if (s.name !== null) this.definedLater.delete(s.name.toUpperCase());
      if (id !== ERR && this.graph.nodes[id]!.shape === "text" && s.kind !== "assign") {
        this.error(s.expr.pos, "text_output");
        continue;
      }
      if (s.kind === "anonymous") {
        anonymous++;
        if (id === ERR) continue;
        this.addOutput(this.anonymousName(s, anonymous), id, s);
        continue;
      }
      const key = s.name!.toUpperCase();
      const previous = this.env.get(key);
      if (previous) {
        this.error(s.pos, "already_defined", { name: s.name!, line: previous.line });
        continue;
      }
      this.env.set(key, { id, line: s.pos.line });
      if ((s.kind === "output" || this.includeAssignments) && id !== ERR && this.graph.nodes[id]!.shape !== "text") {
        this.addOutput(s.name!, id, s);
      }
    }
    if (this.outputs.length === 0 && this.errors.length === 0) {
      this.warnings.push(diagnostic({ line: 1, column: 1 }, "no_output"));
    }
  }

  /** A bare `NAME;` re-plots a `:=` variable under its own name; other anonymous lines are OUTPUT_k. */
  private anonymousName(s: Statement, k: number): string {
    if (s.expr.type === "name" && this.env.has(s.expr.name.toUpperCase()) && !this.outputNames.has(s.expr.name.toUpperCase())) {
      return s.expr.name;
    }
    let name = `OUTPUT_${k}`;
    while (this.outputNames.has(name)) name += "_";
    return name;
  }

  private addOutput(name: string, node: number, s: Statement): void {
    this.outputNames.add(name.toUpperCase());
    this.outputs.push({ name, kind: this.graph.nodes[node]!.kind, node, style: styleOf(s.styles) });
  }

  private addDrawing(s: Statement, fn: string, node: number): void {
    const call = s.expr as Extract<Expr, { type: "call" }>;
    const args = this.graph.nodes[node]!.args.filter((a) => this.graph.nodes[a]!.shape !== "text");
    const t = fn === "DRAWTEXT" ? call.args[2]! : null;
    const text = t === null ? null : t.type === "string" ? t.value : printExpr(t);
    this.drawings.push({ fn, name: s.name, args, text, style: styleOf(s.styles) });
  }

  /** Checks the style words; those a chart does not draw (or all, on a line that is not drawn) are listed as ignored. */
  private styles(s: Statement, drawn: boolean): void {
    for (const w of s.styles) {
      if (w.name === "") continue;
      const cls = classifyStyleWord(w.name);
      if (cls === "unknown") {
        this.error(w.pos, "not_style_word", { word: w.name });
        continue;
      }
      if (cls === "style-like") this.warnings.push(diagnostic(w.pos, "unknown_style_word", { word: w.name }));
      if (!drawn || !isDrawnStyle(w.name)) this.ignored.add(w.name.toUpperCase());
    }
  }

  private expr(e: Expr): number {
    switch (e.type) {
      case "number":
        return this.graph.constant(e.value);
      case "string":
        return this.graph.add("text", "numeric", "text", [], {}, e.value);
      case "name":
        return this.name(e.name, e.pos);
      case "call": {
        const spec = FUNCTIONS.get(e.name.toUpperCase());
        if (!spec) {
          if (VARIABLES.has(e.name.toUpperCase()) || this.env.has(e.name.toUpperCase())) {
            this.args(e.args);
            return this.error(e.pos, "not_a_function", { name: e.name });
          }
          const hint = closest(e.name, FUNCTIONS.keys());
          this.args(e.args);
          return this.error(e.pos, hint ? "unknown_function_hint" : "unknown_function", hint ? { name: e.name, hint } : { name: e.name });
        }
        if (spec.returns === "drawing") {
          this.args(e.args);
          return this.error(e.pos, "drawing_in_expression", { name: spec.name });
        }
        return this.call(e, spec, false);
      }
      case "unary": {
        const id = this.expr(e.operand);
        if (id === ERR || e.op === "+") return this.numericOnly(id, e.operand.pos);
        if (this.numericOnly(id, e.operand.pos) === ERR) return ERR;
        return this.apply("NEG", [id], "numeric", neg, { perBar: NEGATE });
      }
      case "binary": {
        const l = this.numericOnly(this.expr(e.left), e.left.pos);
        const r = this.numericOnly(this.expr(e.right), e.right.pos);
        if (l === ERR || r === ERR) return ERR;
        const kind: ColumnKind = SIGNAL_OPS.has(e.op) ? "signal" : "numeric";
        return this.apply(e.op, [l, r], kind, SCALAR_OPERATORS[e.op]!, { perBar: OPERATORS[e.op]! });
      }
      case "external": {
        this.args(e.args ?? []);
        return this.error(e.pos, e.text.includes("$") ? "other_security" : "other_formula", { text: e.text });
      }
      case "period":
        this.expr(e.operand);
        return this.error(e.pos, "other_period", { period: e.period });
    }
  }

  private args(args: readonly Expr[]): number[] {
    return args.map((a) => this.expr(a));
  }

  private numericOnly(id: number, pos: SourcePos): number {
    if (id !== ERR && this.graph.nodes[id]!.shape === "text") {
      return this.error(pos, "text_in_arithmetic");
    }
    return id;
  }

  /** Scalar operands give a scalar (folded when constant); otherwise a column kernel. */
  private apply(
    label: string,
    args: number[],
    kind: ColumnKind,
    scalar: ((...a: number[]) => number) | undefined,
    kernel: { readonly run?: Kernel; readonly perBar?: PerBar; readonly recur?: Recurrence },
  ): number {
    const nodes = args.map((a) => this.graph.nodes[a]!);
    if (scalar && nodes.every((n) => n.shape === "scalar")) {
      if (nodes.every((n) => n.tag === "const")) {
        return this.graph.constant(scalar(...nodes.map((n) => n.value)), kind);
      }
      return this.graph.add("scalar", kind, label, args, { fn: scalar });
    }
    if (kernel.perBar) return this.graph.add("series", kind, label, args, { perBar: kernel.perBar });
    const step = kernel.recur ? { recur: kernel.recur } : {};
    return this.graph.add("series", kind, label, args, { run: kernel.run!, ...step });
  }

  private column(id: number): number {
    const n = this.graph.nodes[id]!;
    if (n.shape === "series") return id;
    return this.graph.add("series", n.kind, "SPREAD", [id], { perBar: SPREAD });
  }

  private name(name: string, pos: SourcePos): number {
    const key = name.toUpperCase();
    const bound = this.env.get(key);
    if (bound) return bound.id;
    const param = this.bound.get(key);
    if (param) {
      if (!this.params.has(key)) this.params.set(key, { name: param.name, value: param.value });
      return this.graph.add("param", "numeric", key, [], { name: key });
    }
    const v = VARIABLES.get(key);
    if (v) return this.variable(v, name, pos);
    if (FUNCTIONS.has(key)) return this.error(pos, "function_without_call", { name });
    const later = this.definedLater.get(key);
    if (later !== undefined) return this.error(pos, "used_before_defined", { name, line: later });
    if (!this.params.has(key)) this.params.set(key, { name, value: null });
    const hint = closest(name, [...VARIABLES.keys(), ...this.env.keys()]);
    return this.error(pos, hint ? "unknown_name_hint" : "unknown_name", hint ? { name, hint } : { name });
  }

  private variable(v: VariableSpec, written: string, pos: SourcePos): number {
    if (v.needs) return this.error(pos, "needs_data", { name: written, needs: DATA_NEEDS[v.needs], needs_kind: v.needs });
    if (v.future) this.flagFuture(v.name, pos);
    if (v.constant !== undefined) return this.graph.constant(v.constant);
    if (v.field) return this.graph.add("input", "numeric", v.name, [], { field: v.field });
    return this.graph.add("series", v.returns === "signal" ? "signal" : "numeric", v.name, [], { run: variableKernel(v) });
  }

  private call(e: Extract<Expr, { type: "call" }>, spec: FunctionSpec, asStatement: boolean): number {
    const ids = this.args(e.args);
    if (spec.needs) {
      return this.error(e.pos, "needs_data", { name: spec.name, needs: DATA_NEEDS[spec.needs], needs_kind: spec.needs });
    }
    const min = spec.minArgs ?? spec.args.length;
    const max = spec.variadic ? Infinity : spec.args.length;
    if (ids.length < min || ids.length > max) {
      const signature = `${spec.name}(${spec.args.map((a) => a.name).join(",")}${spec.variadic ? ",..." : ""})`;
      const code = min !== max ? (spec.variadic ? "arity_at_least" : "arity_range") : max === 1 ? "arity_one" : "arity_exact";
      return this.error(e.pos, code, { name: spec.name, min, ...(Number.isFinite(max) ? { max } : {}), signature, given: ids.length });
    }
    if (ids.includes(ERR)) return ERR;
    for (let i = 0; i < ids.length; i++) if (this.check(ids[i]!, argType(spec, i), spec, i, e.args[i]!.pos) === ERR) return ERR;
    const constants = ids.map((id) => {
      const n = this.graph.nodes[id]!;
      return n.tag === "const" ? n.value : undefined;
    });
    const problem = spec.check?.(constants);
    if (problem) return this.error(e.pos, "bad_argument", { name: spec.name, problem: ARGUMENT_PROBLEMS[problem], problem_code: problem });
    if (spec.future || spec.futureWhen?.(constants)) {
      this.flagFuture(spec.name, e.pos, !spec.future);
    }
    if (asStatement || spec.returns === "text") {
      return this.graph.add("text", "numeric", spec.name, ids);
    }
    const kind: ColumnKind = spec.returns === "signal" || spec.signalFrom?.every((i) => this.graph.nodes[ids[i]!]!.kind === "signal" || this.graph.isBinaryConstant(ids[i]!)) ? "signal" : "numeric";
    const nodes = ids.map((id) => this.graph.nodes[id]!);
    if (spec.scalar && nodes.every((n) => n.shape === "scalar")) return this.apply(spec.name, ids, kind, spec.scalar, spec);
    const columns = ids.map((id, i) => (argType(spec, i) === "series" ? this.column(id) : id));
    if (spec.shift && nodes[1]!.shape === "scalar") return this.apply(spec.name, columns, kind, undefined, { perBar: spec.shift });
    if (spec.recur && nodes.every((n, i) => i === 0 || n.shape === "scalar")) {
      return this.apply(spec.name, columns, kind, undefined, { run: spec.run!, recur: spec.recur });
    }
    return this.apply(spec.name, columns, kind, undefined, spec.perBar ? { perBar: spec.perBar } : { run: spec.run! });
  }

  /** Checks an argument against its declared type; returns ERR after reporting a mismatch. */
  private check(id: number, type: ArgType, spec: FunctionSpec, i: number, pos: SourcePos): number {
    const node = this.graph.nodes[id]!;
    const what = { ordinal: ordinal(i), index: i + 1, name: spec.name, arg: (spec.args[i] ?? spec.args[spec.args.length - 1]!).name };
    if (type === "text") {
      return node.shape === "text" ? id : this.error(pos, "argument_not_text", what);
    }
    if (node.shape === "text") return this.error(pos, "argument_text", what);
    if (type === "constant" && node.shape !== "scalar") {
      return this.error(pos, "argument_not_constant", what);
    }
    return id;
  }
}

export function analyze(program: Program, params: Readonly<Record<string, number>> = {}, includeAssignments = false): Analysis {
  const bound = new Map(Object.entries(params).map(([name, value]) => [name.toUpperCase(), { name, value }]));
  const c = new Compiler(bound, includeAssignments);
  c.program(program);
  return {
    graph: c.graph,
    outputs: c.outputs,
    drawings: c.drawings,
    errors: c.errors.sort(byPosition),
    warnings: c.warnings.sort(byPosition),
    ignored: [...c.ignored],
    futureFunctions: [...c.futures],
    params: [...c.params.values()],
  };
}
