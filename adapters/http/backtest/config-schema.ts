/**
 * zod fields for the trading settings of a backtest request, built from the
 * engine's field table (core/backtest/config.ts) so the HTTP schema, its OpenAPI
 * text and the engine's own validation share one set of defaults and bounds.
 */
import { z } from "@hono/zod-openapi";
import type { FieldSpec } from "../../../core/backtest/index.ts";

function fieldSchema(spec: FieldSpec): z.ZodType {
  switch (spec.kind) {
    case "boolean":
      return z.boolean().default(spec.default).openapi({ description: spec.description });
    case "enum":
      return z
        .enum(spec.values as [string, ...string[]])
        .default(spec.default)
        .openapi({ description: spec.description });
    case "rate_or_auto":
      return z
        .union([z.number().min(spec.min).max(spec.max), z.literal("auto")])
        .default(spec.default)
        .openapi({ description: spec.description });
    case "number": {
      let n = spec.integer ? z.number().int() : z.number();
      n = spec.exclusiveMin ? n.gt(spec.min) : n.min(spec.min);
      if (spec.max !== undefined) n = n.max(spec.max);
      return n.default(spec.default).openapi({ description: spec.description });
    }
  }
}

/** One zod field per setting, with the engine's default, bounds and wording. */
export function configShape(fields: { readonly [name: string]: FieldSpec }): Record<string, z.ZodType> {
  return Object.fromEntries(Object.entries(fields).map(([name, spec]) => [name, fieldSchema(spec)]));
}
