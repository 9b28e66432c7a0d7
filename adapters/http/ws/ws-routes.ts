import type { OpenAPIHono } from "@hono/zod-openapi";
import type { UpgradeWebSocket, WSContext } from "hono/ws";
import type { HttpEnv } from "../http-env.ts";
import type { WsConnection, WsHub, WsSession } from "./ws-hub.ts";
import { WS_PROTOCOL_DOC } from "./ws-messages.ts";

/** The parts of a `ws` socket the route uses beyond hono's context. */
interface RawSocket {
  bufferedAmount: number;
  ping(): void;
  terminate(): void;
  on(event: "pong", listener: () => void): void;
}

const HEARTBEAT_MS = 30_000;

/**
 * `GET /api/v1/ws`. The route sits under `/api/v1`, so the auth gate runs before
 * the upgrade: without a valid session the answer is a plain 401. Dead peers are
 * found by protocol pings every 30 s.
 */
export function registerWsRoutes(app: OpenAPIHono<HttpEnv>, hub: WsHub, upgradeWebSocket: UpgradeWebSocket<unknown>, sessionOf: (token: string | undefined) => Promise<WsSession | undefined>): void {
  app.openAPIRegistry.registerPath({
    method: "get",
    path: "/api/v1/ws",
    tags: ["realtime"],
    summary: "WebSocket: live quotes, task progress, market-session changes",
    description: WS_PROTOCOL_DOC,
    responses: {
      101: { description: "Switching protocols" },
      401: { description: "Not authenticated (JSON detail)" },
      403: { description: "Foreign Origin or Host (JSON detail)" },
      503: { description: "Connection limit reached (JSON detail)" },
    },
  });
  app.get(
    "/api/v1/ws",
    async (c, next) => {
      if (hub.full) return c.json({ detail: `At most ${hub.limits.connections} WebSocket connections; try again later` }, 503);
      await next();
    },
    upgradeWebSocket(async (c) => {
      // The gate passed; the socket is bound to the session it passed with (none while no password is set).
      const session = await sessionOf(c.get("sessionToken"));
      let conn: WsConnection | undefined;
      let timer: ReturnType<typeof setInterval> | undefined;
      return {
        onOpen(_evt: Event, ws: WSContext<unknown>) {
          const raw = ws.raw as RawSocket;
          conn = hub.connect(
            {
              send: (text) => ws.send(text),
              close: (code, reason) => ws.close(code, reason),
              bufferedAmount: () => raw.bufferedAmount,
            },
            session,
          );
          let alive = true;
          raw.on("pong", () => (alive = true));
          timer = setInterval(() => {
            if (!alive) return raw.terminate();
            alive = false;
            raw.ping();
          }, HEARTBEAT_MS);
          timer.unref?.();
        },
        onMessage(evt: MessageEvent) {
          conn?.onMessage(typeof evt.data === "string" ? evt.data : new TextDecoder().decode(evt.data as ArrayBuffer));
        },
        onClose() {
          clearInterval(timer);
          conn?.onClose();
        },
      };
    }),
  );
}
