/**
 * WebSocket upgrades on a node http server, owned here instead of by
 * @hono/node-server: an upgrade runs through the app like any request (host and
 * origin guard, the gate, the route's limits), and a refused one gets the app's
 * whole answer, status, headers and JSON body (node-server's helper sends an
 * empty body). Accepted sockets are `ws` sockets with the server's
 * `maxPayload`, so an oversized message closes the socket with 1009 before it
 * is buffered.
 */
import { type IncomingMessage, type Server, STATUS_CODES } from "node:http";
import type { Duplex } from "node:stream";
import { defineWebSocketHelper, type UpgradeWebSocket, WSContext, type WSEvents } from "hono/ws";
import type { WebSocket, WebSocketServer } from "ws";

const ACCEPT = Symbol("ws-accept");

type Fetch = (req: Request, env: Record<string | symbol, unknown>) => Response | Promise<Response>;

/** The route helper: records the route's events; the upgrade listener completes the handshake. */
export const upgradeWebSocket: UpgradeWebSocket<WebSocket> = defineWebSocketHelper<WebSocket>((c, events) => {
  if (c.req.header("upgrade")?.toLowerCase() !== "websocket") return;
  const accept = (c.env as Record<symbol, ((e: WSEvents<WebSocket>) => void) | undefined> | undefined)?.[ACCEPT];
  if (!accept) return c.json({ detail: "WebSocket upgrade is not available on this server" }, 501);
  accept(events);
  return new Response(null, { status: 200 });
});

/** Headers that describe the connection, not the answer: never copied into a refusal. */
const HOP = new Set(["connection", "content-length", "keep-alive", "transfer-encoding", "upgrade"]);

async function refuse(socket: Duplex, res: Response): Promise<void> {
  const body = Buffer.from(await res.arrayBuffer());
  const lines = [`HTTP/1.1 ${res.status} ${STATUS_CODES[res.status] ?? ""}`, "Connection: close", `Content-Length: ${body.length}`];
  res.headers.forEach((v, k) => {
    if (!HOP.has(k)) lines.push(`${k}: ${v}`);
  });
  if (!socket.destroyed) socket.end(Buffer.concat([Buffer.from(`${lines.join("\r\n")}\r\n\r\n`), body]));
}

function toRequest(req: IncomingMessage): Request {
  if (!req.url?.startsWith("/")) throw new Error("bad request target");
  const headers = new Headers();
  for (let i = 0; i < req.rawHeaders.length; i += 2) headers.append(req.rawHeaders[i]!, req.rawHeaders[i + 1]!);
  return new Request(`http://${req.headers.host ?? "localhost"}${req.url}`, { headers });
}

function bind(ws: WebSocket, events: WSEvents<WebSocket>, url: string): void {
  const ctx = new WSContext<WebSocket>({
    send: (data, opts) => ws.send(data, { compress: opts.compress }),
    close: (code, reason) => ws.close(code, reason),
    raw: ws,
    get readyState() {
      return ws.readyState as 0 | 1 | 2 | 3;
    },
    url,
  });
  events.onOpen?.(new Event("open"), ctx);
  ws.on("message", (data, isBinary) => {
    const bytes = Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data as ArrayBuffer);
    const payload = isBinary ? bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) : bytes.toString("utf8");
    events.onMessage?.(new MessageEvent("message", { data: payload }), ctx);
  });
  // Node 20 has no CloseEvent; the routes read only `code` and `reason`.
  ws.on("close", (code, reason) => events.onClose?.(Object.assign(new Event("close"), { code, reason: reason.toString() }) as unknown as Parameters<NonNullable<WSEvents["onClose"]>>[0], ctx));
  ws.on("error", () => events.onError?.(new Event("error"), ctx));
}

/** Routes every upgrade request on `server` through `fetch`; `wss` (noServer) completes accepted ones. */
export function attachWebSockets(server: Server, fetch: Fetch, wss: WebSocketServer): void {
  server.on("upgrade", async (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on("error", () => {});
    let events: WSEvents<WebSocket> | undefined;
    let res: Response;
    try {
      res = await fetch(toRequest(req), { incoming: req, outgoing: undefined, [ACCEPT]: (e: WSEvents<WebSocket>) => (events = e) });
    } catch {
      res = Response.json({ detail: "Bad upgrade request" }, { status: 400 });
    }
    if (socket.destroyed) return;
    if (!events || res.status !== 200) {
      if (res.status === 200) res = Response.json({ detail: "Not a WebSocket endpoint" }, { status: 400 });
      return refuse(socket, res);
    }
    const accepted = events;
    wss.handleUpgrade(req, socket, head, (ws) => bind(ws, accepted, toRequest(req).url));
  });
}
