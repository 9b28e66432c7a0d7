/**
 * A TCP server speaking the TDX standard quote protocol, for tests, demos and
 * offline use. It answers from a {@link SimSource} with byte-compatible frames and
 * can inject faults on request: drop the connection mid-frame, send a corrupt or
 * truncated frame, or stall.
 */
import { createServer, type Server, type Socket } from "node:net";
import type { AddressInfo } from "node:net";
import { marketTimeOf } from "../../core/bars/index.ts";
import { encodeResponse } from "../../adapters/tdx/tdx-frame.ts";
import { RequestSplitter } from "../../adapters/tdx/tdx-frame-splitter.ts";
import { TdxCommand } from "../../adapters/tdx/tdx-commands.ts";
import type { Clock } from "../../ports/clock.ts";
import type { Logger } from "../../ports/logger.ts";
import { type Handler, handlers } from "./sim-dispatch.ts";
import type { SimSource } from "./sim-source.ts";

/**
 * `drop`: close the socket after sending half of the reply; `corrupt`: a reply
 * with a broken header; `truncate`: half a reply, then silence; `stall`: no reply.
 */
export type FaultKind = "drop" | "corrupt" | "truncate" | "stall";

export interface Fault {
  readonly kind: FaultKind;
  /** Only for this command (default: any except the setup exchange). */
  readonly cmd?: number;
  /** How many replies it affects (default 1). */
  readonly times?: number;
}

export interface SimulatorOptions {
  /** What the standard and mac command sets answer from. */
  readonly source?: SimSource;
  /** A command table of its own instead of the source's (the extended-market listener). */
  readonly handlers?: ReadonlyMap<number, Handler>;
  /** Accepted first request bytes (default: 0x0c standard, 0x01/0x02/0x1c as mac clients send). */
  readonly heads?: readonly number[];
  readonly clock: Clock;
  readonly host?: string;
  readonly port?: number;
  readonly name?: string;
  readonly log?: Logger;
}

export interface Simulator {
  readonly host: string;
  readonly port: number;
  /** The source it answers from (undefined for a listener with its own table). */
  readonly source: SimSource | undefined;
  /** Requests answered so far, by command id. */
  readonly served: Map<number, number>;
  inject(fault: Fault): void;
  /** Stops accepting and closes every connection. */
  close(): Promise<void>;
}

const SETUP_COMMANDS = new Set([0x000d, 0x0fdb]);
/** Standard requests start 0x0c; mac clients send 0x1c, or 0x01/0x02 to pick a 0x1218 sub-query. */
const DEFAULT_HEADS = [0x0c, 0x01, 0x02, 0x1c];

/**
 * Replies that depend only on the request and the current minute (the demo
 * market moves minute by minute), kept ready-encoded like a real server's hot
 * cache. Quotes, ticks and today's minute line carry seconds and are rebuilt.
 */
const CACHEABLE = new Set<number>([
  TdxCommand.SECURITY_COUNT,
  TdxCommand.SECURITY_LIST,
  TdxCommand.BARS,
  TdxCommand.HISTORY_MINUTE,
  TdxCommand.HISTORY_TRANSACTIONS,
  TdxCommand.XDXR,
  TdxCommand.FINANCE,
  TdxCommand.COMPANY_CATEGORY,
  TdxCommand.COMPANY_CONTENT,
]);
const REPLY_CACHE_LIMIT = 256;

export async function startSimulator(opts: SimulatorOptions): Promise<Simulator> {
  if (!opts.handlers && !opts.source) throw new Error("simulator needs a source or a handler table");
  const table = opts.handlers ?? handlers(opts.source!, opts.name ?? "本地模拟主站");
  const faults: { kind: FaultKind; cmd?: number; left: number }[] = [];
  const sockets = new Set<Socket>();
  const served = new Map<number, number>();
  const replies = new Map<string, Uint8Array>();

  /** The reply frame for a request, from the cache when the request repeats within the minute. */
  const reply = (cmd: number, seq: number, payload: Uint8Array, now: number): Uint8Array => {
    const handle = table.get(cmd);
    // Unknown commands get an empty reply, as real servers do for ids they ignore.
    if (!handle) return encodeResponse(cmd, seq, new Uint8Array(0));
    if (!CACHEABLE.has(cmd)) return encodeResponse(cmd, seq, handle(payload, now));
    const key = `${cmd}:${Math.floor(now / 60_000)}:${Buffer.from(payload).toString("base64")}`;
    let frame = replies.get(key);
    if (!frame) {
      frame = encodeResponse(cmd, 0, handle(payload, now));
      if (replies.size >= REPLY_CACHE_LIMIT) replies.clear();
      replies.set(key, frame);
    }
    const out = Uint8Array.from(frame);
    new DataView(out.buffer).setUint32(5, seq, true);
    return out;
  };

  const takeFault = (cmd: number) => {
    const i = faults.findIndex((f) => (f.cmd === undefined ? !SETUP_COMMANDS.has(cmd) : f.cmd === cmd));
    const f = faults[i];
    if (f === undefined) return undefined;
    if (--f.left <= 0) faults.splice(i, 1);
    return f.kind;
  };

  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.setNoDelay(true);
    const splitter = new RequestSplitter({ heads: opts.heads ?? DEFAULT_HEADS });
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => socket.destroy());
    socket.on("data", (chunk: Buffer) => {
      let frames;
      try {
        frames = splitter.push(chunk);
      } catch (e) {
        opts.log?.warn({ err: (e as Error).message }, "simulator: unreadable request, closing");
        socket.destroy();
        return;
      }
      for (const { header, payload } of frames) {
        let frame: Uint8Array;
        try {
          frame = reply(header.cmd, header.seq, payload, marketTimeOf(opts.clock.now()));
        } catch (e) {
          opts.log?.warn({ cmd: header.cmd, err: (e as Error).message }, "simulator: bad request, closing");
          socket.destroy();
          return;
        }
        served.set(header.cmd, (served.get(header.cmd) ?? 0) + 1);
        const fault = takeFault(header.cmd);
        if (fault === "stall") continue;
        if (fault === "drop") {
          socket.end(frame.subarray(0, Math.max(1, frame.length >> 1)));
          socket.destroySoon?.();
          return;
        }
        if (fault === "truncate") {
          socket.write(frame.subarray(0, Math.max(1, frame.length >> 1)));
          continue;
        }
        if (fault === "corrupt") {
          const bad = Uint8Array.from(frame);
          bad[0]! ^= 0xff; // a frame has at least its header
          socket.write(bad);
          continue;
        }
        socket.write(frame);
      }
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(opts.port ?? 0, opts.host ?? "127.0.0.1", () => resolve());
  });
  const addr = server.address() as AddressInfo;
  return {
    host: opts.host ?? "127.0.0.1",
    port: addr.port,
    source: opts.source,
    served,
    inject(f) {
      faults.push({ kind: f.kind, cmd: f.cmd, left: f.times ?? 1 });
    },
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
