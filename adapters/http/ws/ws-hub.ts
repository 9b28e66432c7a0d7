/**
 * Live updates for WebSocket clients: quote subscriptions over the shared
 * {@link QuoteFanout}, task progress from the task service, and session changes.
 * Each client's unsent data is bounded: a client that stops reading is dropped
 * and everything it subscribed to is freed, so memory never grows without bound.
 */
import type { Quote } from "../../../core/quotes/records.ts";
import type { Clock } from "../../../ports/clock.ts";
import type { Logger } from "../../../ports/logger.ts";
import { sessionPayload } from "../market/session-routes.ts";
import { marketName } from "../quotes/markets.ts";
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

export const MAX_BUFFERED_BYTES = 1 << 20;
export const SLOW_CONSUMER = 1008;

class Client implements WsConnection {
  readonly quotes = new Set<string>();
  tasks: Set<string> | "all" | undefined;
  session = false;
  closed = false;
  readonly onQuote = (code: string, q: Quote) => this.send({ type: "quote", code, data: quoteRow(q) });

  constructor(
    private readonly hub: WsHub,
    private readonly peer: WsPeer,
  ) {}

  send(msg: unknown): void {
    if (this.closed) return;
    if (this.peer.bufferedAmount() > this.hub.maxBuffered) {
      this.peer.close(SLOW_CONSUMER, "slow consumer: too much unsent data");
      this.onClose();
      return;
    }
    this.peer.send(JSON.stringify(msg));
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
      const codes = (m.codes ?? (on ? [] : [...this.quotes])).map((c) => c.toUpperCase());
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
    readonly maxBuffered = MAX_BUFFERED_BYTES,
  ) {
    this.#unsubscribeTasks = tasks?.subscribe((e) => this.#onTask(e));
    this.#sessionTimer = setInterval(() => this.#checkSession(), 1000);
    this.#sessionTimer.unref?.();
  }

  get clients(): number {
    return this.#clients.size;
  }

  connect(peer: WsPeer): WsConnection {
    const c = new Client(this, peer);
    this.#clients.add(c);
    return c;
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
