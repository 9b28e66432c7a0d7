/**
 * A minimal Redis connection speaking RESP2 over TCP (or TLS for rediss://):
 * commands are written as they come and their replies matched in order, so
 * any number may be in flight. Enough for BullMQ's adapter
 * (bullmq-redis-client.ts); the project carries no Redis driver package.
 *
 * Replies: simple strings and bulk strings as JS strings (UTF-8), integers as
 * numbers, nil as null, arrays as arrays, error replies as `RespError` (a
 * top-level error rejects the command; inside an array it stays an element, as
 * EXEC reports a failed command). A connection lost while open is re-opened
 * with back-off until `close`/`destroy`; commands in flight at the loss fail
 * with "Connection is closed." (ioredis' wording, which BullMQ recognises).
 */
import { EventEmitter } from "node:events";
import { connect as netConnect, type Socket } from "node:net";
import { connect as tlsConnect } from "node:tls";

export class RespError extends Error {
  override readonly name = "ReplyError";
}

export const CONNECTION_CLOSED = "Connection is closed.";

export type RespValue = string | number | null | RespError | RespValue[];

export interface RespOptions {
  readonly host: string;
  readonly port: number;
  readonly tls: boolean;
  readonly username?: string;
  readonly password?: string;
  readonly db: number;
}

/** `redis://[user:password@]host:port[/db]` (or rediss://) as options. */
export function parseRedisUrl(url: string): RespOptions {
  const u = new URL(url);
  return {
    host: u.hostname.replace(/^\[|\]$/g, "") || "127.0.0.1",
    port: Number(u.port || 6379),
    tls: u.protocol === "rediss:",
    ...(u.username ? { username: decodeURIComponent(u.username) } : {}),
    ...(u.password ? { password: decodeURIComponent(u.password) } : {}),
    db: Number(u.pathname.slice(1) || 0),
  };
}

const CRLF = Buffer.from("\r\n");
const INCOMPLETE = Symbol("incomplete");

/** Parses one reply at `at`; INCOMPLETE when the buffer ends first. */
function parse(buf: Buffer, at: number): { value: RespValue; next: number } | typeof INCOMPLETE {
  if (at >= buf.length) return INCOMPLETE;
  const eol = buf.indexOf(CRLF, at);
  if (eol < 0) return INCOMPLETE;
  const line = buf.toString("utf8", at + 1, eol);
  switch (buf[at]) {
    case 43: // +
      return { value: line, next: eol + 2 };
    case 45: // -
      return { value: new RespError(line), next: eol + 2 };
    case 58: // :
      return { value: Number(line), next: eol + 2 };
    case 36: {
      // $
      const len = Number(line);
      if (len < 0) return { value: null, next: eol + 2 };
      const end = eol + 2 + len;
      if (end + 2 > buf.length) return INCOMPLETE;
      return { value: buf.toString("utf8", eol + 2, end), next: end + 2 };
    }
    case 42: {
      // *
      const count = Number(line);
      if (count < 0) return { value: null, next: eol + 2 };
      const items: RespValue[] = [];
      let next = eol + 2;
      for (let i = 0; i < count; i++) {
        const r = parse(buf, next);
        if (r === INCOMPLETE) return INCOMPLETE;
        items.push(r.value);
        next = r.next;
      }
      return { value: items, next };
    }
    default:
      throw new RespError(`unexpected reply byte ${buf[at]}`);
  }
}

export type RespArg = string | number | Buffer;

function encode(args: readonly RespArg[]): Buffer {
  const parts: Buffer[] = [Buffer.from(`*${args.length}\r\n`)];
  for (const a of args) {
    const b = Buffer.isBuffer(a) ? a : Buffer.from(String(a));
    parts.push(Buffer.from(`$${b.length}\r\n`), b, CRLF);
  }
  return Buffer.concat(parts);
}

interface Pending {
  resolve(v: RespValue): void;
  reject(e: Error): void;
}

/** Emits `ready` (after AUTH/SELECT), `error`, `close` (socket gone) and `end` (closed for good). */
export class RespConnection extends EventEmitter {
  #socket: Socket | undefined;
  #buffer: Buffer = Buffer.alloc(0);
  readonly #pending: Pending[] = [];
  #ready = false;
  #ended = false;
  #opening: Promise<void> | undefined;
  #retry = 0;

  constructor(readonly options: RespOptions) {
    super();
  }

  get ready(): boolean {
    return this.#ready;
  }

  get ended(): boolean {
    return this.#ended;
  }

  /** Opens the connection (again after `destroy`); resolves once it is ready. */
  open(): Promise<void> {
    this.#ended = false;
    if (this.#ready) return Promise.resolve();
    return (this.#opening ??= this.#open().finally(() => (this.#opening = undefined)));
  }

  #open(): Promise<void> {
    const o = this.options;
    return new Promise<void>((resolve, reject) => {
      const socket = o.tls ? tlsConnect({ host: o.host, port: o.port, servername: o.host }) : netConnect({ host: o.host, port: o.port });
      this.#socket = socket;
      this.#buffer = Buffer.alloc(0);
      socket.setNoDelay(true);
      const fail = (e: Error) => {
        socket.destroy();
        reject(e);
      };
      socket.once("error", fail);
      socket.once(o.tls ? "secureConnect" : "connect", async () => {
        socket.off("error", fail);
        socket.on("error", (e) => this.#error(e));
        try {
          if (o.password !== undefined) await this.#write(o.username !== undefined ? ["AUTH", o.username, o.password] : ["AUTH", o.password]);
          if (o.db !== 0) await this.#write(["SELECT", o.db]);
          this.#ready = true;
          this.#retry = 0;
          resolve();
          this.emit("ready");
        } catch (e) {
          fail(e as Error);
        }
      });
      socket.on("data", (chunk: Buffer) => this.#receive(chunk));
      socket.on("close", () => this.#lost(socket));
    });
  }

  #receive(chunk: Buffer): void {
    this.#buffer = this.#buffer.length === 0 ? chunk : Buffer.concat([this.#buffer, chunk]);
    let at = 0;
    for (;;) {
      const r = parse(this.#buffer, at);
      if (r === INCOMPLETE) break;
      at = r.next;
      const p = this.#pending.shift();
      if (p) r.value instanceof RespError ? p.reject(r.value) : p.resolve(r.value);
    }
    this.#buffer = at === this.#buffer.length ? Buffer.alloc(0) : this.#buffer.subarray(at);
  }

  #lost(socket: Socket): void {
    if (socket !== this.#socket) return;
    this.#socket = undefined;
    this.#ready = false;
    for (const p of this.#pending.splice(0)) p.reject(new Error(CONNECTION_CLOSED));
    this.emit("close");
    if (this.#ended) return;
    const delay = Math.min(2000, 50 * 2 ** this.#retry++);
    this.emit("reconnecting", delay);
    setTimeout(() => {
      if (!this.#ended && !this.#ready) this.open().catch((e: Error) => this.#error(e));
    }, delay).unref();
  }

  /** Errors go to listeners when there are any (a failed reconnect is retried anyway). */
  #error(e: Error): void {
    if (this.listenerCount("error") > 0) this.emit("error", e);
  }

  #write(args: readonly RespArg[]): Promise<RespValue> {
    const socket = this.#socket;
    if (!socket || socket.destroyed) return Promise.reject(new Error(CONNECTION_CLOSED));
    return new Promise<RespValue>((resolve, reject) => {
      this.#pending.push({ resolve, reject });
      socket.write(encode(args));
    });
  }

  /** Sends one command once the connection is ready. */
  async send(args: readonly RespArg[]): Promise<RespValue> {
    if (this.#ended) throw new Error(CONNECTION_CLOSED);
    if (!this.#ready) await this.open();
    return this.#write(args);
  }

  /** QUIT, then closed for good. */
  async close(): Promise<void> {
    if (this.#ended) return;
    const quit = this.#ready ? this.#write(["QUIT"]).catch(() => null) : Promise.resolve(null);
    this.#ended = true;
    await quit;
    this.destroy();
  }

  /** Drops the socket at once (commands in flight fail); no reconnect. */
  destroy(): void {
    this.#ended = true;
    const socket = this.#socket;
    this.#ready = false;
    if (socket) {
      socket.destroy();
      this.#lost(socket);
    }
    this.emit("end");
  }
}
