import type { MiddlewareHandler } from "hono";
import { validationBody } from "./fastapi-errors.ts";
import { jsonDeeperThan, MAX_JSON_DEPTH } from "./json-depth.ts";

const JSON_TYPE = /^application\/([\w.-]+\+)?json$/i;

/**
 * Parses JSON bodies up front so a malformed one is a FastAPI-shaped 422
 * (`json_invalid`, with the error position) instead of a bare 400. The parsed
 * value is handed to the route's validator, so a body is parsed once.
 */
export const jsonBodyGuard: MiddlewareHandler = async (c, next) => {
  const type = (c.req.header("content-type") ?? "").split(";")[0]!.trim();
  if (!JSON_TYPE.test(type) || c.req.method === "GET" || c.req.method === "HEAD") return next();
  const text = await c.req.text();
  if (text.trim() === "") {
    return c.json(validationBody([{ type: "missing", loc: ["body"], msg: "Field required", input: null }]), 422);
  }
  if (jsonDeeperThan(text, MAX_JSON_DEPTH)) {
    const msg = `JSON nested deeper than ${MAX_JSON_DEPTH} levels`;
    return c.json(validationBody([{ type: "json_invalid", loc: ["body"], msg, input: null, ctx: { error: msg } }]), 422);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (e) {
    const pos = /position (\d+)/.exec(String(e))?.[1];
    return c.json(
      validationBody([
        {
          type: "json_invalid",
          loc: ["body", pos === undefined ? 0 : Number(pos)],
          msg: "JSON decode error",
          input: {},
          ctx: { error: e instanceof Error ? e.message : String(e) },
        },
      ]),
      422,
    );
  }
  // hono re-parses the text on every `json()` call; hand the validator this parse (large bodies cost ms).
  (c.req as unknown as { json: () => Promise<unknown> }).json = () => Promise.resolve(parsed);
  return next();
};
