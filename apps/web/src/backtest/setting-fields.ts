/**
 * The trading settings of a backtest form, read from the request body's JSON
 * Schema in the server's OpenAPI document: kind, default, bounds and the
 * engine's own wording. The form follows the server, so a setting added there
 * appears here without a release of the page. Only the grouping and the
 * fields that depend on another are the page's own knowledge.
 */
import type { JsonSchema } from "../api/endpoints.ts";

export type SettingKind = "boolean" | "enum" | "number" | "integer" | "rate_or_auto";

export type SettingGroup = "walkforward" | "capital" | "costs" | "rules" | "execution" | "sizing" | "portfolio" | "advanced";

export const SETTING_GROUPS: readonly SettingGroup[] = ["walkforward", "capital", "costs", "rules", "execution", "sizing", "portfolio", "advanced"];

export type SettingValue = number | string | boolean;
export type Settings = Record<string, SettingValue>;

export interface SettingField {
  readonly name: string;
  readonly kind: SettingKind;
  readonly default: SettingValue;
  readonly min?: number;
  /** `min` itself is not allowed. */
  readonly exclusiveMin?: boolean;
  readonly max?: number;
  readonly options?: readonly string[];
  readonly description: string;
  readonly group: SettingGroup;
}

const GROUP_OF: Readonly<Record<string, SettingGroup>> = {
  in_sample_ratio: "walkforward",
  anchored: "walkforward",
  context_bars: "walkforward",
  cash: "capital",
  commission: "costs",
  min_commission: "costs",
  stamp_tax: "costs",
  transfer_fee: "costs",
  slippage: "costs",
  t_plus_one: "rules",
  board_lot: "rules",
  price_limit: "rules",
  suspension: "rules",
  execution: "execution",
  allow_short: "execution",
  close_at_end: "execution",
  warmup_bars: "execution",
  sizing: "sizing",
  sizing_fraction: "sizing",
  sizing_amount: "sizing",
  rebalance: "portfolio",
  rebalance_every: "portfolio",
};

/** Settings that only matter when another has a given value. */
const SHOWN_WHEN: Readonly<Record<string, readonly [string, SettingValue]>> = {
  sizing_fraction: ["sizing", "fixed_fraction"],
  sizing_amount: ["sizing", "fixed_amount"],
  rebalance_every: ["rebalance", "periodic"],
};

const types = (s: JsonSchema): readonly string[] => (s.type === undefined ? [] : typeof s.type === "string" ? [s.type] : s.type);

function fieldOf(name: string, s: JsonSchema): SettingField | null {
  const base = { name, description: s.description ?? "", group: GROUP_OF[name] ?? ("advanced" as const) };
  const t = types(s);
  if (s.anyOf) {
    const num = s.anyOf.find((a) => types(a).includes("number"));
    const word = s.anyOf.find((a) => a.enum?.length === 1);
    if (!num || !word) return null;
    return { ...base, kind: "rate_or_auto", default: (s.default as SettingValue) ?? String(word.enum![0]), ...bounds(num) };
  }
  if (t.includes("boolean")) return { ...base, kind: "boolean", default: (s.default as boolean) ?? false };
  if (s.enum) return { ...base, kind: "enum", options: s.enum.map(String), default: String(s.default ?? s.enum[0]) };
  if (t.includes("integer") || t.includes("number")) {
    const kind = t.includes("integer") ? "integer" : "number";
    return { ...base, kind, default: typeof s.default === "number" ? s.default : 0, ...bounds(s) };
  }
  return null;
}

function bounds(s: JsonSchema): Pick<SettingField, "min" | "max" | "exclusiveMin"> {
  return {
    ...(s.exclusiveMinimum !== undefined ? { min: s.exclusiveMinimum, exclusiveMin: true } : s.minimum !== undefined ? { min: s.minimum } : {}),
    ...(s.maximum !== undefined ? { max: s.maximum } : {}),
  };
}

/** The settings of a request schema: every property except `exclude` (the data and strategy fields), in the schema's order. */
export function settingFields(schema: JsonSchema | undefined, exclude: ReadonlySet<string>): SettingField[] {
  const out: SettingField[] = [];
  for (const [name, s] of Object.entries(schema?.properties ?? {})) {
    if (exclude.has(name)) continue;
    const f = fieldOf(name, s);
    if (f) out.push(f);
  }
  return out;
}

export const defaultSettings = (fields: readonly SettingField[]): Settings => Object.fromEntries(fields.map((f) => [f.name, f.default]));

/** Whether a field applies under the current values (e.g. the fraction only for fixed-fraction sizing). */
export function isShown(field: SettingField, values: Settings): boolean {
  const cond = SHOWN_WHEN[field.name];
  return !cond || values[cond[0]] === cond[1];
}

export type SettingProblem = "number" | "integer" | "min" | "max" | "option";

/** What is wrong with a value, before the server says so. */
export function settingProblem(field: SettingField, v: SettingValue | undefined): SettingProblem | null {
  if (v === undefined) return null;
  switch (field.kind) {
    case "boolean":
      return null;
    case "enum":
      return field.options!.includes(String(v)) ? null : "option";
    case "rate_or_auto":
      if (v === "auto") return null;
      return numberProblem(field, v);
    default:
      return numberProblem(field, v) ?? (field.kind === "integer" && !Number.isInteger(v) ? "integer" : null);
  }
}

/** Whether every value can be sent as it is. */
export const settingsValid = (fields: readonly SettingField[], values: Settings): boolean => fields.every((f) => settingProblem(f, values[f.name]) === null);

function numberProblem(field: SettingField, v: SettingValue): SettingProblem | null {
  if (typeof v !== "number" || !Number.isFinite(v)) return "number";
  if (field.min !== undefined && (field.exclusiveMin ? v <= field.min : v < field.min)) return "min";
  if (field.max !== undefined && v > field.max) return "max";
  return null;
}

/** The values to send: every field's value (its default where unset), dependent fields only when they apply. */
export function settingsToSend(fields: readonly SettingField[], values: Settings): Settings {
  const out: Settings = {};
  for (const f of fields) out[f.name] = values[f.name] ?? f.default;
  for (const f of fields) if (!isShown(f, out)) delete out[f.name];
  return out;
}
