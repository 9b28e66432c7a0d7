/**
 * A strategy plugin as `GET /backtest/strategies` lists it: easy_tdx's entry
 * (`name`, `label`, `description`, `params` with type/default/bounds/label,
 * `preset_grid`), with `label_en`/`description_zh` (and each parameter's
 * `label_en`) for the web app's other language, read off the plugin's zod schema, plus that schema as JSON Schema.
 * Each parameter also says which control a form renders it with (`input`),
 * because easy_tdx's UI draws a string without `choices` as a number box: a
 * free text parameter says "text" or, for multi-line text such as a formula
 * (zod meta `input: "textarea"`), "textarea", with its `max_length`.
 * The combination's dotted member parameters stay in `schema` only.
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
  title_en?: string;
  description?: string;
  maxLength?: number;
  input?: "textarea";
}

const TYPES: Record<string, "int" | "float" | "bool" | "str"> = { integer: "int", number: "float", boolean: "bool", string: "str" };

export type ParamInput = "number" | "checkbox" | "select" | "text" | "textarea";

function inputOf(type: string, p: JsonProp): ParamInput {
  if (p.enum) return "select";
  if (type === "bool") return "checkbox";
  if (type === "str") return p.input ?? "text";
  return "number";
}

export function strategySchema(plugin: StrategyPlugin<any>) {
  const schema = z.toJSONSchema(plugin.params, { io: "input", unrepresentable: "any" }) as { properties?: Record<string, JsonProp> };
  // a combination's "<member>.<param>" fields are its members' parameters, listed in their own entries (schema keeps them)
  const params = Object.entries(schema.properties ?? {})
    .filter(([name]) => !name.includes("."))
    .map(([name, p]) => {
      const type = TYPES[p.type ?? "string"] ?? "str";
      return {
        name,
        type,
        default: p.default ?? null,
        label: p.title ?? name,
        ...(p.title_en === undefined ? {} : { label_en: p.title_en }),
        ...(p.minimum === undefined ? {} : { min_value: p.minimum }),
        ...(p.maximum === undefined ? {} : { max_value: p.maximum }),
        ...(p.enum ? { choices: p.enum } : {}),
        ...(p.description ? { description: p.description } : {}),
        input: inputOf(type, p),
        ...(p.maxLength === undefined ? {} : { max_length: p.maxLength }),
      };
    });
  return {
    name: plugin.id,
    id: plugin.id,
    label: plugin.title,
    description: plugin.description,
    // the web app's other language; easy_tdx clients read label and description
    label_en: plugin.titleEn ?? plugin.id,
    description_zh: plugin.descriptionZh ?? plugin.description,
    params,
    preset_grid: plugin.defaultGrid as Record<string, (number | string | boolean)[]>,
    schema,
  };
}
