/**
 * The one way the web app talks HTTP to the service: `api`, the typed client
 * (openapi-fetch over the types generated from the service's /openapi.json,
 * apps/client/openapi-types.ts, so paths, queries and bodies are checked
 * against the routes), and `call`, which turns every failure into an
 * `ApiError` carrying the server's `detail` (a string, or FastAPI-style
 * validation items) and reports a gate rejection (401/403 on `/api/v1`) once to
 * whoever watches the session, so any page can lose its login and the shell
 * shows the login screen. The browser keeps the session cookie itself.
 */
import createClient, { type ClientOptions } from "openapi-fetch";
import type { components, paths } from "../../../client/openapi-types.ts";
import type { AnyPaths, RunTimePaths } from "../../../client/run-time-paths.ts";

/** The service's named schemas (generated). */
export type Schemas = components["schemas"];

/** The path each answer was asked at (the gate watches `/api/v1` only). */
const askedAt = new WeakMap<Response, string>();

/** Same-origin calls; `fetch` is looked up per call (the page's, or a test's). */
const SAME_ORIGIN: ClientOptions = {
  baseUrl: globalThis.location?.origin ?? "http://localhost",
  credentials: "same-origin",
  headers: { accept: "application/json" },
  fetch: async (req) => {
    const res = await globalThis.fetch(req);
    askedAt.set(res, new URL(req.url).pathname);
    return res;
  },
};

export const api = createClient<paths>(SAME_ORIGIN);
/** The same routes taking values built at run time (forms made from a strategy's schema), checked by the route. */
export const runTimeApi = createClient<RunTimePaths>(SAME_ORIGIN);
/** Any path, for what the routes do not describe (the OpenAPI document itself). */
const anyApi = createClient<AnyPaths>(SAME_ORIGIN);

export interface ValidationItem {
  readonly type: string;
  readonly loc: readonly (string | number)[];
  readonly msg: string;
  /** A formula error's code, values and position (formula-texts.ts says it in the chosen language). */
  readonly ctx?: { readonly code?: string; readonly params?: Readonly<Record<string, string | number>>; readonly line?: number; readonly column?: number };
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly items: readonly ValidationItem[] = [],
  ) {
    super(detail);
    this.name = "ApiError";
  }
}

type GateListener = (status: 401 | 403, detail: string) => void;
let onGate: GateListener = () => {};

/** Registers the single listener for gate rejections (the auth state). */
export function watchGate(listener: GateListener): void {
  onGate = listener;
}

/** `detail` of an error body in either of the server's two shapes. */
export function describeDetail(detail: unknown): { text: string; items: ValidationItem[] } {
  if (typeof detail === "string") return { text: detail, items: [] };
  if (Array.isArray(detail)) {
    const items = detail.filter((d): d is ValidationItem => typeof d === "object" && d !== null && "msg" in d);
    const text = items.map((d) => `${d.loc.filter((p) => p !== "body" && p !== "query").join(".") || "request"}: ${d.msg}`).join("; ");
    return { text, items };
  }
  return { text: "", items: [] };
}

export interface RequestOptions {
  readonly signal?: AbortSignal;
  /** Skip the gate listener (the auth calls handle their own 401/403/429). */
  readonly quiet?: boolean;
}

/** What a typed call of `api` answers. */
type Answer<T> = { data?: T; error?: unknown; response: Response };

/** The data of a typed call, or an ApiError (status 0 when the service is unreachable). */
export async function call<T>(pending: Promise<Answer<T>>, opts: RequestOptions = {}): Promise<T> {
  let answer: Answer<T>;
  try {
    answer = await pending;
  } catch (e) {
    if (e instanceof DOMException && e.name === "AbortError") throw e;
    throw new ApiError(0, e instanceof Error ? e.message : String(e));
  }
  const { data, error, response: res } = answer;
  if (res.ok) return data as T;
  const { text: detail, items } = describeDetail((error as { detail?: unknown } | undefined)?.detail);
  const err = new ApiError(res.status, detail || `${res.status} ${res.statusText}`, items);
  if (!opts.quiet && askedAt.get(res)?.startsWith("/api/v1") && (res.status === 401 || res.status === 403)) onGate(res.status, err.detail);
  throw err;
}

const METHODS = { GET: "get", POST: "post", PUT: "put", PATCH: "patch", DELETE: "delete" } as const;

/** An untyped call by method and path, for what the routes do not describe (the OpenAPI document itself); the answer is read as `T`. */
export function request<T>(method: keyof typeof METHODS, path: string, body?: unknown, opts: RequestOptions = {}): Promise<T> {
  return call(anyApi.request(METHODS[method], path, { body, signal: opts.signal }), opts) as Promise<unknown> as Promise<T>;
}

/** `?a=1&b=x` from the defined entries of a record (for plain links, such as downloads). */
export function query(params: Record<string, string | number | boolean | undefined>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined) q.set(k, String(v));
  const s = q.toString();
  return s ? `?${s}` : "";
}
