/**
 * The typed HTTP client of the service: openapi-fetch over the types
 * openapi-typescript generated from the service's own `/openapi.json`
 * (openapi-types.ts), so a path, a query or a body the routes do not accept
 * fails to type-check. On top of openapi-fetch it keeps the session of the
 * password gate (core/auth/README.md: `POST /api/auth/login {password}` sets the
 * `tf_session` cookie, which is sent back on every later request; with a
 * password given, a 401 (the first call, or a session that has ended) logs in
 * and repeats the request once), and
 * {@link unwrap} turns a non-2xx answer into a {@link ServiceError} carrying
 * the service's FastAPI `detail` (a string, or the 422 validation items).
 *
 * `fetch` may be any `(Request) => Promise<Response>`: the global fetch for a
 * running service, or a hono app's own `fetch` to call it in-process.
 */
import createClient, { type Client } from "openapi-fetch";
import type { components, paths } from "./openapi-types.ts";

export type { components, paths };
/** The service's named schemas (request bodies and documented answers), e.g. `Schemas["BacktestRequest"]`. */
export type Schemas = components["schemas"];

/** One item of a 422 answer (FastAPI's shape). */
export interface ValidationItem {
  readonly type: string;
  readonly loc: readonly (string | number)[];
  readonly msg: string;
  readonly input?: unknown;
}

/** The `detail` of an error answer in one line: the string, or each 422 item as `loc: msg`. */
export function detailText(detail: unknown): string {
  if (typeof detail === "string") return detail.replace(/\s*\n\s*/g, " ");
  if (Array.isArray(detail)) return detail.map((i: Partial<ValidationItem>) => `${(i.loc ?? []).join(".")}: ${i.msg ?? "invalid"}`).join("; ");
  return detail === undefined ? "" : JSON.stringify(detail);
}

/** A non-2xx answer of the service. */
export class ServiceError extends Error {
  override name = "ServiceError";
  constructor(
    readonly status: number,
    /** The answer's `detail` as sent: a string, or the 422 validation items. */
    readonly detail: unknown,
    message = `HTTP ${status}: ${detailText(detail) || "request failed"}`,
  ) {
    super(message);
  }

  /** The 422 validation items (empty for other errors). */
  get items(): readonly ValidationItem[] {
    return Array.isArray(this.detail) ? (this.detail as ValidationItem[]) : [];
  }
}

/** `detail` of a parsed error body (`{"detail": ...}`), else the body itself. */
function detailOf(body: unknown): unknown {
  return body !== null && typeof body === "object" && "detail" in body ? (body as { detail: unknown }).detail : body;
}

/** The data of a successful call, or a {@link ServiceError} with the service's detail. */
export async function unwrap<T>(call: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> {
  const { data, error, response } = await call;
  if (!response.ok) throw new ServiceError(response.status, detailOf(error));
  return data as T;
}

export interface ServiceClientOptions {
  /** Origin of the service, e.g. `http://127.0.0.1:8000`. */
  readonly baseUrl: string;
  /**
   * The shared password, or a function asked for it on the first 401 (a prompt):
   * then the client logs in once and repeats the request. None: calls go out
   * without a session.
   */
  readonly password?: string | (() => Promise<string>);
  /** Sends one request (default: the global fetch). */
  readonly fetch?: (req: Request) => Promise<Response>;
}

/** The client over the generated `paths`, or over another view of the same routes (run-time-paths.ts). */
export interface ServiceClient<Paths extends {} = paths> extends Client<Paths> {
  /** Logs in with the shared password and keeps the session cookie. */
  login(password: string): Promise<void>;
  /** Ends the session (always succeeds, as the service's logout does). */
  logout(): Promise<void>;
  /** The session cookie (`tf_session=...`) held, if any. */
  session(): string | undefined;
}

const SESSION_COOKIE = "tf_session";

/** `tf_session=<token>` from the Set-Cookie headers of a login answer. */
function sessionCookieOf(res: Response): string | undefined {
  const all = res.headers.getSetCookie?.() ?? [res.headers.get("set-cookie") ?? ""];
  return all.map((c) => c.split(";")[0]!.trim()).find((c) => c.startsWith(`${SESSION_COOKIE}=`) && c.length > SESSION_COOKIE.length + 1);
}

export function createServiceClient<Paths extends {} = paths>(options: ServiceClientOptions): ServiceClient<Paths> {
  const send = options.fetch ?? ((req: Request) => fetch(req));
  let cookie: string | undefined;
  const withSession = (req: Request) => {
    if (cookie) req.headers.set("cookie", cookie);
    return send(req);
  };
  // The gate's own calls go without the log-in-and-repeat step (a wrong password is a 401 too).
  const auth = createClient<paths>({ baseUrl: options.baseUrl, fetch: withSession });

  async function login(password: string): Promise<void> {
    const { error, response } = await auth.POST("/api/auth/login", { body: { password } });
    if (!response.ok) throw new ServiceError(response.status, detailOf(error), `login failed: HTTP ${response.status}: ${detailText(detailOf(error))}`);
    cookie = sessionCookieOf(response);
  }

  const client = createClient<Paths>({
    baseUrl: options.baseUrl,
    fetch: async (req) => {
      // Kept for one repeat after a (re-)login: the first 401, or one after the session ended (expired, revoked).
      const again = options.password !== undefined ? req.clone() : undefined;
      const res = await withSession(req);
      if (res.status !== 401 || again === undefined) return res;
      await res.body?.cancel();
      const { password } = options;
      await login(typeof password === "function" ? await password() : password!);
      return withSession(again);
    },
  });

  return Object.assign(client, {
    login,
    async logout() {
      await unwrap(auth.POST("/api/auth/logout"));
      cookie = undefined;
    },
    session: () => cookie,
  });
}
