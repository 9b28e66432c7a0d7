import { z } from "@hono/zod-openapi";

export const ErrorSchema = z.object({ detail: z.string().openapi({ example: "Not authenticated" }) }).openapi("HTTPError");

export const ValidationErrorSchema = z
  .object({
    detail: z.array(
      z
        .object({
          type: z.string(),
          loc: z.array(z.union([z.string(), z.number()])),
          msg: z.string(),
          input: z.unknown(),
          ctx: z.record(z.string(), z.unknown()).optional(),
        })
        .openapi("ValidationError"),
    ),
  })
  .openapi("HTTPValidationError");

const DESCRIPTIONS = {
  400: "Bad request",
  401: "Not authenticated",
  403: "Forbidden",
  404: "Not found",
  409: "Conflict",
  413: "Body larger than the route's limit (1 MiB; POST /backtest/run 48 MiB), as sent or once inflated",
  429: "Too many failed attempts",
  502: "Upstream answered badly",
  503: "Upstream unavailable",
  504: "Upstream timed out",
};

/** OpenAPI response entries for the given error statuses, plus 422. */
export function errorResponses(...statuses: (keyof typeof DESCRIPTIONS)[]) {
  const out: Record<number, { description: string; content: { "application/json": { schema: z.ZodType } } }> = {
    422: { description: "Validation error", content: { "application/json": { schema: ValidationErrorSchema } } },
  };
  for (const s of statuses) out[s] = { description: DESCRIPTIONS[s], content: { "application/json": { schema: ErrorSchema } } };
  return out;
}

type Operation = { requestBody?: unknown; responses?: Record<string, unknown> };

/**
 * Lists 413 on every operation that takes a body: the body limit guards them all,
 * whether or not the route names it (a saved strategy adds its own limit).
 */
export function documentBodyLimit<D extends { paths?: object }>(doc: D, limitOf: (method: string, path: string) => number): D {
  for (const [path, item] of Object.entries(doc.paths ?? {}) as [string, Record<string, Operation>][]) {
    for (const [method, op] of Object.entries(item)) {
      const limitBytes = limitOf(method.toUpperCase(), path);
      if (!op.requestBody) continue;
      op.responses ??= {};
      op.responses["413"] ??= {
        description: `Request body larger than ${limitBytes} bytes`,
        content: { "application/json": { schema: { $ref: "#/components/schemas/HTTPError" } } },
      };
    }
  }
  return doc;
}

/** A JSON 200 response entry. */
export const jsonOk = <T extends z.ZodType>(schema: T, description = "OK") => ({
  200: { description, content: { "application/json": { schema } } },
});

/**
 * A string whose length bounds count Unicode code points, as Python's `len`
 * does (an emoji is one character, not two UTF-16 units).
 */
export function charString(min: number, max: number) {
  return z
    .string()
    .superRefine((s, ctx) => {
      const n = [...s].length;
      if (n < min) ctx.addIssue({ code: "too_small", origin: "string", minimum: min, inclusive: true, input: s, message: "" });
      else if (n > max) ctx.addIssue({ code: "too_big", origin: "string", maximum: max, inclusive: true, input: s, message: "" });
    })
    .openapi({ minLength: min, maxLength: max });
}
