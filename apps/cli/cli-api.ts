/**
 * The one way every command reaches the service's use cases: the service's own
 * HTTP routes, either dispatched in-process to the app `npm start` builds (no
 * socket) or sent to a running service with `--server URL`. Both modes share
 * the request, validation and answer of the routes, so a command prints the
 * same in both. A non-2xx answer becomes a {@link ServiceError} whose message
 * is the service's `detail` in one line (a 422's items as `loc: msg`).
 */

export type Query = Record<string, string | number | boolean | null | undefined>;

/** Sends one request; in-process this is the app's `fetch`, remote it is `fetch` itself. */
export type Send = (req: Request) => Promise<Response>;

/** An answer of the service that is not a success, in one line. */
export class ServiceError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

interface Item {
  loc?: (string | number)[];
  msg?: string;
}

function detailLine(status: number, text: string): string {
  let detail: unknown = text;
  try {
    detail = (JSON.parse(text) as { detail?: unknown }).detail ?? text;
  } catch {
    // not JSON: the text itself
  }
  if (Array.isArray(detail)) {
    detail = (detail as Item[]).map((i) => `${(i.loc ?? []).join(".")}: ${i.msg ?? "invalid"}`).join("; ");
  }
  return `HTTP ${status}: ${typeof detail === "string" ? detail : JSON.stringify(detail)}`.replace(/\s*\n\s*/g, " ");
}

export class ServiceApi {
  #cookie: string | undefined;

  constructor(
    private readonly send: Send,
    /** Origin the paths are resolved against. */
    private readonly base: string,
    /** The shared password, for a service that has one (sent once on the first 401). */
    private readonly password?: string,
  ) {}

  get(path: string, query: Query = {}): Promise<any> {
    return this.#json("GET", path, query);
  }

  post(path: string, body: unknown, query: Query = {}): Promise<any> {
    return this.#json("POST", path, query, body);
  }

  /** A binary answer (an attachment). */
  async bytes(path: string, query: Query = {}): Promise<Uint8Array> {
    const res = await this.#send("GET", path, query);
    return new Uint8Array(await res.arrayBuffer());
  }

  async #json(method: string, path: string, query: Query, body?: unknown): Promise<any> {
    return (await this.#send(method, path, query, body)).json();
  }

  async #send(method: string, path: string, query: Query, body?: unknown): Promise<Response> {
    const url = new URL(path, this.base);
    for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null && v !== "") url.searchParams.set(k, String(v));
    const attempt = () => {
      const headers: Record<string, string> = {};
      if (body !== undefined) headers["content-type"] = "application/json";
      if (this.#cookie) headers.cookie = this.#cookie;
      return this.send(new Request(url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) }));
    };
    let res = await attempt();
    if (res.status === 401 && this.password !== undefined && !this.#cookie) {
      await res.body?.cancel();
      await this.#login();
      res = await attempt();
    }
    if (res.status === 401 && this.password === undefined) {
      await res.body?.cancel();
      throw new ServiceError(401, "HTTP 401: the service needs its password; set TDX_FORGE_PASSWORD");
    }
    if (!res.ok) throw new ServiceError(res.status, detailLine(res.status, await res.text()));
    return res;
  }

  async #login(): Promise<void> {
    const res = await this.send(
      new Request(new URL("/api/auth/login", this.base), {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ password: this.password }),
      }),
    );
    if (!res.ok) throw new ServiceError(res.status, `login failed: ${detailLine(res.status, await res.text())}`);
    await res.body?.cancel();
    this.#cookie = res.headers.get("set-cookie")?.split(";")[0];
  }
}
