/**
 * BullMQ's `IRedisClient` over our own RESP connection (resp-connection.ts),
 * since BullMQ 6 leaves the Redis driver to the application and none is
 * installed. Only the commands BullMQ uses are here, with the reply shapes its
 * ioredis adapter gives (flat arrays for WITHSCORES, `[key, member, score]`
 * for BZPOPMIN, `[[error, value], …]` from a transaction). Lua scripts are
 * registered with SCRIPT LOAD when defined and again after every reconnect,
 * and run with EVALSHA, falling back to EVAL on NOSCRIPT outside transactions.
 */
import { createHash } from "node:crypto";
import { EventEmitter } from "node:events";
import { Readable } from "node:stream";
import type { IRedisClient, IRedisTransaction } from "bullmq";
import { parseRedisUrl, RespConnection, RespError, type RespArg, type RespOptions, type RespValue } from "./resp-connection.ts";

interface Script {
  readonly sha: string;
  readonly lua: string;
  readonly keys: number;
}

type Status = "wait" | "connecting" | "ready" | "reconnecting" | "end";

/** KEYS then ARGV of a script call, as BullMQ passes them (one array, or spread). */
function scriptArgs(script: Script, args: readonly unknown[]): RespArg[] {
  const list = args.length === 1 && Array.isArray(args[0]) ? (args[0] as unknown[]) : args;
  return list.map((a, i) => (Buffer.isBuffer(a) ? a : a === undefined || a === null ? "" : i < script.keys ? String(a) : typeof a === "number" ? a : String(a)));
}

const evalsha = (s: Script, args: readonly unknown[]): RespArg[] => ["EVALSHA", s.sha, s.keys, ...scriptArgs(s, args)];

function pairs(reply: RespValue): Record<string, string> {
  const flat = (reply ?? []) as string[];
  const out: Record<string, string> = {};
  for (let i = 0; i + 1 < flat.length; i += 2) out[flat[i]!] = flat[i + 1]!;
  return out;
}

const withScores = (options?: { WITHSCORES?: boolean }) => (options?.WITHSCORES ? ["WITHSCORES"] : []);

class Transaction implements IRedisTransaction {
  readonly #commands: RespArg[][] = [];

  constructor(
    private readonly client: RespRedisClient,
    private readonly atomic: boolean,
  ) {}

  #add(args: RespArg[]): this {
    this.#commands.push(args);
    return this;
  }

  hgetall(key: string): this {
    return this.#add(["HGETALL", key]);
  }
  hset(key: string, data: Record<string, string | number>): this {
    return this.#add(["HSET", key, ...Object.entries(data).flat()]);
  }
  hscan(key: string, cursor: string | number, options?: { COUNT?: number }): this {
    return this.#add(["HSCAN", key, cursor, ...(options?.COUNT ? ["COUNT", options.COUNT] : [])]);
  }
  smembers(key: string): this {
    return this.#add(["SMEMBERS", key]);
  }
  sscan(key: string, cursor: string | number, options?: { COUNT?: number }): this {
    return this.#add(["SSCAN", key, cursor, ...(options?.COUNT ? ["COUNT", options.COUNT] : [])]);
  }
  zrange(key: string, start: number, end: number): this {
    return this.#add(["ZRANGE", key, start, end]);
  }
  lrange(key: string, start: number, end: number): this {
    return this.#add(["LRANGE", key, start, end]);
  }
  llen(key: string): this {
    return this.#add(["LLEN", key]);
  }
  del(...keys: string[]): this {
    return keys.length > 0 ? this.#add(["DEL", ...keys]) : this;
  }
  runCommand(name: string, args: unknown[]): this {
    return this.#add(evalsha(this.client.script(name), args));
  }

  async exec(): Promise<[Error | null, any][] | null> {
    const hgetall = this.#commands.map((c) => c[0] === "HGETALL");
    const settle = (v: RespValue, i: number): [Error | null, unknown] => (v instanceof Error ? [v, null] : [null, hgetall[i] ? pairs(v) : v]);
    if (!this.atomic) {
      const replies = await Promise.all(this.#commands.map((c) => this.client.command(c).then((v) => v, (e: Error) => e as RespValue)));
      return replies.map(settle);
    }
    const sent = [this.client.command(["MULTI"]), ...this.#commands.map((c) => this.client.command(c).catch((e: Error) => e)), this.client.command(["EXEC"])];
    const replies = await Promise.all(sent);
    const results = replies[replies.length - 1] as RespValue[] | null;
    return results === null ? null : results.map(settle);
  }
}

export class RespRedisClient extends EventEmitter implements IRedisClient {
  readonly isCluster = false;
  /** What BullMQ reads back: no key prefix, unlimited retries per request (a blocking connection's requirement). */
  options: Record<string, any>;
  readonly #conn: RespConnection;
  readonly #scripts = new Map<string, Script>();
  #status: Status = "wait";
  #name: string | undefined;

  constructor(
    readonly url: string,
    name?: string,
  ) {
    super();
    const o: RespOptions = parseRedisUrl(url);
    this.options = { host: o.host, port: o.port, db: o.db, maxRetriesPerRequest: null };
    this.#name = name;
    this.#conn = new RespConnection(o);
    this.#conn.on("ready", () => void this.#onReady());
    this.#conn.on("error", (e: Error) => this.listenerCount("error") > 0 && this.emit("error", e));
    this.#conn.on("close", () => {
      if (this.#status === "ready") this.#status = "reconnecting";
      this.emit("close");
    });
    this.#conn.on("reconnecting", () => this.emit("reconnecting"));
  }

  async #onReady(): Promise<void> {
    // scripts are reloaded after a reconnect (the server may have restarted)
    const loads = [...this.#scripts.values()].map((s) => this.#conn.send(["SCRIPT", "LOAD", s.lua]).catch(() => null));
    if (this.#name !== undefined) loads.push(this.#conn.send(["CLIENT", "SETNAME", this.#name]).catch(() => null));
    await Promise.all(loads);
    if (this.#conn.ended) return;
    this.#status = "ready";
    this.emit("ready");
  }

  get status(): string {
    return this.#status;
  }
  set status(value: string) {
    // RedisConnection marks a closed client "end" itself
    if (value === "end") this.#status = "end";
  }

  /** One raw command (replies as RESP values). */
  command(args: RespArg[]): Promise<RespValue> {
    return this.#conn.send(args);
  }

  script(name: string): Script {
    const s = this.#scripts.get(name);
    if (!s) throw new Error(`BullMQ: unknown command "${name}"`);
    return s;
  }

  async connect(): Promise<void> {
    if (this.#status === "ready") return;
    if (this.#status === "wait" || this.#status === "end") this.#status = "connecting";
    await this.#conn.open();
    if ((this.#status as Status) !== "ready") await new Promise<void>((resolve) => this.once("ready", () => resolve()));
  }

  disconnect(reconnect = false): void {
    this.#conn.destroy();
    this.#status = "end";
    this.emit("end");
    if (reconnect) void this.connect().catch((e: Error) => this.listenerCount("error") > 0 && this.emit("error", e));
  }

  async quit(): Promise<string> {
    await this.#conn.close();
    this.#status = "end";
    setImmediate(() => this.emit("end"));
    return "OK";
  }

  duplicate(options?: { connectionName?: string }): RespRedisClient {
    const copy = new RespRedisClient(this.url, options?.connectionName);
    for (const [name, s] of this.#scripts) copy.defineCommand(name, { numberOfKeys: s.keys, lua: s.lua });
    return copy;
  }

  defineCommand(name: string, definition: { numberOfKeys: number; lua: string }): void {
    const script = { sha: createHash("sha1").update(definition.lua).digest("hex"), lua: definition.lua, keys: definition.numberOfKeys };
    this.#scripts.set(name, script);
    // BullMQ checks for the command as a property before defining it again
    Object.defineProperty(this, name, { value: (...args: unknown[]) => this.runCommand(name, args), configurable: true });
    if (this.#status === "ready") void this.#conn.send(["SCRIPT", "LOAD", script.lua]).catch(() => null);
  }

  async runCommand(name: string, args: unknown[]): Promise<any> {
    const s = this.script(name);
    try {
      return await this.command(evalsha(s, args));
    } catch (e) {
      if (!(e instanceof RespError) || !e.message.startsWith("NOSCRIPT")) throw e;
      return this.command(["EVAL", s.lua, s.keys, ...scriptArgs(s, args)]);
    }
  }

  multi(): IRedisTransaction {
    return new Transaction(this, true);
  }
  pipeline(): IRedisTransaction {
    return new Transaction(this, false);
  }

  async hgetall(key: string): Promise<Record<string, string>> {
    return pairs(await this.command(["HGETALL", key]));
  }
  async hget(key: string, field: string): Promise<string | null> {
    return (await this.command(["HGET", key, field])) as string | null;
  }
  async hmget(key: string, ...fields: string[]): Promise<(string | null)[]> {
    return (await this.command(["HMGET", key, ...fields])) as (string | null)[];
  }
  async hset(key: string, data: Record<string, string | number>): Promise<number> {
    return (await this.command(["HSET", key, ...Object.entries(data).flat()])) as number;
  }
  async hdel(key: string, ...fields: string[]): Promise<number> {
    return (await this.command(["HDEL", key, ...fields])) as number;
  }
  async hexists(key: string, field: string): Promise<number> {
    return (await this.command(["HEXISTS", key, field])) as number;
  }
  async get(key: string): Promise<string | null> {
    return (await this.command(["GET", key])) as string | null;
  }
  async set(key: string, value: string | number, options?: { PX?: number; EX?: number }): Promise<string | null> {
    const expiry = options?.PX != null ? ["PX", options.PX] : options?.EX != null ? ["EX", options.EX] : [];
    return (await this.command(["SET", key, value, ...expiry])) as string | null;
  }
  async del(...keys: string[]): Promise<number> {
    return keys.length === 0 ? 0 : ((await this.command(["DEL", ...keys])) as number);
  }
  async zrange(key: string, start: number, end: number, options?: { WITHSCORES?: boolean }): Promise<string[]> {
    return (await this.command(["ZRANGE", key, start, end, ...withScores(options)])) as string[];
  }
  async zrevrange(key: string, start: number, end: number, options?: { WITHSCORES?: boolean }): Promise<string[]> {
    return (await this.command(["ZREVRANGE", key, start, end, ...withScores(options)])) as string[];
  }
  async zcard(key: string): Promise<number> {
    return (await this.command(["ZCARD", key])) as number;
  }
  async zscore(key: string, member: string): Promise<string | null> {
    return (await this.command(["ZSCORE", key, member])) as string | null;
  }
  async lrange(key: string, start: number, end: number): Promise<string[]> {
    return (await this.command(["LRANGE", key, start, end])) as string[];
  }
  async llen(key: string): Promise<number> {
    return (await this.command(["LLEN", key])) as number;
  }
  async ltrim(key: string, start: number, end: number): Promise<string> {
    return (await this.command(["LTRIM", key, start, end])) as string;
  }
  async lpos(key: string, value: string): Promise<number | null> {
    return (await this.command(["LPOS", key, value])) as number | null;
  }
  async smembers(key: string): Promise<string[]> {
    return (await this.command(["SMEMBERS", key])) as string[];
  }
  async xadd(key: string, id: string, fields: Record<string, string | number>, options?: { MAXLEN?: number; approximate?: boolean }): Promise<string> {
    const trim = options?.MAXLEN != null ? ["MAXLEN", ...(options.approximate === false ? [] : ["~"]), options.MAXLEN] : [];
    return (await this.command(["XADD", key, ...trim, id, ...Object.entries(fields).flat()])) as string;
  }
  async xread(streams: { key: string; id: string }[], options?: { BLOCK?: number; COUNT?: number }): Promise<any> {
    const count = options?.COUNT != null ? ["COUNT", options.COUNT] : [];
    const block = options?.BLOCK != null ? ["BLOCK", options.BLOCK] : [];
    return this.command(["XREAD", ...count, ...block, "STREAMS", ...streams.map((s) => s.key), ...streams.map((s) => s.id)]);
  }
  async xtrim(key: string, strategy: "MAXLEN", threshold: number, options?: { approximate?: boolean }): Promise<number> {
    return (await this.command(["XTRIM", key, strategy, ...(options?.approximate ? ["~"] : []), threshold])) as number;
  }
  async bzpopmin(key: string, timeout: number): Promise<[key: string, member: string, score: string] | null> {
    return (await this.command(["BZPOPMIN", key, timeout])) as [string, string, string] | null;
  }
  async info(): Promise<string> {
    return (await this.command(["INFO"])) as string;
  }
  async clientSetName(name: string): Promise<any> {
    this.#name = name;
    return this.command(["CLIENT", "SETNAME", name]);
  }
  async clientList(): Promise<string> {
    return (await this.command(["CLIENT", "LIST"])) as string;
  }
  async clientInfo(): Promise<string> {
    return (await this.command(["CLIENT", "INFO"])) as string;
  }
  async scan(cursor: string | number, options: { MATCH?: string; COUNT?: number }): Promise<[string, string[]]> {
    const match = options.MATCH ? ["MATCH", options.MATCH] : [];
    const count = options.COUNT ? ["COUNT", options.COUNT] : [];
    return (await this.command(["SCAN", cursor, ...match, ...count])) as [string, string[]];
  }
  scanStream(options: { match: string; count?: number }): Readable {
    const client = this;
    let cursor = "0";
    let started = false;
    return new Readable({
      objectMode: true,
      read() {
        if (started && cursor === "0") return void this.push(null);
        started = true;
        client.scan(cursor, { MATCH: options.match, ...(options.count ? { COUNT: options.count } : {}) }).then(
          ([next, keys]) => {
            cursor = next;
            this.push(keys);
          },
          (e: Error) => this.destroy(e),
        );
      },
    });
  }
}
