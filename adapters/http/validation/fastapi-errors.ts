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
      return fromText ? ["bool_parsing", "Input should be a valid boolean, unable to interpret input"] : ["bool_type", "Input should be a valid boolean"];
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
 * strings) into FastAPI items located under `loc`.
 */
export function toValidationItems(issues: readonly Issue[], loc: Loc, raw: unknown): ValidationItem[] {
  const fromText = loc !== "body";
  const out: ValidationItem[] = [];
  for (const issue of issues) {
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
        [type, msg] = typeError(issue.message === INTEGER_EXPECTED ? "int" : issue.expected, input, fromText);
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
    out.push({ type, loc: at, msg, input });
  }
  return out;
}

/** The 422 response body. */
export function validationBody(items: ValidationItem[]): { detail: ValidationItem[] } {
  return { detail: items };
}
