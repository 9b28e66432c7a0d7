/**
 * One TCP connection to a TDX server. Requests are strictly one at a time (the
 * protocol has no evidence of pipelining, adapters/tdx/README.md 4), queued in order, so
 * concurrent callers never interleave frames. Any transport or framing fault
 * destroys the socket: a stream that lost its framing cannot be trusted again.
 */
import { connect, type Socket } from "node:net";
import { TdxCommand } from "./tdx-commands.ts";
import { TdxFrameError } from "./tdx-errors.ts";
import { encodeRequest, type ResponseFrame } from "./tdx-frame.ts";
import { ResponseSplitter } from "./tdx-frame-splitter.ts";
import { hostKey, type TdxHost } from "./tdx-hosts.ts";
import { encodeSetupRequest, SETUP_LOGIN_PAYLOAD } from "./tdx-session.ts";
import { TdxConnectionLostError, TdxTimeoutError, TdxUnavailableError } from "./tdx-transport.ts";

export interface ConnectionOptions {
  readonly connectTimeoutMs: number;
  /** Run the setup exchange after connecting (all quote hosts want it). */
  readonly handshake: boolean;
  /** The setup requests instead of the standard three (the extended market logs in with 0x2454). */
  readonly setup?: readonly SetupStep[];
  /** First byte of every request (default 0x0c; 0x01 on the extended-market port). */
  readonly head?: number;
}

/** One request of a setup exchange. */
export interface SetupStep {
  readonly cmd: number;
  readonly payload: Uint8Array;
}

const STANDARD_SETUP: readonly SetupStep[] = [
  { cmd: TdxCommand.SETUP, payload: encodeSetupRequest(1) },
  { cmd: TdxCommand.SETUP, payload: encodeSetupRequest(2) },
  { cmd: TdxCommand.SETUP_LOGIN, payload: SETUP_LOGIN_PAYLOAD },
];

interface Job {
  readonly cmd: number;
  readonly payload: Uint8Array;
  readonly timeoutMs: number;
  readonly head: number | undefined;
  resolve(f: ResponseFrame): void;
  reject(e: Error): void;
}

export class TdxConnection {
  readonly host: TdxHost;
  /** Milliseconds the connect + setup exchange took. */
  readonly setupMs: number;
  #socket: Socket;
  #splitter = new ResponseSplitter();
  #seq = 1;
  #queue: Job[] = [];
  #current: { job: Job; seq: number; timer: ReturnType<typeof setTimeout> } | undefined;
  #dead: Error | undefined;
  lastUsed = performance.now();

  readonly #head: number | undefined;

  private constructor(host: TdxHost, socket: Socket, setupMs: number, head: number | undefined) {
    this.host = host;
    this.#head = head;
    this.#socket = socket;
    this.setupMs = setupMs;
    socket.on("data", (chunk: Buffer) => this.#onData(chunk));
    socket.on("error", (e) => this.#fail(new TdxConnectionLostError(`${hostKey(host)}: ${e.message}`)));
    socket.on("close", () => {
      let why = `${hostKey(host)} closed the connection`;
      try {
        this.#splitter.end();
      } catch (e) {
        why += ` (${(e as Error).message})`;
      }
      this.#fail(new TdxConnectionLostError(why));
    });
  }

  /** Connects (and runs the setup exchange); rejects with TdxUnavailableError. */
  static async open(host: TdxHost, opts: ConnectionOptions): Promise<TdxConnection> {
    const t0 = performance.now();
    const socket = await new Promise<Socket>((resolve, reject) => {
      const s = connect({ host: host.host, port: host.port, noDelay: true });
      const timer = setTimeout(() => {
        s.destroy();
        reject(new TdxUnavailableError(`${hostKey(host)}: connect timed out after ${opts.connectTimeoutMs} ms`, [hostKey(host)]));
      }, opts.connectTimeoutMs);
      s.once("connect", () => {
        clearTimeout(timer);
        s.removeAllListeners("error");
        resolve(s);
      });
      s.once("error", (e) => {
        clearTimeout(timer);
        reject(new TdxUnavailableError(`${hostKey(host)}: ${e.message}`, [hostKey(host)]));
      });
    });
    const c = new TdxConnection(host, socket, 0, opts.head);
    if (opts.handshake) {
      try {
        for (const step of opts.setup ?? STANDARD_SETUP) await c.request(step.cmd, step.payload, opts.connectTimeoutMs);
      } catch (e) {
        c.close();
        throw new TdxUnavailableError(`${hostKey(host)}: setup failed: ${(e as Error).message}`, [hostKey(host)]);
      }
    }
    (c as { setupMs: number }).setupMs = performance.now() - t0;
    return c;
  }

  get alive(): boolean {
    return this.#dead === undefined;
  }

  /** Requests waiting or in flight. */
  get load(): number {
    return this.#queue.length + (this.#current ? 1 : 0);
  }

  /** `head` overrides the connection's first request byte for this request. */
  request(cmd: number, payload: Uint8Array, timeoutMs: number, head?: number): Promise<ResponseFrame> {
    if (this.#dead) return Promise.reject(this.#dead);
    return new Promise((resolve, reject) => {
      this.#queue.push({ cmd, payload, timeoutMs, head: head ?? this.#head, resolve, reject });
      this.#pump();
    });
  }

  close(): void {
    this.#fail(new TdxConnectionLostError(`connection to ${hostKey(this.host)} closed`));
  }

  #pump(): void {
    if (this.#current || this.#dead) return;
    const job = this.#queue.shift();
    if (!job) return;
    const seq = this.#seq++ >>> 0;
    const timer = setTimeout(() => {
      this.#fail(new TdxTimeoutError(`${hostKey(this.host)} did not answer within ${job.timeoutMs} ms`));
    }, job.timeoutMs);
    this.#current = { job, seq, timer };
    this.lastUsed = performance.now();
    this.#socket.write(encodeRequest(job.cmd, job.payload, { seq, head: job.head }));
  }

  #onData(chunk: Buffer): void {
    let frames: ResponseFrame[];
    try {
      frames = this.#splitter.push(chunk);
    } catch (e) {
      this.#fail(e as Error);
      return;
    }
    for (const f of frames) {
      const cur = this.#current;
      if (!cur || f.header.seq !== cur.seq || f.header.cmd !== cur.job.cmd) {
        this.#fail(new TdxFrameError(`${hostKey(this.host)} sent an unexpected reply (cmd 0x${f.header.cmd.toString(16)}, seq ${f.header.seq})`));
        return;
      }
      clearTimeout(cur.timer);
      this.#current = undefined;
      this.lastUsed = performance.now();
      cur.job.resolve(f);
    }
    this.#pump();
  }

  /** Kills the socket and rejects the job in flight (with `e`) and every queued one. */
  #fail(e: Error): void {
    if (this.#dead) return;
    this.#dead = e;
    this.#socket.destroy();
    if (this.#current) {
      clearTimeout(this.#current.timer);
      this.#current.job.reject(e);
      this.#current = undefined;
    }
    const queued = new TdxConnectionLostError(`${hostKey(this.host)}: connection dropped before the request was sent (${e.message})`);
    for (const j of this.#queue.splice(0)) j.reject(queued);
  }
}
