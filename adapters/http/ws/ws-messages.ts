/**
 * The WebSocket protocol of `/api/v1/ws` (JSON text frames).
 *
 * Client → server:
 * - `{"type":"subscribe","channel":"quotes","codes":["SZ:000001","SH:600519"]}`
 * - `{"type":"subscribe","channel":"tasks","task_ids":["…"]}` (omit `task_ids` or send `"all"` for every task)
 * - `{"type":"subscribe","channel":"session"}`
 * - `{"type":"unsubscribe", …same fields…}` (no codes / task_ids = the whole channel)
 * - `{"type":"ping"}`
 *
 * Server → client:
 * - `{"type":"quote","code":"SZ:000001","data":{…quote row as POST /quotes…}}`
 * - `{"type":"task","task_id":"…","status":"running","progress":0.4,"message":"…"}`
 * - `{"type":"session","data":{…as GET /market/session…}}`
 * - `{"type":"subscribed"|"unsubscribed","channel":…,"codes"|"task_ids":…}` (acknowledgement)
 * - `{"type":"error","detail":"…"}` and `{"type":"pong"}`
 */
import { z } from "zod";

const code = z.string().regex(/^(SZ|SH|BJ):\d{6}$/i, "codes look like SZ:000001");

const channel = z.discriminatedUnion("channel", [
  z.object({ channel: z.literal("quotes"), codes: z.array(code).min(1).max(400).optional() }),
  z.object({ channel: z.literal("tasks"), task_ids: z.union([z.array(z.string().min(1)).max(1000), z.literal("all")]).optional() }),
  z.object({ channel: z.literal("session") }),
]);

export const ClientMessage = z.union([z.object({ type: z.literal("ping") }), z.object({ type: z.literal("subscribe") }).and(channel), z.object({ type: z.literal("unsubscribe") }).and(channel)]);

export type ClientMessage = z.infer<typeof ClientMessage>;

export interface TaskEvent {
  readonly task_id: string;
  readonly status: string;
  readonly progress: number;
  readonly message: string | null;
}

/** Where task progress comes from (the task service's event emitter). */
export interface TaskFeed {
  subscribe(listener: (e: TaskEvent) => void): () => void;
}

export const WS_PROTOCOL_DOC = `WebSocket at \`/api/v1/ws\`, gated like every route (the session cookie is checked on upgrade;
401 before the upgrade otherwise). JSON text messages.

Client → server: \`{"type":"subscribe","channel":"quotes","codes":["SZ:000001"]}\`,
\`{"type":"subscribe","channel":"tasks","task_ids":["…"]}\` (or \`"all"\`), \`{"type":"subscribe","channel":"session"}\`,
\`{"type":"unsubscribe", …}\` with the same fields (no list = the whole channel), \`{"type":"ping"}\`.

Server → client: \`{"type":"quote","code","data"}\` (a quote row as in POST /quotes), \`{"type":"task","task_id","status","progress","message"}\`,
\`{"type":"session","data"}\` (as GET /market/session, sent on subscribe and whenever trading starts or stops),
\`{"type":"subscribed"|"unsubscribed",…}\`, \`{"type":"error","detail"}\`, \`{"type":"pong"}\`.

Quotes are polled from the quote server at most once per interval per security however many clients subscribe, and only
inside the trading window (a snapshot is sent on subscribe). A client whose unsent data exceeds WS_MAX_BUFFERED_BYTES
(1 MiB) is disconnected (close code 1008) and its subscriptions freed.

Limits (settings, defaults): a message over WS_MAX_MESSAGE_BYTES (64 KiB) closes the socket with 1009; one socket watches
at most WS_MAX_SUBSCRIPTIONS (500) codes and all sockets together WS_MAX_WATCHED (5000) distinct codes: a subscription past
either is refused whole with an \`error\` message; at most 1000 task ids per socket; past WS_MAX_CONNECTIONS (256) open
sockets the upgrade is answered 503. Refused upgrades (401, 403 for a foreign Origin or Host, 503) carry a JSON \`detail\`.
A socket ends with its session: logout, a password change, the first password set-up or the session's expiry close it
with code 4401.`;
