/**
 * A TDX formula's numeric output as a rotation score (easy_tdx's
 * `formula_score`): the named column, or the last numeric output, evaluated on
 * each member's bars. A formula with future functions (ZIG, REFX, …) is refused:
 * its value on a ranking day would depend on later prices.
 */
import type { BarSeries } from "../bars/index.ts";
import { compileFormula, evaluatePlan, formatDiagnostic, type FormulaPlan } from "../formula/index.ts";

export type ScoreFormula =
  | { readonly ok: true; readonly plan: FormulaPlan; readonly column: string }
  | { readonly ok: false; readonly field: "formula_text" | "score_col"; readonly messages: readonly string[] };

export function compileScoreFormula(text: string, column: string | null | undefined): ScoreFormula {
  const c = compileFormula(text);
  if (!c.plan) return { ok: false, field: "formula_text", messages: c.errors.map(formatDiagnostic) };
  if (c.futureFunctions.length > 0) {
    return { ok: false, field: "formula_text", messages: [`the score may not use future functions (${c.futureFunctions.join(", ")})`] };
  }
  const numeric = c.outputs.filter((o) => o.kind === "numeric").map((o) => o.name);
  const wanted = column ?? numeric[numeric.length - 1];
  if (wanted === undefined) return { ok: false, field: "formula_text", messages: ["the formula has no numeric output to rank by"] };
  const found = c.outputs.find((o) => o.name === wanted) ?? c.outputs.find((o) => o.name.toUpperCase() === wanted.toUpperCase());
  if (!found) return { ok: false, field: "score_col", messages: [`no output column ${wanted} (outputs: ${c.outputs.map((o) => o.name).join(", ") || "none"})`] };
  return { ok: true, plan: c.plan, column: found.name };
}

/** The score column on `bars` (NaN where the formula has no value). */
export function formulaScore(f: ScoreFormula & { ok: true }, bars: BarSeries): Float64Array {
  return evaluatePlan(f.plan, bars).find((c) => c.name === f.column)!.values;
}
