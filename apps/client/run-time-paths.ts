/**
 * The service's routes as a caller sees them when the values are known only at
 * run time (a command line's options, a form built from a strategy's schema):
 * the same paths and methods as the generated `paths` (openapi-types.ts), each
 * taking any query, path parameters and JSON body, which the route's own
 * validation checks (a 422 names what is wrong). A path or method that is not
 * a route still fails to type-check; only the values are left to the service.
 */
import type { paths } from "./openapi-types.ts";

/** One operation with its values checked by the service, not by the compiler. */
export interface RunTimeOperation {
  parameters: { query?: Record<string, unknown>; path?: Record<string, string> };
  requestBody?: { content: { "application/json": unknown } };
  responses: { 200: { content: { "application/json": unknown } } };
}

/** Every generated route, each of its methods a {@link RunTimeOperation}; a method a path lacks stays absent. */
export type RunTimePaths = {
  [P in keyof paths]: { [M in keyof paths[P]]: paths[P][M] extends { responses: unknown } ? RunTimeOperation : paths[P][M] };
};

/** Any path and method (a caller that reaches what the routes do not describe, such as the OpenAPI document itself). */
export type AnyPaths = Record<string, Record<"get" | "put" | "post" | "delete" | "options" | "head" | "patch" | "trace", RunTimeOperation>>;
