/**
 * Builds an indicator plugin from its TDX formula text: the text is the one
 * definition, compiled once at start-up and evaluated per request. An
 * indicator that needs more speed supplies a hand-written kernel from
 * core/indicators; the formula stays the reference it is tested against.
 */
import type { BarField, BarSeries } from "../../core/bars/index.ts";
import { compileFormula, evaluatePlan, FormulaError } from "../../core/formula/index.ts";
import { type Allocate, freshColumn } from "../../core/indicators/index.ts";
import type { IndicatorParam, IndicatorPlugin } from "../../ports/plugins.ts";

export type Lines = Record<string, Float64Array>;

export interface FormulaIndicatorPlugin extends IndicatorPlugin {
  /** The TDX definition; parameters are referred to by name. */
  readonly formula: string;
  /** The bar columns the definition reads, in the order `BarSeries` lists them. */
  readonly inputs: readonly BarField[];
  /** True when a hand-written kernel computes it (the formula stays the reference). */
  readonly hasKernel: boolean;
  /** As `IndicatorPlugin.compute`, with the output columns taken from `allocate` (a `ColumnArena`). */
  compute(series: BarSeries, params: Readonly<Record<string, number>>, allocate?: Allocate): Lines;
  /** Computes through the formula engine even when a kernel exists (for tests and comparisons). */
  computeByFormula(series: BarSeries, params?: Readonly<Record<string, number>>, allocate?: Allocate): Lines;
  /** Computes through the kernel alone: null when there is none or it hands over (for tests: proof that it ran). */
  computeByKernel(series: BarSeries, params?: Readonly<Record<string, number>>, allocate?: Allocate): Lines | null;
}

export interface FormulaIndicatorDef {
  readonly id: string;
  readonly order?: number;
  readonly title: string;
  readonly titleEn?: string;
  readonly description?: string;
  readonly params: readonly IndicatorParam[];
  readonly formula: string;
  /**
   * A hand-written kernel giving the same numbers faster, its output columns
   * taken from `allocate`. It may return null (for input it does not handle,
   * such as bars with gaps); the formula is then used.
   */
  readonly kernel?: (series: BarSeries, params: Readonly<Record<string, number>>, allocate: Allocate) => Lines | null;
}

/** A period parameter: a whole number of bars from 1 to 1000 unless stated. */
export function period(name: string, dflt: number, description?: string, min = 1, max = 1000): IndicatorParam {
  return description === undefined ? { name, default: dflt, min, max } : { name, default: dflt, min, max, description };
}

const FIELDS: readonly BarField[] = ["open", "high", "low", "close", "vol", "amount"];

/** True for plugins built here (they carry their TDX text and inputs). */
export function isFormulaIndicator(p: IndicatorPlugin): p is FormulaIndicatorPlugin {
  return typeof (p as Partial<FormulaIndicatorPlugin>).formula === "string";
}

export function formulaIndicator(def: FormulaIndicatorDef): FormulaIndicatorPlugin {
  const defaults = Object.fromEntries(def.params.map((p) => [p.name, p.default]));
  const compiled = compileFormula(def.formula, { params: defaults });
  if (!compiled.plan) throw new FormulaError(compiled.errors);
  const plan = compiled.plan;
  const outputs = compiled.outputs.map((o) => o.name);
  const read = new Set(plan.inputs.map((i) => i.field));
  const inputs = FIELDS.filter((f) => read.has(f));
  const merge = (params: Readonly<Record<string, number>> = {}) => ({ ...defaults, ...params });
  const computeByFormula = (series: BarSeries, params?: Readonly<Record<string, number>>, allocate: Allocate = freshColumn) => {
    const lines: Lines = {};
    for (const c of evaluatePlan(plan, series, { params: merge(params), allocate })) lines[c.name] = c.values;
    return lines;
  };
  const kernel = def.kernel;
  const computeByKernel = (series: BarSeries, params?: Readonly<Record<string, number>>, allocate: Allocate = freshColumn) => (kernel ? kernel(series, merge(params), allocate) : null);
  return {
    kind: "indicator",
    id: def.id,
    ...(def.order === undefined ? {} : { order: def.order }),
    title: def.title,
    ...(def.titleEn === undefined ? {} : { titleEn: def.titleEn }),
    ...(def.description === undefined ? {} : { description: def.description }),
    params: def.params,
    outputs,
    formula: def.formula,
    inputs,
    hasKernel: kernel !== undefined,
    compute: kernel ? (series, params, allocate = freshColumn) => computeByKernel(series, params, allocate) ?? computeByFormula(series, params, allocate) : computeByFormula,
    computeByFormula,
    computeByKernel,
  };
}
