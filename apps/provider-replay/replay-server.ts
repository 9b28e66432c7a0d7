/**
 * An HTTP server on loopback that answers like the external providers, so that
 * the provider adapters run their real HTTP code offline: the demo mode of the
 * service (payloads generated in the providers' formats) and the tests
 * (recorded payloads, and every failure mode) both use it. Faults are injected
 * per path prefix: any reply (an HTML error page, an empty body, a 503), or a
 * stall (no answer at all, for timeouts).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import type { Logger } from "../../ports/logger.ts";

export interface ReplayRequest {
  readonly method: string;
  /** Path without the query. */
  readonly path: string;
  readonly query: URLSearchParams;
  /** An `x-www-form-urlencoded` body (empty otherwise). */
  readonly form: URLSearchParams;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
}

export interface ReplayReply {
  readonly status?: number;
  readonly headers?: Readonly<Record<string, string>>;
  readonly body?: string | Uint8Array;
}

export interface ReplayRoute {
  readonly method: "GET" | "POST";
  /** Matched against the whole path. */
  readonly path: RegExp;
  handle(req: ReplayRequest, match: RegExpExecArray): ReplayReply;
}

export interface ReplayFault {
  /** Only requests whose path starts with this (default: every request). */
  readonly path?: string;
  /** How many requests it affects (default 1). */
  readonly times?: number;
  /** Answer this instead of the route's reply... */
  readonly reply?: ReplayReply;
  /** ...or never answer. */
  readonly stall?: boolean;
}

export interface ReplayServer {
  /** e.g. `http://127.0.0.1:40123` */
  readonly url: string;
  readonly port: number;
  /** The latest requests (at most 500), oldest first. */
  readonly requests: readonly ReplayRequest[];
  inject(fault: ReplayFault): void;
  close(): Promise<void>;
}

export interface ReplayOptions {
  readonly routes: readonly ReplayRoute[];
  /** Loopback only, unless a test says otherwise. */
  readonly host?: string;
  readonly port?: number;
  readonly log?: Logger;
}

const KEEP_REQUESTS = 500;

/** Routes answered under a path prefix (`/cninfo` + `/new/...`). */
export function mountRoutes(prefix: string, routes: readonly ReplayRoute[]): ReplayRoute[] {
  const p = prefix.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return routes.map((r) => ({ ...r, path: new RegExp(`^${p}${r.path.source.replace(/^\^/, "")}`, r.path.flags) }));
}

const NOT_FOUND: ReplayReply = {
  status: 404,
  headers: { "content-type": "text/html; charset=utf-8" },
  body: "<!DOCTYPE html><html><head><title>404 Not Found</title></head><body><h1>404 Not Found</h1></body></html>",
};

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

export async function startReplayServer(opts: ReplayOptions): Promise<ReplayServer> {
  const faults: { fault: ReplayFault; left: number }[] = [];
  const requests: ReplayRequest[] = [];
  const sockets = new Set<Socket>();

  const takeFault = (path: string): ReplayFault | undefined => {
    const i = faults.findIndex((f) => path.startsWith(f.fault.path ?? ""));
    const f = faults[i];
    if (f === undefined) return undefined;
    if (--f.left <= 0) faults.splice(i, 1);
    return f.fault;
  };

  const send = (res: ServerResponse, reply: ReplayReply) => {
    const body = reply.body ?? "";
    res.writeHead(reply.status ?? 200, { "content-length": String(Buffer.byteLength(body)), ...reply.headers });
    res.end(body);
  };

  const server: Server = createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? "/", "http://replay");
      const text = await readBody(req);
      const form = /x-www-form-urlencoded/i.test(req.headers["content-type"] ?? "") ? new URLSearchParams(text) : new URLSearchParams();
      const request: ReplayRequest = { method: req.method ?? "GET", path: url.pathname, query: url.searchParams, form, headers: req.headers };
      requests.push(request);
      if (requests.length > KEEP_REQUESTS) requests.shift();
      const fault = takeFault(url.pathname);
      if (fault?.stall) return;
      if (fault?.reply) return send(res, fault.reply);
      for (const route of opts.routes) {
        if (route.method !== request.method) continue;
        const m = route.path.exec(url.pathname);
        if (m) return send(res, route.handle(request, m));
      }
      send(res, NOT_FOUND);
    } catch (e) {
      opts.log?.warn({ err: (e as Error).message, url: req.url }, "replay server: request failed");
      if (!res.headersSent) send(res, { status: 500, body: "replay server error" });
    }
  });
  server.on("connection", (s: Socket) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(opts.port ?? 0, opts.host ?? "127.0.0.1", () => resolve());
  });
  const { port, address } = server.address() as AddressInfo;
  const host = address.includes(":") ? `[${address}]` : address;
  return {
    url: `http://${host}:${port}`,
    port,
    requests,
    inject(fault) {
      faults.push({ fault, left: fault.times ?? 1 });
    },
    close() {
      return new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const s of sockets) s.destroy();
      });
    },
  };
}
