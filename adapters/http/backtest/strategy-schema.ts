/**
 * A strategy plugin as `GET /backtest/strategies` lists it: easy_tdx's entry
 * (`name`, `label`, `description`, `params` with type/default/bounds/label,
 * `preset_grid`) read off the plugin's zod schema, plus that schema as JSON Schema.
 */
import { z } from "zod";
import type { StrategyPlugin } from "../../../ports/plugins.ts";

interface JsonProp {
  type?: string;
  default?: number | string | boolean;
  minimum?: number;
  maximum?: number;
  enum?: string[];
  title?: string;
  description?: string;
}

const TYPES: Record<string, "int" | "float" | "bool" | "str"> = { integer: "int", number: "float", boolean: "bool", string: "str" };

export function strategySchema(plugin: StrategyPlugin<any>) {
  const schema = z.toJSONSchema(plugin.params, { io: "input", unrepresentable: "any" }) as { properties?: Record<string, JsonProp> };
  const params = Object.entries(schema.properties ?? {}).map(([name, p]) => ({
    name,
    type: TYPES[p.type ?? "string"] ?? "str",
    default: p.default ?? null,
    label: p.title ?? name,
    ...(p.minimum === undefined ? {} : { min_value: p.minimum }),
    ...(p.maximum === undefined ? {} : { max_value: p.maximum }),
    ...(p.enum ? { choices: p.enum } : {}),
    ...(p.description ? { description: p.description } : {}),
  }));
  return {
    name: plugin.id,
    id: plugin.id,
    label: plugin.title,
    description: plugin.description,
    params,
    preset_grid: plugin.defaultGrid as Record<string, (number | string | boolean)[]>,
    schema,
  };
}
