/**
 * Zod schemas for query and path values, which arrive as strings, read by
 * pydantic's lax text rules (lax-values.ts: "50", "1_000", "50.0" for an
 * integer; no hex, no exponent for an integer, no empty string as 0), while the
 * OpenAPI document still shows the real type and bounds.
 */
import { z } from "@hono/zod-openapi";
import { INTEGER_EXPECTED } from "./fastapi-errors.ts";
import { laxBool, laxNumber } from "./lax-values.ts";

const toInt = (v: unknown) => laxNumber(v, true);
const toNum = (v: unknown) => laxNumber(v, false);

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

/**
 * Largest values of the TDX protocol's u16, i32 and u32 request fields. A value
 * bound for one of them is capped in its schema, so a larger one is a 422 naming
 * it rather than an encoding failure (a 500) on the way out.
 */
export const U16_MAX = 0xffff;
export const I32_MAX = 0x7fffffff;
export const U32_MAX = 0xffffffff;

/** An integer query value within bounds. */
export const qInt = (b: Bounds = {}) => z.preprocess(toInt, bounded(z.number({ error: (i) => (i.code === "invalid_type" ? INTEGER_EXPECTED : undefined) }).int(), b));

/** A number query value within bounds. */
export const qNumber = (b: Bounds = {}) => z.preprocess(toNum, bounded(z.number(), b));

/** A boolean query value (`true/false/1/0/yes/no/on/off`). */
export const qBool = () => z.preprocess(laxBool, z.boolean());

/** One of `values`, matched case-insensitively as the original service does (`sz` = `SZ`). */
export const qEnum = <const M extends readonly [string, ...string[]]>(values: M) => {
  const canon = new Map(values.map((v) => [v.toLowerCase(), v]));
  return z.preprocess((v) => (typeof v === "string" ? (canon.get(v.trim().toLowerCase()) ?? v) : v), z.enum(values));
};

/** A market code: SZ, SH, BJ (or the subset an endpoint accepts). */
export const qMarket = <const M extends readonly [string, ...string[]]>(markets: M) => qEnum(markets);

/**
 * Letters and digits only: codes go into fixed-width ASCII fields of the TDX
 * protocol, so anything else ("٠٠٠٠٠١", "中文", combining marks) is a 422 here
 * rather than an encoding failure (a 500) on the way out.
 */
const CODE_CHARS = /^[0-9A-Za-z]*$/;

/** A security code of `min`..`max` ASCII letters and digits. */
export const asciiCode = (min: number, max: number) => z.string().min(min).max(max).regex(CODE_CHARS);

/** A stock code: exactly six ASCII letters and digits. */
export const qCode = () => asciiCode(6, 6);

const isYmd = (n: number) => {
  const y = Math.floor(n / 10000);
  const m = Math.floor(n / 100) % 100;
  const d = n % 100;
  const t = new Date(Date.UTC(y, m - 1, d));
  return y >= 1990 && y <= 9999 && t.getUTCFullYear() === y && t.getUTCMonth() === m - 1 && t.getUTCDate() === d;
};

/** A calendar date as the integer YYYYMMDD (years 1990 to 9999). */
export const qYmd = () =>
  z
    .preprocess(
      toInt,
      z
        .number({ error: (i) => (i.code === "invalid_type" ? INTEGER_EXPECTED : undefined) })
        .int()
        .refine(isYmd, { message: "not a valid date YYYYMMDD" }),
    )
    .openapi({ type: "integer", minimum: 19900101, maximum: 99991231, example: 20240102 });
