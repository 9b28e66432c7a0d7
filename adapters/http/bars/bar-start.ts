/**
 * `start` of a bar request counts bars back from the newest in a u16 field of
 * the TDX request, and MIN_120 (two 60-minute bars per bar) asks for
 * `2 × start`: past the field that is a 422 on `start` rather than an encoding
 * failure (a 500), for every route that fetches bars by symbol.
 */
import type { z } from "@hono/zod-openapi";
import { BAR_CATEGORIES, type BarCategory } from "../../../core/bars/categories.ts";
import { U16_MAX } from "../validation/query.ts";

/** Largest `start` a request of `category` can carry. */
export const maxStart = (category: BarCategory): number => Math.floor(U16_MAX / BAR_CATEGORIES[category].barsPerBar);

/** A refinement for request schemas with `category` and `start`. */
export function startFitsRequest(q: { category?: BarCategory; start: number }, ctx: z.RefinementCtx): void {
  const max = maxStart(q.category ?? "DAY");
  if (q.start > max) ctx.addIssue({ code: "too_big", origin: "number", maximum: max, inclusive: true, input: q.start, path: ["start"], message: "" });
}
