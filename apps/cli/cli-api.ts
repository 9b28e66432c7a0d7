/**
 * The one way every command reaches the service's use cases: the service's own
 * HTTP routes through the typed client (`tdx-forge/client`), either dispatched
 * in-process to the app `npm start` builds (no socket) or sent to a running
 * service with `--server URL`. Both modes share the request, validation and
 * answer of the routes, so a command prints the same in both. Paths are the
 * generated ones (a route that does not exist fails to type-check); a non-2xx
 * answer becomes the client's ServiceError, its message the service's
 * `detail` in one line (a 422's items as `loc: msg`).
 */
import type { ClientPathsWithMethod } from "openapi-fetch";
import { createServiceClient, type ServiceClient, unwrap } from "../client/client.ts";
import type { RunTimeOperation, RunTimePaths } from "../client/run-time-paths.ts";

export { ServiceError } from "../client/client.ts";

export type Query = Record<string, string | number | boolean | null | undefined>;

/** Sends one request; in-process this is the app's `fetch`, remote it is `fetch` itself. */
export type Send = (req: Request) => Promise<Response>;

export type GetPath = ClientPathsWithMethod<ServiceClient, "get">;
export type PostPath = ClientPathsWithMethod<ServiceClient, "post">;

/**
 * The routes as the commands call them: option values typed by the command
 * line, checked by the route's own validation; plus the OpenAPI document,
 * served beside the routes it describes (so not one of them).
 */
type CommandPaths = RunTimePaths & { "/openapi.json": { get: RunTimeOperation } };

/** The defined entries (the service reads an empty value as a given one). */
function defined(query: Query): Record<string, string | number | boolean> {
  return Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined && v !== null && v !== "")) as Record<string, string | number | boolean>;
}

export class ServiceApi {
  readonly client: ServiceClient<CommandPaths>;

  constructor(
    send: Send,
    /** Origin the paths are resolved against. */
    base: string,
    /** The shared password, or who to ask for it, for a service that has one (used on the first 401). */
    password?: string | (() => Promise<string>),
  ) {
    this.client = createServiceClient<CommandPaths>({ baseUrl: base, fetch: send, password });
  }

  /** GET a route; `path` fills its `{name}` segments. */
  get(route: GetPath, query: Query = {}, path: Record<string, string> = {}): Promise<any> {
    return unwrap(this.client.GET(route, { params: { query: defined(query), path } }));
  }

  post(route: PostPath, body: unknown, query: Query = {}): Promise<any> {
    return unwrap(this.client.POST(route, { params: { query: defined(query) }, body }));
  }

  /** The service's OpenAPI document (served beside the routes it describes, so not one of them). */
  openApiDocument(): Promise<any> {
    return unwrap(this.client.GET("/openapi.json"));
  }

  /** A binary answer (an attachment). */
  async bytes(route: GetPath, query: Query = {}): Promise<Uint8Array> {
    return new Uint8Array(await unwrap(this.client.GET(route, { params: { query: defined(query) }, parseAs: "arrayBuffer" })));
  }
}
