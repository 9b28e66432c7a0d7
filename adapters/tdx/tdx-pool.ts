/**
 * A small pool of TDX connections over a ranked host list: requests go to the
 * least-loaded live connection; connections open lazily, get a heartbeat when
 * idle, and are replaced when they break. When the current host cannot be
 * reached the pool fails over to the next one; a request whose connection died
 * in flight is retried on a fresh one. Protocol faults (a corrupt reply) and
 * timeouts are not retried: the caller gets a clear error and the connection is
 * recycled. A host whose request (or heartbeat) timed out is taken out of
 * rotation for a cool-down by the circuit breaker (core/quotes/host-breaker.ts),
 * its connections closed, and new connections fail over to the next host.
 */
import { HostBreaker } from "../../core/quotes/index.ts";
import { TdxCommand } from "./tdx-commands.ts";
import { type SetupStep, TdxConnection } from "./tdx-connection.ts";
import type { ResponseFrame } from "./tdx-frame.ts";
import { hostKey, type TdxHost } from "./tdx-hosts.ts";
import { HEARTBEAT_PAYLOAD } from "./tdx-session.ts";
import { type RequestFraming, TdxConnectionLostError, TdxTimeoutError, type TdxTransport, TdxUnavailableError } from "./tdx-transport.ts";

export interface PoolOptions {
  /** Connections kept open (default 2). */
  readonly size?: number;
  readonly connectTimeoutMs?: number;
  readonly requestTimeoutMs?: number;
  /** Idle time after which a connection gets a heartbeat (default 10 s, as pytdx). */
  readonly heartbeatMs?: number;
  readonly handshake?: boolean;
  /** Setup requests instead of the standard three (see ConnectionOptions). */
  readonly setup?: readonly SetupStep[];
  /** First byte of every request (default 0x0c). */
  readonly head?: number;
  /** The keep-alive request (default the standard heartbeat 0x0004). */
  readonly heartbeat?: SetupStep;
  /** Called with every exchange, for `TDX_RECORD`. */
  readonly onExchange?: (cmd: number, payload: Uint8Array, reply: ResponseFrame) => void;
}

export interface HostProbe {
  readonly name: string;
  readonly host: string;
  readonly port: number;
  readonly reachable: boolean;
  /** Connect + setup time in ms (null when unreachable). */
  readonly latency_ms: number | null;
  readonly error: string | null;
}

export class TdxPool implements TdxTransport {
  #hosts: TdxHost[];
  #current = 0;
  readonly #conns: TdxConnection[] = [];
  readonly #opening = new Map<number, Promise<TdxConnection>>();
  readonly #opts: Required<Omit<PoolOptions, "onExchange" | "setup" | "head">> & Pick<PoolOptions, "onExchange" | "setup" | "head">;
  readonly #heartbeat: ReturnType<typeof setInterval>;
  readonly #breaker = new HostBreaker();
  #closed = false;

  constructor(hosts: readonly TdxHost[], opts: PoolOptions = {}) {
    if (hosts.length === 0) throw new Error("TDX host list is empty");
    this.#hosts = [...hosts];
    this.#opts = {
      size: opts.size ?? 2,
      connectTimeoutMs: opts.connectTimeoutMs ?? 3000,
      requestTimeoutMs: opts.requestTimeoutMs ?? 10_000,
      heartbeatMs: opts.heartbeatMs ?? 10_000,
      handshake: opts.handshake ?? true,
      setup: opts.setup,
      head: opts.head,
      heartbeat: opts.heartbeat ?? { cmd: TdxCommand.HEARTBEAT, payload: HEARTBEAT_PAYLOAD },
      onExchange: opts.onExchange,
    };
    this.#heartbeat = setInterval(() => this.#beat(), Math.max(50, this.#opts.heartbeatMs / 2));
    this.#heartbeat.unref?.();
  }

  get hosts(): readonly TdxHost[] {
    return this.#hosts;
  }

  /** The host new connections go to. */
  get currentHost(): TdxHost {
    return this.#hosts[this.#current]!;
  }

  /** Live connections right now. */
  get connected(): number {
    return this.#conns.filter((c) => c.alive).length;
  }

  async request(cmd: number, payload: Uint8Array, framing?: RequestFraming): Promise<ResponseFrame> {
    // One retry per host plus one: enough to ride out a host dying mid-request.
    let lastLost: Error | undefined;
    for (let attempt = 0; attempt <= this.#hosts.length; attempt++) {
      const conn = await this.#acquire();
      try {
        const reply = await conn.request(cmd, payload, this.#opts.requestTimeoutMs, framing?.head);
        this.#breaker.answered(hostKey(conn.host));
        this.#opts.onExchange?.(cmd, payload, reply);
        return reply;
      } catch (e) {
        this.#drop(conn);
        if (e instanceof TdxTimeoutError) this.#timedOut(conn.host);
        if (!(e instanceof TdxConnectionLostError)) throw e;
        lastLost = e;
      }
    }
    throw new TdxUnavailableError(`TDX request failed on every host: ${lastLost?.message}`, this.#hosts.map(hostKey));
  }

  /**
   * Reconnects to `host` without a restart; on success it becomes the current
   * host (first in the list) and existing connections are replaced. On failure
   * nothing changes and the error is thrown.
   */
  async switchTo(host: TdxHost): Promise<number> {
    const conn = await TdxConnection.open(host, this.#opts);
    this.#breaker.answered(hostKey(host));
    const old = this.#conns.splice(0);
    this.#hosts = [host, ...this.#hosts.filter((h) => hostKey(h) !== hostKey(host))];
    this.#current = 0;
    this.#conns.push(conn);
    for (const c of old) c.close();
    return conn.setupMs;
  }

  /** Concurrent connect-and-setup probes, each bounded by `timeoutMs`; latency in whole milliseconds, as easy_tdx reports it (web/routers/server.py: `round(s * 1000)`, `latency_ms: int`). */
  static async probe(hosts: readonly TdxHost[], timeoutMs: number, handshake = true): Promise<HostProbe[]> {
    return Promise.all(
      hosts.map(async (h) => {
        try {
          const c = await TdxConnection.open(h, { connectTimeoutMs: timeoutMs, handshake });
          c.close();
          return { name: h.name, host: h.host, port: h.port, reachable: true, latency_ms: Math.round(c.setupMs), error: null };
        } catch (e) {
          return { name: h.name, host: h.host, port: h.port, reachable: false, latency_ms: null, error: (e as Error).message };
        }
      }),
    );
  }

  async close(): Promise<void> {
    this.#closed = true;
    clearInterval(this.#heartbeat);
    for (const c of this.#conns.splice(0)) c.close();
    for (const p of this.#opening.values())
      p.then(
        (c) => c.close(),
        () => {},
      );
  }

  async #acquire(): Promise<TdxConnection> {
    if (this.#closed) throw new TdxUnavailableError("TDX pool is closed", []);
    this.#dropUnusable();
    const idle = this.#conns.find((c) => c.load === 0);
    if (idle) return idle;
    const slots = this.#opts.size - this.#conns.length - this.#opening.size;
    if (slots > 0 || this.#conns.length === 0) {
      const slot = this.#opening.size + this.#conns.length;
      let p = this.#opening.get(slot);
      if (!p) {
        p = this.#openWithFailover().finally(() => this.#opening.delete(slot));
        this.#opening.set(slot, p);
        p.then(
          (c) => this.#conns.push(c),
          () => {},
        );
      }
      if (this.#conns.length === 0) return p;
    }
    return this.#conns.reduce((a, b) => (b.load < a.load ? b : a));
  }

  /** Tries the current host, then each following one (skipping hosts the breaker holds open); remembers the first that works. */
  async #openWithFailover(): Promise<TdxConnection> {
    const tried: string[] = [];
    const errors: string[] = [];
    const n = this.#hosts.length;
    const rotation = Array.from({ length: n }, (_, k) => this.#hosts[(this.#current + k) % n]!);
    for (const host of this.#breaker.order(rotation, hostKey, performance.now())) {
      tried.push(hostKey(host));
      try {
        const c = await TdxConnection.open(host, this.#opts);
        const i = this.#hosts.indexOf(host);
        if (i >= 0) this.#current = i;
        return c;
      } catch (e) {
        errors.push((e as Error).message);
      }
    }
    throw new TdxUnavailableError(`no TDX host reachable (${errors.join("; ")})`, tried);
  }

  /** A request to `host` timed out: when the breaker takes it out of rotation, its other connections go too. */
  #timedOut(host: TdxHost): void {
    if (this.#breaker.timedOut(hostKey(host), performance.now())) this.#dropUnusable();
  }

  /**
   * Drops dead connections and those to hosts out of rotation; when every host
   * is out, the breaker still names one, and its connections stay.
   */
  #dropUnusable(): void {
    const usable = new Set(this.#breaker.order(this.#hosts, hostKey, performance.now()).map(hostKey));
    for (let i = this.#conns.length - 1; i >= 0; i--) {
      const c = this.#conns[i]!;
      if (c.alive && usable.has(hostKey(c.host))) continue;
      c.close();
      this.#conns.splice(i, 1);
    }
  }

  #drop(c: TdxConnection): void {
    c.close();
    const i = this.#conns.indexOf(c);
    if (i >= 0) this.#conns.splice(i, 1);
  }

  #beat(): void {
    const now = performance.now();
    for (const c of this.#conns) {
      if (c.alive && c.load === 0 && now - c.lastUsed >= this.#opts.heartbeatMs) {
        c.request(this.#opts.heartbeat.cmd, this.#opts.heartbeat.payload, this.#opts.requestTimeoutMs).catch((e) => {
          this.#drop(c);
          if (e instanceof TdxTimeoutError) this.#timedOut(c.host);
        });
      }
    }
  }
}
