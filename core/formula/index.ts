/**
 * TDX formula engine: the public face. Typical use:
 *
 *   const c = compileFormula("DIF:EMA(C,SHORT)-EMA(C,LONG);", { params: { SHORT: 12, LONG: 26 } });
 *   if (c.plan) for (const col of evaluatePlan(c.plan, bars)) ...;
 *
 * or `validateFormula(text)` for the report the HTTP layer returns.
 */
export type { Expr, Program, Statement, StyleWord, BinaryOp } from "./ast.ts";
export type { Diagnostic, SourcePos } from "./diagnostics.ts";
export { formatDiagnostic } from "./diagnostics.ts";
export { parseFormula, type ParseResult } from "./parser.ts";
export { printFormula, printExpr, printStatement } from "./printer.ts";
export { compileFormula, runFormula, FormulaError, type CompileOptions, type CompiledFormula, type FormulaDrawing } from "./compile.ts";
export { colorOf, styleOf, type OutputStyle, type PlotForm } from "./draw-style.ts";
export { sideOfIcon, sideOfName, type SignalSide } from "./signal-side.ts";
export { plotFormula, type FormulaPlot, type PlotDrawing, type PlotLine, type PlotPoint } from "./plot.ts";
export type { ParamUse } from "./compiler.ts";
export { evaluatePlan, FormulaUsageError, type EvaluateOptions, type FormulaColumn } from "./evaluate.ts";
export { describePlan, type FormulaPlan } from "./plan.ts";
export { validateFormula, type FormulaValidation } from "./validate.ts";
export { FORMULA_PARAM_LIMIT } from "./param-limit.ts";
export type { ColumnKind } from "./ir.ts";
export { periodCode } from "./period-code.ts";
export { FUNCTIONS } from "./catalog/index.ts";
export type { FunctionSpec, Kernel } from "./catalog/spec.ts";
