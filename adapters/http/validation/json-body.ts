import type { MiddlewareHandler } from "hono";
import { bufferedBody } from "../middleware/buffered-request.ts";
import { MAX_INLINE_BARS, MIN_INLINE_BARS } from "../backtest/backtest-requests.ts";
import type { HttpEnv } from "../http-env.ts";
import type { ValidationItem } from "./fastapi-errors.ts";
import { jsonDeeperThan, MAX_JSON_DEPTH } from "./json-depth.ts";
import { jsonErrorOffset } from "./json-error-offset.ts";
import { type ColumnField, readColumnBody } from "./ohlcv-body-columns.ts";

const JSON_TYPE = /^application\/([\w.-]+\+)?json$/i;

/** The body's text as `c.req.text()` reads it (UTF-8, U+FFFD for bytes that are not). */
const decoder = new TextDecoder();

/**
 * Routes (method and path) whose body carries a long array of OHLCV records,
 * read straight into columns when plain (see ohlcv-body-columns.ts): the
 * columns are the request's `columnBody`, and the route's handler uses them in
 * place of the field, which the validator sees as a stand-in.
 */
export const COLUMN_BODY_ROUTES: ReadonlyMap<string, ColumnField> = new Map([["POST /api/v1/backtest/run", { name: "ohlcv", min: MIN_INLINE_BARS, max: MAX_INLINE_BARS }]]);

/**
 * A JSON body that cannot be read (empty, too deep, not JSON): its FastAPI item,
 * kept on the request (`bodyIssue`) for the error handler, since a validator
 * reports any failure of `json()` as a bare 400.
 */
export class JsonBodyError extends Error {
  override readonly name = "JsonBodyError";
  constructor(readonly item: ValidationItem) {
    super(item.msg);
  }
}

/** The body's FastAPI item when `text` is not one JSON value within the depth limit; else its value. */
function parsedOrIssue(text: string): { value: unknown } | { issue: ValidationItem } {
  if (text.trim() === "") return { issue: { type: "missing", loc: ["body"], msg: "Field required", input: null } };
  if (jsonDeeperThan(text, MAX_JSON_DEPTH)) {
    const msg = `JSON nested deeper than ${MAX_JSON_DEPTH} levels`;
    return { issue: { type: "json_invalid", loc: ["body"], msg, input: null, ctx: { error: msg } } };
  }
  try {
    return { value: JSON.parse(text) };
  } catch (e) {
    const at = jsonErrorOffset(text);
    return {
      issue: { type: "json_invalid", loc: ["body", Math.max(0, at)], msg: "JSON decode error", input: {}, ctx: { error: e instanceof Error ? e.message : String(e) } },
    };
  }
}

/**
 * JSON bodies are parsed once, when a route's validator (or handler) first asks,
 * and a malformed one is a FastAPI-shaped 422 (`json_invalid`, with the error
 * position) instead of a bare 400. A route that takes no body (logout, a DELETE)
 * never reads it, whatever a client sends with a JSON type, as FastAPI does.
 * The columns of a column route's records are read here (they decide how the
 * body is parsed).
 */
export const jsonBodyGuard: MiddlewareHandler<HttpEnv> = async (c, next) => {
  const type = (c.req.header("content-type") ?? "").split(";")[0]!.trim();
  if (!JSON_TYPE.test(type) || c.req.method === "GET" || c.req.method === "HEAD") return next();
  const field = COLUMN_BODY_ROUTES.get(`${c.req.method} ${c.req.path}`);
  // such a body is read as bytes: its text is made only when it is not the plain case (or a 422 echoes it)
  const bytes = field && (bufferedBody(c.req.raw) ?? new Uint8Array(await c.req.arrayBuffer()));
  const columns = bytes && readColumnBody(bytes, field);
  let parsed: Promise<unknown> | undefined;
  if (columns) {
    // strict JSON no deeper than the limit (checked by the reader): the rest parses
    parsed = Promise.resolve(JSON.parse(columns.rest));
    c.set("columnBody", { series: columns.series, original: () => JSON.parse(decoder.decode(bytes)) });
  }
  const parse = async () => {
    const r = parsedOrIssue(bytes ? decoder.decode(bytes) : await c.req.text());
    if ("value" in r) return r.value;
    c.set("bodyIssue", r.issue);
    throw new JsonBodyError(r.issue);
  };
  // hono re-parses the text on every `json()` call; this parse is made once (large bodies cost ms)
  (c.req as unknown as { json: () => Promise<unknown> }).json = () => (parsed ??= parse());
  return next();
};
