/**
 * Pydantic's lax mode, which FastAPI validates every request with, so that a
 * client of the original service gets the same answer here: a number field
 * takes a numeric string ("50", " 1_000 ", "50.00" for an integer; "1.5",
 * ".5", "1e3" for a number) or a boolean (1 or 0); a boolean field takes
 * true/false/yes/no/on/off/t/f/y/n/1/0 in any case (not padded) or the number
 * 1 or 0. A string field takes only a string, as in pydantic v2. Checked
 * against pydantic 2.13 (tests/http/lax-values.test.ts). One difference, on
 * purpose: "inf" and "nan" stay strings (a 422), where pydantic would take them
 * and no rule here has a use for them.
 *
 * Query and path values are strings and go through the same text rules
 * (query.ts). A JSON body is walked beside its route's schema (laxen), and only
 * where the schema wants a number or a boolean is a value converted; the
 * schema then validates the result as usual.
 */
import type { z } from "@hono/zod-openapi";

const INT_TEXT = /^\s*[+-]?\d+(?:_\d+)*(?:\.0+)?\s*$/;
const NUMBER_TEXT = /^\s*[+-]?(?:\d+(?:_\d+)*(?:\.(?:\d+(?:_\d+)*)?)?|\.\d+(?:_\d+)*)(?:[eE][+-]?\d+(?:_\d+)*)?\s*$/;
const TRUE = new Set(["true", "1", "yes", "on", "t", "y"]);
const FALSE = new Set(["false", "0", "no", "off", "f", "n"]);

/** An integer from its text (`undefined` when it is not one); −0 reads as 0. */
export function intFromText(s: string): number | undefined {
  if (!INT_TEXT.test(s)) return undefined;
  return Number(s.trim().replace(/_/g, "").replace(/\.0+$/, "")) + 0;
}

/** A number from its text (`undefined` when it is not one). */
export function numberFromText(s: string): number | undefined {
  return NUMBER_TEXT.test(s) ? Number(s.trim().replace(/_/g, "")) : undefined;
}

/** A boolean from its text (`undefined` when it is not one). */
export function boolFromText(s: string): boolean | undefined {
  const t = s.toLowerCase();
  return TRUE.has(t) ? true : FALSE.has(t) ? false : undefined;
}

/** A number field's value from `v`, or `v` itself when lax mode does not convert it. */
export function laxNumber(v: unknown, int: boolean): unknown {
  if (typeof v === "boolean") return v ? 1 : 0;
  if (typeof v !== "string") return v;
  return (int ? intFromText(v) : numberFromText(v)) ?? v;
}

/** A boolean field's value from `v`, or `v` itself when lax mode does not convert it. */
export function laxBool(v: unknown): unknown {
  if (v === 1 || v === 0) return v === 1;
  return typeof v === "string" ? (boolFromText(v) ?? v) : v;
}

type Schema = z.ZodType;
interface Def {
  readonly type: string;
  readonly innerType?: Schema;
  readonly in?: Schema;
  readonly shape?: Record<string, Schema>;
  readonly element?: Schema;
  readonly valueType?: Schema;
  readonly items?: readonly Schema[];
  readonly options?: readonly Schema[];
  readonly discriminator?: string;
  readonly format?: string;
  readonly checks?: readonly { _zod: { def: { check: string; format?: string } } }[];
}
const defOf = (s: Schema) => (s as unknown as { _zod: { def: Def } })._zod.def;

/** Wrappers whose inner schema decides what a value is. */
const WRAPPERS = new Set(["optional", "nullable", "default", "prefault", "readonly", "catch", "nonoptional"]);

/** The schema a value meets under optional/nullable/default wrappers and the input side of pipes. */
function unwrapped(s: Schema): Schema {
  let d = defOf(s);
  while (WRAPPERS.has(d.type) || d.type === "pipe") {
    s = (d.type === "pipe" ? d.in : d.innerType)!;
    d = defOf(s);
  }
  return s;
}

function isInt(d: Def): boolean {
  if (d.format?.includes("int")) return true;
  return d.checks?.some((k) => k._zod.def.check === "number_format" && (k._zod.def.format ?? "").includes("int")) ?? false;
}

const convertible = new WeakMap<Schema, boolean>();

/** Whether anything under `s` is a number or boolean field (else a value under it is left as sent, unread). */
function hasConvertible(s: Schema): boolean {
  let known = convertible.get(s);
  if (known !== undefined) return known;
  const d = defOf(s);
  switch (d.type) {
    case "number":
    case "boolean":
      known = true;
      break;
    case "pipe":
      known = hasConvertible(d.in!);
      break;
    case "object":
      known = Object.values(d.shape!).some(hasConvertible);
      break;
    case "array":
      known = hasConvertible(d.element!);
      break;
    case "record":
      known = hasConvertible(d.valueType!);
      break;
    case "tuple":
      known = d.items!.some(hasConvertible);
      break;
    case "union":
      known = d.options!.some(hasConvertible);
      break;
    default:
      known = WRAPPERS.has(d.type) && hasConvertible(d.innerType!);
  }
  convertible.set(s, known);
  return known;
}

/**
 * Whether the field at `path` under `schema` is an integer: a string it could
 * not read is then pydantic's `int_parsing`, not `float_parsing`.
 */
export function integerFieldAt(schema: Schema, path: readonly PropertyKey[]): boolean {
  let s: Schema | undefined = schema;
  for (const key of path) {
    if (!s) return false;
    const d = defOf(unwrapped(s));
    if (d.type === "object") s = d.shape![String(key)];
    else if (d.type === "record") s = d.valueType;
    else if (d.type === "array") s = d.element;
    else if (d.type === "tuple") s = d.items![Number(key)];
    else return false;
  }
  if (!s) return false;
  const d = defOf(unwrapped(s));
  if (d.type === "union") return d.options!.some((m) => integerFieldAt(m, []));
  return d.type === "number" && isInt(d);
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * `value` with every number or boolean field that lax mode converts converted,
 * as `schema` places them; the same object when nothing is (parts that change
 * are copied, the value as sent is left as it was, for a 422's echo).
 */
export function laxen(schema: Schema, value: unknown): unknown {
  const d = defOf(schema);
  switch (d.type) {
    case "number":
      return laxNumber(value, isInt(d));
    case "boolean":
      return laxBool(value);
    case "pipe":
      return laxen(d.in!, value);
    case "object":
      return isRecord(value) && hasConvertible(schema) ? laxEntries(value, (k) => d.shape![k]) : value;
    case "record":
      return isRecord(value) && hasConvertible(schema) ? laxEntries(value, () => d.valueType) : value;
    case "array":
      return Array.isArray(value) && hasConvertible(schema) ? laxItems(value, () => d.element) : value;
    case "tuple":
      return Array.isArray(value) && hasConvertible(schema) ? laxItems(value, (i) => d.items![i]) : value;
    case "union":
      return laxUnion(d, value);
    default:
      return WRAPPERS.has(d.type) && value !== undefined && value !== null ? laxen(d.innerType!, value) : value;
  }
}

function laxEntries(value: Record<string, unknown>, schemaOf: (key: string) => Schema | undefined): Record<string, unknown> {
  let out = value;
  for (const k of Object.keys(value)) {
    const s = schemaOf(k);
    if (!s) continue;
    const v = laxen(s, value[k]);
    if (v === value[k]) continue;
    if (out === value) out = { ...value };
    out[k] = v;
  }
  return out;
}

function laxItems(value: readonly unknown[], schemaOf: (i: number) => Schema | undefined): unknown[] {
  let out = value as unknown[];
  for (let i = 0; i < value.length; i++) {
    const s = schemaOf(i);
    if (!s) continue;
    const v = laxen(s, value[i]);
    if (v === value[i]) continue;
    if (out === value) out = value.slice();
    out[i] = v;
  }
  return out;
}

/** The kinds of JSON value a member takes as it is, without conversion. */
function takesAsIs(s: Schema, v: unknown): boolean {
  const d = defOf(unwrapped(s));
  switch (d.type) {
    case "string":
    case "enum":
    case "template_literal":
      return typeof v === "string";
    case "literal":
      return (d as unknown as { values: readonly unknown[] }).values.some((x) => typeof x === typeof v);
    case "number":
      return typeof v === "number";
    case "boolean":
      return typeof v === "boolean";
    case "any":
    case "unknown":
    case "custom":
      return true;
    default:
      return false;
  }
}

/**
 * A union converts only what none of its members takes as sent (pydantic's
 * smart mode: an exact match wins), through the first member that converts it.
 * An object under a discriminated union is walked under the member its
 * discriminator names.
 */
function laxUnion(d: Def, value: unknown): unknown {
  const options = d.options!;
  if (isRecord(value) || Array.isArray(value)) {
    if (d.discriminator === undefined || !isRecord(value)) return value;
    const tag = value[d.discriminator];
    const member = options.find((m) => (unwrapped(m) as unknown as { _zod: { propValues?: Record<string, Set<unknown>> } })._zod.propValues?.[d.discriminator!]?.has(tag));
    return member ? laxen(member, value) : value;
  }
  if (value === null || value === undefined || options.some((m) => takesAsIs(m, value))) return value;
  for (const m of options) {
    const t = defOf(unwrapped(m)).type;
    if (t !== "number" && t !== "boolean") continue;
    const v = laxen(m, value);
    if (v !== value) return v;
  }
  return value;
}
