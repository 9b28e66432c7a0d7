/**
 * Validation errors in FastAPI's shape, so that clients of the original service
 * parse ours unchanged: `{"detail": [{"type", "loc", "msg", "input"}]}`, with
 * pydantic v2's type names and wording.
 */
import type { core } from "zod";
import type { FieldIssue } from "../../../core/app/app-errors.ts";
import { choiceList } from "../../../core/text/index.ts";

export type Loc = "query" | "path" | "body" | "header" | "cookie";

/** One item of a 422 body: the application's field issue (core/app/app-errors.ts). */
export type ValidationItem = FieldIssue;

type Issue = core.$ZodIssue;

/**
 * Message an integer schema gives its type error, so that a non-numeric string
 * reads as pydantic's `int_parsing` rather than `float_parsing`.
 */
export const INTEGER_EXPECTED = "integer expected";

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? "" : "s"}`;

function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let v = root;
  for (const k of path) {
    if (v === null || typeof v !== "object") return undefined;
    v = (v as Record<PropertyKey, unknown>)[k];
  }
  return v;
}

/** The pydantic type name and message for a wrong-typed value. */
function typeError(expected: string, input: unknown, fromText: boolean): [string, string] {
  switch (expected) {
    case "int":
    case "number": {
      const int = expected === "int";
      if (fromText || typeof input === "string") {
        return int ? ["int_parsing", "Input should be a valid integer, unable to parse string as an integer"] : ["float_parsing", "Input should be a valid number, unable to parse string as a number"];
      }
      if (int && typeof input === "number") {
        return ["int_from_float", "Input should be a valid integer, got a number with a fractional part"];
      }
      return int ? ["int_type", "Input should be a valid integer"] : ["float_type", "Input should be a valid number"];
    }
    case "boolean":
      // pydantic tries to interpret a string or an integer (only 0 and 1 convert); other types are the wrong type
      return fromText || typeof input === "string" || Number.isInteger(input)
        ? ["bool_parsing", "Input should be a valid boolean, unable to interpret input"]
        : ["bool_type", "Input should be a valid boolean"];
    case "string":
      return ["string_type", "Input should be a valid string"];
    case "array":
      return ["list_type", "Input should be a valid list"];
    case "object":
    case "record":
      return ["dict_type", "Input should be a valid dictionary"];
    default:
      return [`${expected}_type`, `Input should be a valid ${expected}`];
  }
}

function boundError(issue: Issue & { code: "too_small" | "too_big" }, input: unknown): [string, string] {
  const small = issue.code === "too_small";
  const limit = Number(small ? (issue as { minimum: unknown }).minimum : (issue as { maximum: unknown }).maximum);
  const inclusive = issue.inclusive !== false;
  switch (issue.origin) {
    case "string":
      return small ? ["string_too_short", `String should have at least ${plural(limit, "character")}`] : ["string_too_long", `String should have at most ${plural(limit, "character")}`];
    case "array":
    case "set": {
      const n = Array.isArray(input) ? input.length : 0;
      return small
        ? ["too_short", `List should have at least ${plural(limit, "item")} after validation, not ${n}`]
        : ["too_long", `List should have at most ${plural(limit, "item")} after validation, not ${n}`];
    }
    default:
      if (small) {
        return inclusive ? ["greater_than_equal", `Input should be greater than or equal to ${limit}`] : ["greater_than", `Input should be greater than ${limit}`];
      }
      return inclusive ? ["less_than_equal", `Input should be less than or equal to ${limit}`] : ["less_than", `Input should be less than ${limit}`];
  }
}

/**
 * Turns zod issues on `raw` (the parsed JSON body, or the query/path record of
 * strings) into FastAPI items located under `loc`; `integerAt` tells an
 * integer field from a number field where zod's issue does not.
 */
export function toValidationItems(issues: readonly Issue[], loc: Loc, raw: unknown, integerAt?: (path: readonly PropertyKey[]) => boolean): ValidationItem[] {
  const fromText = loc !== "body";
  const out: ValidationItem[] = [];
  for (const issue of issues) {
    if (unsafeBoundBeside(issue, issues)) continue;
    const path = issue.path.map((p) => (typeof p === "number" ? p : String(p)));
    const input = valueAt(raw, issue.path);
    const at = [loc, ...path];
    const carried = issue.code === "custom" ? (issue.params as { fastapi?: ValidationItem } | undefined)?.fastapi : undefined;
    if (carried) {
      out.push({ ...carried, loc: at });
      continue;
    }
    if (input === undefined && issue.code !== "unrecognized_keys" && issue.code !== "custom") {
      const parent = valueAt(raw, issue.path.slice(0, -1));
      out.push({ type: "missing", loc: at, msg: "Field required", input: fromText ? null : (parent ?? null) });
      continue;
    }
    let type: string;
    let msg: string;
    switch (issue.code) {
      case "invalid_type":
        [type, msg] = typeError(issue.message === INTEGER_EXPECTED || (issue.expected === "number" && integerAt?.(issue.path)) ? "int" : issue.expected, input, fromText);
        break;
      case "too_small":
      case "too_big":
        [type, msg] = boundError(issue, input);
        break;
      case "invalid_value":
        type = "literal_error";
        msg = `Input should be ${choiceList(issue.values)}`;
        break;
      case "invalid_format":
        if (issue.format === "regex") {
          type = "string_pattern_mismatch";
          msg = `String should match pattern '${String((issue as { pattern?: unknown }).pattern ?? "").replace(/^\/|\/[a-z]*$/g, "")}'`;
        } else {
          type = "value_error";
          msg = `Value error, invalid ${issue.format}`;
        }
        break;
      case "unrecognized_keys":
        for (const k of issue.keys) {
          out.push({ type: "extra_forbidden", loc: [...at, k], msg: "Extra inputs are not permitted", input: valueAt(input, [k]) });
        }
        continue;
      case "not_multiple_of":
        type = "multiple_of";
        msg = `Input should be a multiple of ${issue.divisor}`;
        break;
      default:
        type = "value_error";
        msg = `Value error, ${issue.message}`;
    }
    // a check of the whole object on a field that is absent: the object is the input, as a pydantic model validator's
    out.push({ type, loc: at, msg, input: input === undefined ? (fromText ? null : (valueAt(raw, issue.path.slice(0, -1)) ?? null)) : input });
  }
  return out;
}

/**
 * zod's `.int()` is a safe-integer check: past ±2^53 it adds its own bound
 * beside the field's (800, 65535, ...), which pydantic has not. Where the
 * field has a bound of that kind, only the field's is reported.
 */
function unsafeBoundBeside(issue: Issue, issues: readonly Issue[]): boolean {
  if (issue.code !== "too_big" && issue.code !== "too_small") return false;
  const limit = Number(issue.code === "too_big" ? (issue as { maximum: unknown }).maximum : (issue as { minimum: unknown }).minimum);
  if (Math.abs(limit) !== Number.MAX_SAFE_INTEGER) return false;
  const at = issue.path.join("\u0000");
  return issues.some((other) => other !== issue && other.code === issue.code && other.path.join("\u0000") === at);
}

/**
 * What a 422 echoes of the inputs is bounded whatever was sent: at most
 * ECHO_VALUES values (items, entries and scalars) and ECHO_CHARS characters
 * (strings and keys) over all its items. An input past that is echoed as its
 * first items or entries that fit whole (a record is never cut in two), and a
 * first one too large for the rest is itself cut so; a string is cut to its
 * first characters. FastAPI echoes every input whole, so 600,000 records
 * gzipped into 167 KB came back as a 48 MB answer.
 */
const ECHO_VALUES = 2000;
const ECHO_CHARS = 20_000;

interface Budget {
  values: number;
  chars: number;
}

/** Whether `v` fits the budget, which it spends; it stops as soon as it does not. */
function fits(v: unknown, b: Budget): boolean {
  b.values--;
  if (typeof v === "string") b.chars -= v.length;
  else if (v !== null && typeof v === "object") {
    for (const k in v) {
      if (b.values < 0 || b.chars < 0) return false;
      if (!Object.hasOwn(v, k)) continue;
      if (!Array.isArray(v)) b.chars -= k.length;
      if (!fits((v as Record<string, unknown>)[k], b)) return false;
    }
  }
  return b.values >= 0 && b.chars >= 0;
}

/** `v` within the budget (whole if it fits, else cut as above), spending it. */
function cut(v: unknown, b: Budget): unknown {
  const probe = { ...b };
  if (fits(v, probe)) {
    Object.assign(b, probe);
    return v;
  }
  b.values--;
  if (typeof v === "string") {
    const s = v.slice(0, Math.max(0, b.chars));
    b.chars -= s.length;
    return s;
  }
  if (v === null || typeof v !== "object") return v;
  const out: Record<string, unknown> | unknown[] = Array.isArray(v) ? [] : {};
  let taken = 0;
  for (const k in v) {
    if (!Object.hasOwn(v, k)) continue;
    const key = Array.isArray(v) ? 0 : k.length;
    const member = (v as Record<string, unknown>)[k];
    const room = { ...b, chars: b.chars - key };
    let value: unknown;
    if (fits(member, room)) {
      value = member;
      Object.assign(b, room);
    } else if (taken === 0 && b.chars > key) {
      b.chars -= key;
      value = cut(member, b);
    } else break;
    // defined, not assigned: a key "__proto__" stays a key
    if (Array.isArray(out)) out.push(value);
    else Object.defineProperty(out, k, { value, enumerable: true, writable: true, configurable: true });
    taken++;
  }
  return out;
}

/** The 422 response body, its echoed inputs bounded (above). */
export function validationBody(items: ValidationItem[]): { detail: ValidationItem[] } {
  const probe: Budget = { values: ECHO_VALUES, chars: ECHO_CHARS };
  if (items.every((item) => fits(item.input, probe))) return { detail: items };
  const budget: Budget = { values: ECHO_VALUES, chars: ECHO_CHARS };
  return { detail: items.map((item) => ({ ...item, input: cut(item.input, budget) })) };
}
