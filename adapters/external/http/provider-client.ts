/**
 * HTTP to one external provider: every request bounded by a timeout, spaced by a
 * polite gate, and retried with doubling back-off after a timeout, a refused or
 * reset connection, 429 or 5xx (a `Retry-After` is honoured up to a cap).
 * Redirects are not followed: CFFEX answers a missing file with a redirect to an
 * error page, which must not pass for data. Failures become {@link ProviderError}s.
 */
import type { Logger } from "../../../ports/logger.ts";
import { describeBody, ProviderError, ProviderTimeoutError } from "../provider-errors.ts";
import { type Exchange, exchange } from "./node-exchange.ts";
import { PoliteGate, realTimer, type Timer } from "./polite-gate.ts";

export interface ProviderClientOptions {
  /** Root URL; request paths are appended to it. */
  readonly baseUrl: string;
  readonly timeoutMs: number;
  readonly retries: number;
  readonly backoffMs: number;
  readonly minIntervalMs: number;
  /** Longest pause between attempts, whatever `Retry-After` says (default 5 s). */
  readonly maxBackoffMs?: number;
  readonly log?: Logger;
  /** Time source for the gate and the back-off (tests record the pauses). */
  readonly timer?: Timer;
}

export interface ProviderRequest {
  readonly method?: "GET" | "POST";
  /** Appended to the base URL; starts with "/". */
  readonly path: string;
  readonly query?: Readonly<Record<string, string>>;
  /** Sent as `application/x-www-form-urlencoded`. */
  readonly form?: Readonly<Record<string, string>>;
  readonly headers?: Readonly<Record<string, string>>;
}

export interface ProviderReply {
  readonly status: number;
  readonly headers: Headers;
  readonly text: string;
}

/** Browsers' agent string: several providers refuse unknown clients. */
export const BROWSER_UA = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36";

const retryable = (status: number) => status === 429 || status >= 500;

function isTimeout(e: unknown): boolean {
  const name = (e as { name?: string } | null)?.name;
  return name === "TimeoutError" || name === "AbortError";
}

/** `ECONNREFUSED`, `ECONNRESET`, ... from the socket's error, else the message. */
function networkReason(e: unknown): string {
  const err = e as { code?: string; message?: string } | null;
  return err?.code ?? err?.message ?? String(e);
}

const decoder = new TextDecoder();

export class ProviderClient {
  readonly #gate: PoliteGate;
  readonly #timer: Timer;

  constructor(
    readonly provider: string,
    private readonly opts: ProviderClientOptions,
  ) {
    this.#timer = opts.timer ?? realTimer;
    this.#gate = new PoliteGate(opts.minIntervalMs, this.#timer);
  }

  get baseUrl(): string {
    return this.opts.baseUrl;
  }

  url(req: Pick<ProviderRequest, "path" | "query">): string {
    const qs = req.query ? `?${new URLSearchParams(req.query)}` : "";
    return `${this.opts.baseUrl}${req.path}${qs}`;
  }

  async request(req: ProviderRequest): Promise<ProviderReply> {
    const headers: Record<string, string> = { ...req.headers };
    let body: string | undefined;
    if (req.form) {
      headers["content-type"] = "application/x-www-form-urlencoded; charset=UTF-8";
      body = new URLSearchParams(req.form).toString();
    }
    return this.#send(this.url(req), { method: req.method ?? "GET", headers, body }, (res) => ({ status: res.status, headers: res.headers, text: decoder.decode(res.body) }));
  }

  /**
   * The bytes of a file at an absolute URL on the provider's file host (an
   * announcement's PDF), with the same timeout, spacing and retries; an answer
   * other than 200 is a {@link ProviderError}.
   */
  async download(url: string): Promise<Uint8Array> {
    const reply = await this.#send(url, { method: "GET", headers: {} }, (res) => ({ status: res.status, bytes: res.body }));
    if (reply.status !== 200) throw new ProviderError(this.provider, `${this.provider} answered HTTP ${reply.status} for ${url}`);
    return reply.bytes;
  }

  async #send<T>(url: string, init: { method: string; headers: Record<string, string>; body?: string }, read: (res: Exchange) => T): Promise<T> {
    const headers = { "user-agent": BROWSER_UA, ...init.headers };
    const attempts = this.opts.retries + 1;
    let failure: ProviderError | undefined;
    let retryAfter: string | null = null;
    for (let attempt = 0; attempt < attempts; attempt++) {
      if (failure) await this.#timer.sleep(this.#pause(attempt, retryAfter));
      await this.#gate.turn();
      retryAfter = null;
      try {
        const res = await exchange(url, { method: init.method, headers, ...(init.body === undefined ? {} : { body: init.body }) }, AbortSignal.timeout(this.opts.timeoutMs));
        if (!retryable(res.status)) return read(res);
        const text = decoder.decode(res.body);
        retryAfter = res.headers.get("retry-after");
        failure = new ProviderError(this.provider, `${this.provider} answered HTTP ${res.status} with ${describeBody(text)} (${attempts} attempts)`);
      } catch (e) {
        failure = isTimeout(e)
          ? new ProviderTimeoutError(this.provider, `${this.provider} did not answer within ${this.opts.timeoutMs} ms (${attempts} attempts)`)
          : new ProviderError(this.provider, `${this.provider} could not be reached: ${networkReason(e)} (${attempts} attempts)`);
      }
      this.opts.log?.warn({ provider: this.provider, url, attempt: attempt + 1, err: failure.message }, "external provider request failed");
    }
    throw failure!;
  }

  /** Doubling back-off before attempt `attempt` (from 1), or the provider's `Retry-After` seconds; capped. */
  #pause(attempt: number, retryAfter: string | null): number {
    const asked = Number(retryAfter);
    const ms = retryAfter !== null && Number.isFinite(asked) && asked > 0 ? asked * 1000 : this.opts.backoffMs * 2 ** (attempt - 1);
    return Math.min(ms, this.opts.maxBackoffMs ?? 5000);
  }
}
