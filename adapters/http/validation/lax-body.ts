/**
 * Every route's JSON body is converted as pydantic's lax mode converts it
 * (lax-values.ts) before the route's schema validates it: one wrapper round
 * `app.openapi`, so no route can miss it. The body as sent stays on the
 * request (`bodyAsSent`) for the input a 422 echoes, as pydantic echoes what
 * it was given, and so does the schema (`bodySchema`), which a 422 reads an
 * integer field from.
 */
import type { OpenAPIHono, z } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import type { HttpEnv } from "../http-env.ts";
import { laxen } from "./lax-values.ts";

type Openapi = OpenAPIHono<HttpEnv>["openapi"];
type Route = Parameters<Openapi>[0];

function jsonSchemaOf(route: Route): z.ZodType | undefined {
  const content = route.request?.body?.content as Record<string, { schema?: unknown }> | undefined;
  return content?.["application/json"]?.schema as z.ZodType | undefined;
}

function laxBody(schema: z.ZodType): MiddlewareHandler<HttpEnv> {
  return async (c, next) => {
    c.set("bodySchema", schema);
    const read = c.req.json.bind(c.req) as () => Promise<unknown>;
    let laxed: Promise<unknown> | undefined;
    const json = async () => {
      const sent = await read();
      const value = laxen(schema, sent);
      if (value !== sent) c.set("bodyAsSent", sent);
      return value;
    };
    (c.req as unknown as { json: () => Promise<unknown> }).json = () => (laxed ??= json());
    await next();
  };
}

/** Makes `app.openapi` register each route with its JSON body made lax first. */
export function laxJsonBodies(app: OpenAPIHono<HttpEnv>): void {
  const register = app.openapi;
  app.openapi = ((route: Route, ...rest: unknown[]) => {
    const schema = jsonSchemaOf(route);
    if (!schema) return (register as (...a: unknown[]) => unknown)(route, ...rest);
    const own = route.middleware === undefined ? [] : [route.middleware].flat();
    return (register as (...a: unknown[]) => unknown)({ ...route, middleware: [...own, laxBody(schema)] }, ...rest);
  }) as Openapi;
}
