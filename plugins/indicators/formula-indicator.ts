/**
 * Builds an indicator plugin from its TDX formula text: the text is the one
 * definition, compiled once at start-up and evaluated per request. An
 * indicator that needs more speed supplies a hand-written kernel from
 * core/indicators; the formula stays the reference it is tested against.
 */
import type { BarSeries } from "../../core/bars/series.ts";
import { compileFormula, evaluatePlan, FormulaError } from "../../core/formula/index.ts";
import type { IndicatorParam, IndicatorPlugin } from "../../ports/plugins.ts";

export interface FormulaIndicatorPlugin extends IndicatorPlugin {
  /** The TDX definition; parameters are referred to by name. */
  readonly formula: string;
  /** Computes through the formula engine even when a kernel exists (for tests and comparisons). */
  computeByFormula(series: BarSeries, params?: Readonly<Record<string, number>>): Record<string, Float64Array>;
}

export interface FormulaIndicatorDef {
  readonly id: string;
  readonly title: string;
  readonly description?: string;
  readonly params: readonly IndicatorParam[];
  readonly formula: string;
  /**
   * A hand-written kernel giving the same numbers faster. It may return null
   * (for input it does not handle, such as bars with gaps); the formula is
   * then used.
   */
  readonly kernel?: (series: BarSeries, params: Readonly<Record<string, number>>) => Record<string, Float64Array> | null;
}

/** A period parameter: a whole number of bars from 1 to 1000 unless stated. */
export function period(name: string, dflt: number, description?: string, min = 1, max = 1000): IndicatorParam {
  return description === undefined ? { name, default: dflt, min, max } : { name, default: dflt, min, max, description };
}

export function formulaIndicator(def: FormulaIndicatorDef): FormulaIndicatorPlugin {
  const defaults = Object.fromEntries(def.params.map((p) => [p.name, p.default]));
  const compiled = compileFormula(def.formula, { params: defaults });
  if (!compiled.plan) throw new FormulaError(compiled.errors);
  const plan = compiled.plan;
  const outputs = compiled.outputs.map((o) => o.name);
  const merge = (params: Readonly<Record<string, number>> = {}) => ({ ...defaults, ...params });
  const computeByFormula = (series: BarSeries, params?: Readonly<Record<string, number>>) =>
    Object.fromEntries(evaluatePlan(plan, series, { params: merge(params) }).map((c) => [c.name, c.values]));
  const kernel = def.kernel;
  return {
    kind: "indicator",
    id: def.id,
    title: def.title,
    ...(def.description === undefined ? {} : { description: def.description }),
    params: def.params,
    outputs,
    formula: def.formula,
    compute: kernel ? (series, params) => kernel(series, merge(params)) ?? computeByFormula(series, params) : computeByFormula,
    computeByFormula,
  };
}
