/**
 * A `start` past what the request field holds (core/bars/bar-start.ts) is a
 * 422 on `start` rather than an encoding failure (a 500), for every route that
 * fetches bars by symbol.
 */
import type { z } from "@hono/zod-openapi";
import { maxStart, type BarCategory } from "../../../core/bars/index.ts";
import { U16_MAX } from "../validation/query.ts";

/**
 * A refinement for request schemas with `category` and `start` (whose own
 * bound is the u16 field, {@link U16_MAX}: past it the field's check reports
 * it, once).
 */
export function startFitsRequest(q: { category?: BarCategory; start: number }, ctx: z.RefinementCtx): void {
  const max = maxStart(q.category ?? "DAY");
  if (q.start > max && q.start <= U16_MAX) ctx.addIssue({ code: "too_big", origin: "number", maximum: max, inclusive: true, input: q.start, path: ["start"], message: "" });
}
