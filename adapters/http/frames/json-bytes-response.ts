/**
 * A 200 JSON response whose body was written ahead (bytes from the JSON writer,
 * or text spliced from stored JSON), typed as the body `T` its route declares,
 * so a handler returns it as it would `c.json(body, 200)` and hono's OpenAPI
 * types check the route. That the text has that shape is what the writers'
 * tests check against the JSON it parses to.
 */
import { ServerResponse } from "node:http";
import type { Context, TypedResponse } from "hono";
import type { JSONParsed } from "hono/utils/types";
import { recycle } from "./json-writer.ts";

/** What `c.json(body: T, 200)` returns. */
export type JsonBytes<T> = Response & TypedResponse<JSONParsed<T>, 200, "json">;

export function jsonBytesResponse<T>(json: Uint8Array<ArrayBuffer> | string, headers: Record<string, string> = {}): JsonBytes<T> {
  return new Response(json, { status: 200, headers: { "content-type": "application/json; charset=utf-8", ...headers } }) as JsonBytes<T>;
}

/**
 * The same for a text written for this response alone (straight from a
 * {@link JsonWriter}, kept nowhere else): once Node's server has written its
 * last byte to the socket, its buffer goes back to the writer for the next
 * large answer (see `recycle`). Elsewhere (another runtime, `app.request`) the
 * text is left to the garbage collector.
 */
export function freshJsonResponse<T>(c: Context, json: Uint8Array<ArrayBuffer>): JsonBytes<T> {
  const outgoing = (c.env as { outgoing?: unknown } | undefined)?.outgoing;
  if (outgoing instanceof ServerResponse) outgoing.once("finish", () => recycle(json));
  return jsonBytesResponse<T>(json);
}
