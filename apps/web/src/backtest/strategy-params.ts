/**
 * A strategy's parameters as the form edits them: defaults from the strategy
 * list, values carried over from a saved strategy or an earlier run where the
 * parameter still exists, and the bounds checked before submitting (the server
 * checks them again and answers 422 at `params.<name>`).
 */
import type { ParamValue, Params, StrategyInfo, StrategyParamInfo } from "../api/backtest-types.ts";
import { COMBINATION, memberValues } from "./combination.ts";

const fits = (p: StrategyParamInfo, v: unknown): v is ParamValue => (p.type === "bool" ? typeof v === "boolean" : p.type === "str" ? typeof v === "string" : typeof v === "number");

/** The strategy's defaults, overridden by `given` where a value has the right type. */
export function paramsFor(info: StrategyInfo, given: Readonly<Record<string, unknown>> = {}): Params {
  const out: Params = {};
  for (const p of info.params) {
    const v = given[p.name];
    if (fits(p, v)) out[p.name] = v;
    else if (p.default !== null) out[p.name] = p.default;
  }
  // a combination's member parameters ("<member>.<param>") are not in its list: kept as given
  return info.name === COMBINATION ? { ...out, ...memberValues(given) } : out;
}

export type ParamProblem = "number" | "integer" | "min" | "max" | "choice";

export function paramProblem(p: StrategyParamInfo, v: ParamValue | undefined): ParamProblem | null {
  if (v === undefined) return null;
  if (p.type === "bool") return null;
  if (p.type === "str") return p.choices && !p.choices.includes(String(v)) ? "choice" : null;
  if (typeof v !== "number" || !Number.isFinite(v)) return "number";
  if (p.type === "int" && !Number.isInteger(v)) return "integer";
  if (p.min_value !== undefined && v < p.min_value) return "min";
  if (p.max_value !== undefined && v > p.max_value) return "max";
  return null;
}

export const paramsValid = (info: StrategyInfo, params: Params): boolean => info.params.every((p) => paramProblem(p, params[p.name]) === null);

/** The parameter a formula editor edits (the `formula` strategy's text). */
export const formulaParam = (info: StrategyInfo): StrategyParamInfo | undefined => info.params.find((p) => p.type === "str" && p.name === "formula");

/** Short `fast=5, slow=20` text of parameters (the formula text abbreviated). */
export function paramsText(params: Readonly<Record<string, unknown>>): string {
  return Object.entries(params)
    .map(([k, v]) => `${k}=${typeof v === "string" && v.length > 24 ? `${v.slice(0, 24).replace(/\s+/g, " ")}…` : String(v)}`)
    .join(", ");
}
