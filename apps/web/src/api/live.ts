/**
 * The page's single WebSocket to `/api/v1/ws`: live quotes for whatever the
 * visible pages watch (reference-counted per code, so two widgets on one code
 * make one subscription), background-task progress (one subscription to every
 * task while any page follows one) and market-session changes. It reconnects
 * with back-off and re-subscribes, so a restarted server or a dropped network
 * heals by itself; it stops when the user logs out.
 */
import { ref, shallowRef } from "vue";
import type { TaskEvent } from "./backtest-types.ts";
import type { MarketSession, QuoteRow } from "./types.ts";

type QuoteListener = (row: QuoteRow) => void;
type TaskListener = (event: TaskEvent) => void;

export type LiveState = "closed" | "connecting" | "open";

export const liveState = ref<LiveState>("closed");
export const liveSession = shallowRef<MarketSession | null>(null);
/** The open socket carries task messages: the server acknowledged the tasks subscription. */
export const tasksLive = ref(false);

const TASKS_ALL = { type: "subscribe", channel: "tasks", task_ids: "all" } as const;

const listeners = new Map<string, Set<QuoteListener>>();
const taskListeners = new Set<TaskListener>();
let tasksAcked: (() => void)[] = [];
let socket: WebSocket | null = null;
let wanted = false;
let retryMs = 1000;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
let onRefused: () => void = () => {};

/** Called when a connection closes without ever opening (the gate refuses the upgrade once a session ends). */
export function whenLiveRefused(fn: () => void): void {
  onRefused = fn;
}

function send(msg: unknown): void {
  if (socket?.readyState === WebSocket.OPEN) socket.send(JSON.stringify(msg));
}

function onMessage(ev: MessageEvent): void {
  let msg: { type?: string; code?: string; data?: unknown };
  try {
    msg = JSON.parse(String(ev.data));
  } catch {
    return;
  }
  if (msg.type === "quote" && typeof msg.code === "string") {
    for (const fn of listeners.get(msg.code.toUpperCase()) ?? []) fn(msg.data as QuoteRow);
  } else if (msg.type === "session") {
    liveSession.value = msg.data as MarketSession;
  } else if (msg.type === "task") {
    for (const fn of taskListeners) fn(msg as unknown as TaskEvent);
  } else if (msg.type === "subscribed" && (msg as { channel?: string }).channel === "tasks") {
    tasksLive.value = true;
    for (const fn of tasksAcked.splice(0)) fn();
  }
}

function connect(): void {
  if (!wanted || socket) return;
  liveState.value = "connecting";
  const url = `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/api/v1/ws`;
  const ws = new WebSocket(url);
  socket = ws;
  let opened = false;
  ws.onopen = () => {
    opened = true;
    retryMs = 1000;
    liveState.value = "open";
    send({ type: "subscribe", channel: "session" });
    const codes = [...listeners.keys()];
    for (let i = 0; i < codes.length; i += 400) send({ type: "subscribe", channel: "quotes", codes: codes.slice(i, i + 400) });
    if (taskListeners.size) send(TASKS_ALL);
  };
  ws.onmessage = onMessage;
  ws.onclose = () => {
    socket = null;
    liveState.value = "closed";
    tasksLive.value = false;
    if (!wanted) return;
    if (!opened) onRefused();
    retryTimer = setTimeout(connect, retryMs);
    retryMs = Math.min(retryMs * 2, 30_000);
  };
}

export function startLive(): void {
  wanted = true;
  connect();
}

export function stopLive(): void {
  wanted = false;
  clearTimeout(retryTimer);
  const ws = socket;
  socket = null;
  if (ws?.readyState === WebSocket.CONNECTING) {
    // Closing a socket mid-handshake makes the browser log an error; let it open first.
    ws.onopen = () => ws.close(1000);
    ws.onclose = null;
  } else ws?.close(1000);
  liveState.value = "closed";
  tasksLive.value = false;
}

/** Calls `fn` with every live quote of `codes` (`SZ:000001` form) until the returned function is called. */
export function watchQuotes(codes: readonly string[], fn: QuoteListener): () => void {
  const fresh: string[] = [];
  const keys = codes.map((c) => c.toUpperCase());
  for (const code of keys) {
    let set = listeners.get(code);
    if (!set) {
      set = new Set();
      listeners.set(code, set);
      fresh.push(code);
    }
    set.add(fn);
  }
  if (fresh.length) send({ type: "subscribe", channel: "quotes", codes: fresh });
  return () => {
    const gone: string[] = [];
    for (const code of keys) {
      const set = listeners.get(code);
      if (!set) continue;
      set.delete(fn);
      if (set.size === 0) {
        listeners.delete(code);
        gone.push(code);
      }
    }
    if (gone.length) send({ type: "unsubscribe", channel: "quotes", codes: gone });
  };
}

/** Calls `fn` with every task message until the returned function is called. */
export function watchTasks(fn: TaskListener): () => void {
  taskListeners.add(fn);
  if (taskListeners.size === 1) send(TASKS_ALL);
  return () => {
    if (!taskListeners.delete(fn) || taskListeners.size > 0) return;
    send({ type: "unsubscribe", channel: "tasks" });
    tasksLive.value = false;
  };
}

/**
 * Resolves once the server has acknowledged the tasks subscription, so a task
 * submitted afterwards cannot emit a message before it is watched; resolves at
 * once when no socket is open, and after `timeoutMs` at the latest.
 */
export function tasksReady(timeoutMs: number): Promise<void> {
  if (tasksLive.value || socket?.readyState !== WebSocket.OPEN) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(done, timeoutMs);
    function done(): void {
      clearTimeout(timer);
      tasksAcked = tasksAcked.filter((f) => f !== done);
      resolve();
    }
    tasksAcked.push(done);
  });
}
