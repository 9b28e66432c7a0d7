/**
 * zod issues as pydantic reports them (adapters/http/validation/fastapi-errors.ts):
 * one item per failed bound (zod's `.int()` adds a ±2^53 bound of its own beside
 * the field's, pydantic has none), and every item has an `input` (a check of the
 * whole body on an absent field echoes the body, as a pydantic model validator).
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { z } from "zod";
import { toValidationItems } from "../../../../adapters/http/validation/fastapi-errors.ts";
import { qInt } from "../../../../adapters/http/validation/query.ts";

const itemsOf = (schema: z.ZodType, raw: unknown, loc: "query" | "body") => {
  const r = schema.safeParse(raw);
  assert.equal(r.success, false);
  return toValidationItems(r.error!.issues, loc, raw);
};

test("an integer past ±2^53 is one item, the field's own bound; with no bound of its own, the safe-integer one", () => {
  const q = z.object({ count: qInt({ min: 1, max: 800 }), start: qInt({ min: 0 }) });
  assert.deepEqual(itemsOf(q, { count: "99999999999999999999", start: "0" }, "query"), [
    { type: "less_than_equal", loc: ["query", "count"], msg: "Input should be less than or equal to 800", input: "99999999999999999999" },
  ]);
  assert.deepEqual(itemsOf(q, { count: "-99999999999999999999", start: "0" }, "query"), [
    { type: "greater_than_equal", loc: ["query", "count"], msg: "Input should be greater than or equal to 1", input: "-99999999999999999999" },
  ]);
  const [start] = itemsOf(q, { count: "1", start: "99999999999999999999" }, "query");
  assert.equal(start!.type, "less_than_equal");
  assert.equal(start!.msg, `Input should be less than or equal to ${Number.MAX_SAFE_INTEGER}`);
});

test("a check of the whole body on an absent field echoes the body; in a query, null", () => {
  const body = z.object({ score: z.string(), formula_text: z.string().optional() }).superRefine((b, ctx) => {
    if (b.score === "formula" && !b.formula_text) ctx.addIssue({ code: "custom", path: ["formula_text"], message: "score=formula needs formula_text" });
  });
  const sent = { score: "formula" };
  assert.deepEqual(itemsOf(body, sent, "body"), [{ type: "value_error", loc: ["body", "formula_text"], msg: "Value error, score=formula needs formula_text", input: sent }]);
  assert.deepEqual(itemsOf(body, sent, "query")[0]!.input, null);
});
