/** Every built-in, looked up by upper-case name. */
import { drawingFunctions } from "./drawing.ts";
import { mathFunctions } from "./maths.ts";
import { pricePathFunctions } from "./price-path.ts";
import { seriesFunctions } from "./series-functions.ts";
import type { FunctionSpec, VariableSpec } from "./spec.ts";
import { unsupportedFunctions } from "./unsupported.ts";
import { variables } from "./variables.ts";

export const FUNCTIONS: ReadonlyMap<string, FunctionSpec> = new Map(
  [...mathFunctions, ...seriesFunctions, ...pricePathFunctions, ...drawingFunctions, ...unsupportedFunctions].map((f) => [f.name, f]),
);

export const VARIABLES: ReadonlyMap<string, VariableSpec> = new Map(variables.flatMap((v) => [v.name, ...(v.aliases ?? [])].map((k) => [k, v] as const)));
