/**
 * Live updates for WebSocket clients: quote subscriptions over the shared
 * {@link QuoteFanout}, task progress from the task service, and session changes.
 * Each client's unsent data is bounded: a client that stops reading is dropped
 * and everything it subscribed to is freed, so memory never grows without bound.
 * So are the codes one client, and all clients together, may watch (a
 * subscription beyond either is refused whole with an error message), and the
 * number of clients. A socket lives no longer than the session it was opened
 * with: logout, a password change or the session's expiry closes it (4401).
 */
import type { Quote } from "../../../core/quotes/index.ts";
import type { Clock } from "../../../ports/clock.ts";
import type { Logger } from "../../../ports/logger.ts";
import { sessionPayload } from "../market/session-routes.ts";
import { marketName } from "../../../core/app/quotes/markets.ts";
import { quoteRow } from "../quotes/quote-routes.ts";
import type { QuoteFanout } from "./quote-fanout.ts";
import { ClientMessage, type TaskEvent, type TaskFeed } from "./ws-messages.ts";

/** The transport side of one connection. */
export interface WsPeer {
  send(text: string): void;
  close(code: number, reason: string): void;
  /** Bytes queued but not yet written to the socket. */
  bufferedAmount(): number;
}

export interface WsConnection {
  onMessage(text: string): void;
  onClose(): void;
}

export const SLOW_CONSUMER = 1008;
/** Close code when the socket's session ends (the 4xxx range is the application's; 401 as in HTTP). */
export const SESSION_ENDED = 4401;
/** Task ids one socket may follow by id ("all" has no list). */
export const MAX_TASK_IDS = 1000;

/** The hub's bounds (README "Configuration": WS_MAX_*). */
export interface WsLimits {
  /** Unsent bytes before a client is dropped as a slow consumer. */
  readonly maxBuffered: number;
  /** Open sockets at once. */
  readonly connections: number;
  /** Quote codes one socket may watch. */
  readonly perSocket: number;
  /** Distinct quote codes watched by all sockets together. */
  readonly watched: number;
}

export const DEFAULT_WS_LIMITS: WsLimits = { maxBuffered: 1 << 20, connections: 256, perSocket: 500, watched: 5000 };

/** The session a socket was opened under (none while no password is set). */
export interface WsSession {
  readonly key: string;
  readonly expires: number;
}

class Client implements WsConnection {
  readonly quotes = new Set<string>();
  tasks: Set<string> | "all" | undefined;
  session = false;
  closed = false;
  readonly onQuote = (code: string, q: Quote) => this.send({ type: "quote", code, data: quoteRow(q) });

  constructor(
    private readonly hub: WsHub,
    private readonly peer: WsPeer,
    readonly auth: WsSession | undefined,
  ) {}

  send(msg: unknown): void {
    if (this.closed) return;
    if (this.peer.bufferedAmount() > this.hub.limits.maxBuffered) {
      this.end(SLOW_CONSUMER, "slow consumer: too much unsent data");
      return;
    }
    this.peer.send(JSON.stringify(msg));
  }

  /** Closes the socket and frees what it held. */
  end(code: number, reason: string): void {
    if (this.closed) return;
    this.peer.close(code, reason);
    this.onClose();
  }

  onMessage(text: string): void {
    let raw: unknown;
    try {
      raw = JSON.parse(text);
    } catch {
      return this.send({ type: "error", detail: "messages must be JSON" });
    }
    const parsed = ClientMessage.safeParse(raw);
    if (!parsed.success) {
      return this.send({ type: "error", detail: parsed.error.issues.map((i) => `${i.path.join(".") || "message"}: ${i.message}`).join("; ") });
    }
    const m = parsed.data;
    if (m.type === "ping") return this.send({ type: "pong" });
    const on = m.type === "subscribe";
    if (m.channel === "quotes") {
      const codes = [...new Set((m.codes ?? (on ? [] : [...this.quotes])).map((c) => c.toUpperCase()))];
      const refused = on ? this.hub.refusal(this, codes) : undefined;
      if (refused) return this.send({ type: "error", detail: refused });
      for (const c of codes) {
        if (on && !this.quotes.has(c)) this.hub.fanout.watch(c, this.onQuote);
        if (!on) this.hub.fanout.unwatch(c, this.onQuote);
        if (on) this.quotes.add(c);
        else this.quotes.delete(c);
      }
      this.send({ type: on ? "subscribed" : "unsubscribed", channel: "quotes", codes });
      if (on && codes.length) void this.hub.snapshot(this, codes);
    } else if (m.channel === "tasks") {
      const ids = m.task_ids ?? "all";
      if (on && ids !== "all" && this.tasks !== "all" && new Set([...(this.tasks ?? []), ...ids]).size > MAX_TASK_IDS) {
        return this.send({ type: "error", detail: `at most ${MAX_TASK_IDS} task ids per connection; subscribe to "all" instead` });
      }
      if (on) {
        if (ids === "all") this.tasks = "all";
        else if (this.tasks !== "all") this.tasks = new Set([...(this.tasks ?? []), ...ids]);
      } else if (ids === "all") this.tasks = undefined;
      else if (this.tasks instanceof Set) for (const id of ids) this.tasks.delete(id);
      this.send({ type: on ? "subscribed" : "unsubscribed", channel: "tasks", task_ids: ids });
    } else {
      this.session = on;
      this.send({ type: on ? "subscribed" : "unsubscribed", channel: "session" });
      if (on) this.send({ type: "session", data: sessionPayload(this.hub.clock) });
    }
  }

  onClose(): void {
    if (this.closed) return;
    this.closed = true;
    for (const c of this.quotes) this.hub.fanout.unwatch(c, this.onQuote);
    this.quotes.clear();
    this.hub.forget(this);
  }
}

export class WsHub {
  readonly #clients = new Set<Client>();
  readonly #sessionTimer: ReturnType<typeof setInterval>;
  readonly #unsubscribeTasks: (() => void) | undefined;
  #trading: boolean | undefined;

  constructor(
    readonly fanout: QuoteFanout,
    readonly clock: Clock,
    private readonly log: Logger,
    tasks?: TaskFeed,
    readonly limits: WsLimits = DEFAULT_WS_LIMITS,
  ) {
    this.#unsubscribeTasks = tasks?.subscribe((e) => this.#onTask(e));
    this.#sessionTimer = setInterval(() => this.#checkSession(), 1000);
    this.#sessionTimer.unref?.();
  }

  get clients(): number {
    return this.#clients.size;
  }

  /** Whether another socket may open now. */
  get full(): boolean {
    return this.#clients.size >= this.limits.connections;
  }

  /** A new socket; beyond the connection limit it is closed at once with 1013 (try again later). */
  connect(peer: WsPeer, session?: WsSession): WsConnection {
    const c = new Client(this, peer, session);
    if (this.full) {
      peer.close(1013, `at most ${this.limits.connections} WebSocket connections`);
      c.closed = true;
      return c;
    }
    this.#clients.add(c);
    return c;
  }

  /** Why subscribing `c` to `codes` would pass a watch limit, or undefined. */
  refusal(c: Client, codes: readonly string[]): string | undefined {
    const added = codes.filter((code) => !c.quotes.has(code));
    if (c.quotes.size + added.length > this.limits.perSocket) {
      return `at most ${this.limits.perSocket} quote codes per connection (watching ${c.quotes.size}, asked for ${added.length} more); nothing was subscribed`;
    }
    const fresh = added.filter((code) => !this.fanout.isWatched(code)).length;
    if (this.fanout.watched + fresh > this.limits.watched) {
      return `the service watches at most ${this.limits.watched} quote codes for all connections; nothing was subscribed`;
    }
    return undefined;
  }

  /** Closes the sockets of a session that ended (`key`), or of every session (undefined: password set or changed). */
  endSessions(key?: string): void {
    for (const c of [...this.#clients]) if (key === undefined || c.auth?.key === key) c.end(SESSION_ENDED, "session ended; log in again");
  }

  forget(c: Client): void {
    this.#clients.delete(c);
  }

  async snapshot(c: Client, codes: readonly string[]): Promise<void> {
    try {
      for (const q of await this.fanout.snapshot(codes)) c.onQuote(`${marketName(q.market)}:${q.code}`, q);
    } catch (e) {
      c.send({ type: "error", detail: `quote snapshot failed: ${(e as Error).message}` });
    }
  }

  #onTask(e: TaskEvent): void {
    for (const c of this.#clients) {
      if (c.tasks === "all" || c.tasks?.has(e.task_id)) c.send({ type: "task", ...e });
    }
  }

  #checkSession(): void {
    const now = this.clock.now();
    for (const c of [...this.#clients]) if (c.auth && c.auth.expires <= now) c.end(SESSION_ENDED, "session expired; log in again");
    const s = sessionPayload(this.clock);
    if (this.#trading === s.is_trading) return;
    const first = this.#trading === undefined;
    this.#trading = s.is_trading;
    if (first) return;
    this.log.info({ trading: s.is_trading }, "market session changed");
    for (const c of this.#clients) if (c.session) c.send({ type: "session", data: s });
  }

  close(): void {
    clearInterval(this.#sessionTimer);
    this.#unsubscribeTasks?.();
    for (const c of [...this.#clients]) c.onClose();
    this.fanout.close();
  }
}
