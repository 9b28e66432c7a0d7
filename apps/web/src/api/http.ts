/**
 * The one way the web app talks HTTP to the service: JSON in and out, every
 * failure turned into an `ApiError` carrying the server's `detail` (a string, or
 * FastAPI-style validation items), and a gate rejection (401/403 on `/api/v1`)
 * reported once to whoever watches the session, so any page can lose its login
 * and the shell shows the login screen.
 */

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

export async function request<T>(method: string, path: string, body?: unknown, opts: RequestOptions = {}): Promise<T> {
  let res: Response;
  try {
    res = await fetch(path, {
      method,
      headers: body === undefined ? { accept: "application/json" } : { accept: "application/json", "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: "same-origin",
      signal: opts.signal,
    });
  } catch (e) {
    if (e instanceof DOMException && e.name === "AbortError") throw e;
    throw new ApiError(0, e instanceof Error ? e.message : String(e));
  }
  const text = await res.text();
  let parsed: unknown = undefined;
  if (text !== "") {
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
    }
  }
  if (res.ok) return parsed as T;
  const { text: detail, items } = describeDetail((parsed as { detail?: unknown } | undefined)?.detail);
  const err = new ApiError(res.status, detail || `${res.status} ${res.statusText}`, items);
  if (!opts.quiet && path.startsWith("/api/v1") && (res.status === 401 || res.status === 403)) onGate(res.status, err.detail);
  throw err;
}

export const get = <T>(path: string, opts?: RequestOptions) => request<T>("GET", path, undefined, opts);
export const post = <T>(path: string, body: unknown, opts?: RequestOptions) => request<T>("POST", path, body, opts);

/** `?a=1&b=x` from the defined entries of a record. */
export function query(params: Record<string, string | number | boolean | undefined>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined) q.set(k, String(v));
  const s = q.toString();
  return s ? `?${s}` : "";
}
