/**
 * Zod schemas for query and path values, which arrive as strings. Parsing is
 * strict like pydantic's (no hex, no exponent, no empty string as 0), while the
 * OpenAPI document still shows the real type and bounds.
 */
import { z } from "@hono/zod-openapi";
import { INTEGER_EXPECTED } from "./fastapi-errors.ts";

const INT = /^\s*[+-]?\d+\s*$/;
const NUM = /^\s*[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?\s*$/;
const TRUE = new Set(["true", "1", "yes", "on", "t", "y"]);
const FALSE = new Set(["false", "0", "no", "off", "f", "n"]);

const toInt = (v: unknown) => (typeof v === "string" && INT.test(v) ? Number(v) : v);
const toNum = (v: unknown) => (typeof v === "string" && NUM.test(v) ? Number(v) : v);
const toBool = (v: unknown) => {
  if (typeof v !== "string") return v;
  const s = v.trim().toLowerCase();
  return TRUE.has(s) ? true : FALSE.has(s) ? false : v;
};

export interface Bounds {
  min?: number;
  max?: number;
}

function bounded(n: z.ZodNumber, b: Bounds): z.ZodNumber {
  let s = n;
  if (b.min !== undefined) s = s.min(b.min);
  if (b.max !== undefined) s = s.max(b.max);
  return s;
}

/** An integer query value within bounds. */
export const qInt = (b: Bounds = {}) =>
  z.preprocess(toInt, bounded(z.number({ error: (i) => (i.code === "invalid_type" ? INTEGER_EXPECTED : undefined) }).int(), b));

/** A number query value within bounds. */
export const qNumber = (b: Bounds = {}) => z.preprocess(toNum, bounded(z.number(), b));

/** A boolean query value (`true/false/1/0/yes/no/on/off`). */
export const qBool = () => z.preprocess(toBool, z.boolean());

/** A market code: SZ, SH, BJ (or the subset an endpoint accepts). */
export const qMarket = <const M extends readonly [string, ...string[]]>(markets: M) => z.enum(markets);

/** A stock code: exactly six characters. */
export const qCode = () => z.string().min(6).max(6);
