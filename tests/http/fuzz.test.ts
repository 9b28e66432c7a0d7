/**
 * Schema-driven fuzz of the whole HTTP API (issue 15): every operation of
 * `/openapi.json`, logged in, gets requests built from its own schema with one
 * part made hostile (wrong types, values past the bounds and past protocol field
 * widths, unicode and control characters, huge strings, deep nesting), plus
 * malformed bodies (bad JSON, wrong content types, nesting 20,000 deep). No
 * answer may be a 500 (or any 5xx other than the upstream 502/503/504), and
 * every request must answer within its timeout. Deterministic: the requests come
 * from a fixed fast-check seed (printed; `FUZZ_SEED=n` picks another).
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import fc from "fast-check";
import { call, cookieOf, startTestServer, type TestServer } from "../support/server.ts";

const SEED = Number(process.env.FUZZ_SEED ?? 20261126);
/**
 * Requests per operation: more where there is more to vary (parameters, a body),
 * few where each request hashes a password; about two thousand in all.
 */
function runsFor(op: Operation): number {
  if (op.path.startsWith("/api/auth") && op.body) return 8;
  // nothing to vary but stray query parameters
  if (!op.body && op.parameters.length === 0) return 3;
  return Math.min(40, 8 + 5 * op.parameters.length + (op.body ? 24 : 0));
}
/** Far above any answer on a loaded machine; a request past it hangs. */
const REQUEST_TIMEOUT_MS = 30_000;
/** Requests of one operation in flight at once. */
const LANES = 4;
const PASSWORD = "fuzz-password-1";

type Schema = Record<string, any>;
interface Operation {
  method: string;
  path: string;
  parameters: { name: string; in: string; required?: boolean; schema: Schema }[];
  body?: Schema;
}
interface Probe {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
}

const CODES = ["000001", "600519", "300750", "688981", "830799", "510300", "999999", "880001"];
/** Strings no field should choke on. */
const HOSTILE_STRINGS = [
  "",
  " ",
  "٠٠٠٠٠١",
  "中文中文中文",
  "e\u0301\u0301\u0301\u0301\u0301",
  "\u202e00001",
  "\u0000\u0001\u001f\u007f",
  "\ud800",
  "😀😀😀",
  "../../../../etc/passwd",
  "SZ:٠٠٠٠٠١",
  "tdxfin/../x.zip",
  "%00",
  "null",
  "NaN",
  "-1",
  "1e999",
  "x".repeat(5000),
];
const HOSTILE_NUMBERS = [-1, 0, 0.5, -0.0, 65535, 65536, 2 ** 31 - 1, 2 ** 31, 2 ** 32 - 1, 2 ** 32, 2 ** 53, 2 ** 53 + 2, 2118445910321431800, 1e300, -1e300, 5e-324];
/** Query values; query strings are text, so these are the hostile spellings. */
const HOSTILE_QUERY = [
  ...HOSTILE_STRINGS.filter((s) => s.length < 100),
  "65536",
  "4294967296",
  "2147483648",
  "9007199254740993",
  "1e3",
  "0x10",
  "Infinity",
  "true",
  "20241301",
  "99991231",
  "x".repeat(2000),
];
/** Only loopback names for fields that name a host: the fuzz never leaves this machine. */
const HOSTS = ["127.0.0.1:1", "localhost:7709", "[::1]:1", "not a host", "127.0.0.1:99999"];

const deepArray = (depth: number) => "[".repeat(depth) + "]".repeat(depth);
const deepObject = (depth: number) => `${'{"a":'.repeat(depth)}1${"}".repeat(depth)}`;
const nested = (depth: number): unknown => {
  let v: unknown = 1;
  for (let i = 0; i < depth; i++) v = i % 2 ? [v] : { a: v };
  return v;
};

function resolve(doc: any, s: Schema | undefined): Schema {
  let out = s ?? {};
  while (out.$ref) out = doc.components.schemas[String(out.$ref).split("/").pop()!];
  return out;
}

/** A value the schema accepts, or close to it (patterns and cross-field rules are guessed). */
function valid(doc: any, raw: Schema | undefined, name: string, depth = 0): fc.Arbitrary<unknown> {
  const s = resolve(doc, raw);
  if (s.enum) return fc.constantFrom(...s.enum);
  if (s.const !== undefined) return fc.constant(s.const);
  const alts = s.anyOf ?? s.oneOf;
  if (alts) return fc.oneof(...alts.map((a: Schema) => valid(doc, a, name, depth)));
  const types: string[] = Array.isArray(s.type) ? s.type.filter((t: string) => t !== "null") : s.type ? [s.type] : [];
  const type = types[0] ?? (s.properties ? "object" : "any");
  if (depth > 4 && (type === "object" || type === "array")) return fc.constant(type === "array" ? [] : {});
  switch (type) {
    case "string": {
      if (/host/i.test(name)) return fc.constantFrom(...HOSTS);
      if (s.pattern) {
        const re = new RegExp(s.pattern);
        const pool = ["SZ:000001", "SH:600519", "BJ:830799", "2024-01-02", "2025-06-30", "IF", "lrb", "tdxfin/gpcw20241231.zip", ...CODES].filter((x) => re.test(x));
        if (pool.length) return fc.constantFrom(...pool);
      }
      if (s.minLength === 6 && s.maxLength === 6) return fc.constantFrom(...CODES);
      if (/code/.test(name)) return fc.constantFrom(...CODES);
      return fc.string({ minLength: s.minLength ?? 0, maxLength: Math.min(s.maxLength ?? 12, 12) });
    }
    case "integer":
    case "number": {
      const min = s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + (type === "integer" ? 1 : 1e-6) : -1e6);
      const max = s.maximum ?? (s.exclusiveMaximum !== undefined ? s.exclusiveMaximum - (type === "integer" ? 1 : 1e-6) : Math.max(min, 0) + 1e4);
      if (type === "integer") return fc.integer({ min: Math.ceil(Math.max(min, -(2 ** 31))), max: Math.floor(Math.min(max, 2 ** 31)) });
      return fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
    }
    case "boolean":
      return fc.boolean();
    case "array":
      return fc.array(valid(doc, s.items, name, depth + 1), { minLength: s.minItems ?? 0, maxLength: Math.min(s.maxItems ?? 4, 4) });
    case "object": {
      const props = s.properties ?? {};
      const required = new Set<string>(s.required ?? []);
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [k, v] of Object.entries(props)) record[k] = valid(doc, v as Schema, k, depth + 1);
      const fixed = fc.record(record, { requiredKeys: [...required].filter((k) => k in record) });
      if (!s.additionalProperties || Object.keys(props).length) return fixed;
      const extra = s.additionalProperties === true ? {} : s.additionalProperties;
      return fc.dictionary(fc.constantFrom("fast", "slow", "N", "M", "period", "x"), valid(doc, extra, name, depth + 1), { maxKeys: 3 });
    }
    default:
      return fc.oneof(fc.integer(), fc.string({ maxLength: 8 }), fc.boolean());
  }
}

/** A value no field should choke on, whatever its schema. */
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(...HOSTILE_STRINGS),
  fc.constantFrom(...HOSTILE_NUMBERS),
  fc.constantFrom(null, true, [], {}, [null], { "": null }, "x".repeat(200_000)),
  fc.constantFrom(20, 200, 3000).map(nested),
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.double(),
  fc.integer({ min: -(2 ** 40), max: 2 ** 40 }),
);

/** One part of `v` (an object's field, an array's item, or all of it) replaced by `h`. */
function plant(v: unknown, path: number[], h: unknown): unknown {
  if (path.length === 0) return h;
  if (Array.isArray(v) && v.length) {
    const i = path[0]! % v.length;
    const copy = [...v];
    copy[i] = plant(v[i], path.slice(1), h);
    return copy;
  }
  if (v !== null && typeof v === "object") {
    const keys = Object.keys(v);
    const copy: Record<string, unknown> = { ...(v as object) };
    // Past the last key: a new key, so extra and misspelt fields are tried too.
    const k = keys[path[0]! % (keys.length + 1)] ?? "unexpected_field";
    copy[k] = plant((v as Record<string, unknown>)[k], path.slice(1), h);
    return copy;
  }
  return h;
}

const JSON_HEADERS = { "content-type": "application/json" };

/** Whole-body attacks: bad JSON, wrong content types, nesting far beyond any schema, the wrong top-level type. */
const badBodies: fc.Arbitrary<{ headers: Record<string, string>; body?: string }> = fc.oneof(
  fc.constantFrom(5000, 20_000).map((d) => ({ headers: JSON_HEADERS, body: deepArray(d) })),
  fc.constantFrom(5000, 20_000).map((d) => ({ headers: JSON_HEADERS, body: deepObject(d) })),
  fc.constantFrom("{", '{"a":', "[1,]", "nul", "\u0000", '{"a":1}garbage', "1e999", '"\ud800"', "").map((body) => ({ headers: JSON_HEADERS, body })),
  fc.constantFrom("null", "[]", "0", '"x"', "true", "[{}]").map((body) => ({ headers: JSON_HEADERS, body })),
  fc.constantFrom("text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", "application/xml", "application/json; charset=gbk", "").map((t) => ({
    headers: (t ? { "content-type": t } : {}) as Record<string, string>,
    body: t.startsWith("application/x-www") ? "a=1&b=2" : '{"a":1}',
  })),
  fc.constant({ headers: JSON_HEADERS, body: JSON.stringify({ pad: "x".repeat(1_100_000) }) }),
);

function probes(doc: any, op: Operation): fc.Arbitrary<Probe> {
  const params: Record<string, fc.Arbitrary<string | undefined>> = {};
  for (const p of op.parameters) {
    const good = valid(doc, p.schema, p.name).map((v) => String(v));
    const bad = fc.constantFrom(...HOSTILE_QUERY);
    params[`${p.in}:${p.name}`] = p.required ? fc.oneof(good, good, bad) : fc.option(fc.oneof(good, good, bad), { nil: undefined });
  }
  const build = (values: Record<string, string | undefined>, body?: { headers: Record<string, string>; body?: string }): Probe => {
    let path = op.path;
    const query = new URLSearchParams();
    for (const [key, v] of Object.entries(values)) {
      const [where, name] = key.split(":") as [string, string];
      if (where === "path") path = path.replace(`{${name}}`, encodeURIComponent(Buffer.from(v ?? "x").toString()));
      else if (v !== undefined) query.append(name, v);
    }
    const qs = query.toString();
    return { method: op.method, path: qs ? `${path}?${qs}` : path, headers: body?.headers ?? {}, body: body?.body };
  };
  const paramsArb = fc.record(params);
  if (!op.body) return paramsArb.map((v) => build(v));
  const goodBody = valid(doc, op.body, "body");
  const plantedBody = fc.tuple(goodBody, fc.array(fc.nat(40), { minLength: 0, maxLength: 3 }), hostileValue).map(([v, path, h]) => plant(v, path, h));
  const jsonBody = fc.oneof(goodBody, plantedBody, plantedBody).map((v) => ({ headers: JSON_HEADERS, body: JSON.stringify(v) }));
  return fc.tuple(paramsArb, fc.oneof({ weight: 3, arbitrary: jsonBody }, { weight: 1, arbitrary: badBodies })).map(([v, b]) => build(v, b));
}

function operationsOf(doc: any): Operation[] {
  const ops: Operation[] = [];
  for (const [path, item] of Object.entries<any>(doc.paths)) {
    for (const [method, op] of Object.entries<any>(item)) {
      const body = op.requestBody?.content?.["application/json"]?.schema;
      ops.push({ method: method.toUpperCase(), path, parameters: op.parameters ?? [], body });
    }
  }
  // The auth routes last: failed logins lock this client's address, and nothing after needs to log in.
  return ops.sort((a, b) => Number(a.path.startsWith("/api/auth")) - Number(b.path.startsWith("/api/auth")));
}

describe("schema-driven fuzz of every operation", () => {
  let s: TestServer;
  let cookie: string;
  let doc: any;

  before(async () => {
    s = await startTestServer();
    assert.equal((await call(s.url, "POST", "/api/auth/setup", { json: { password: PASSWORD } })).status, 200, "password set");
    const login = await call(s.url, "POST", "/api/auth/login", { json: { password: PASSWORD } });
    assert.equal(login.status, 200, "logged in");
    cookie = cookieOf(login.headers)!;
    doc = (await call(s.url, "GET", "/openapi.json")).body;
    // the derived boards are built on first use (seconds, once): a slow first build is not a hang
    assert.equal((await call(s.url, "GET", "/api/v1/board-mac/list?board_type=ALL&count=1", { headers: { cookie } })).status, 200, "boards built");
  });
  after(() => s.dispose());

  test(`no 500 and no hang on hostile requests to every operation (seed ${SEED})`, async (t) => {
    t.diagnostic(`fuzz seed ${SEED} (FUZZ_SEED=${SEED} repeats this run)`);
    console.log(`fuzz seed ${SEED}`);
    const ops = operationsOf(doc);
    assert.ok(ops.length >= 80, `every operation of the document (${ops.length})`);
    const failures: string[] = [];
    let sent = 0;
    for (const [i, op] of ops.entries()) {
      const auth: Record<string, string> = op.path.startsWith("/api/auth") ? {} : { cookie };
      const started = Date.now();
      const batch = fc.sample(probes(doc, op), { seed: SEED + i, numRuns: runsFor(op) });
      // a few lanes at once: most time is spent waiting on the simulator, not computing
      const lanes = Array.from({ length: LANES }, async (_, lane) => {
        for (let k = lane; k < batch.length; k += LANES) {
          const p = batch[k]!;
          const what = `${p.method} ${p.path.slice(0, 200)} ${JSON.stringify(p.headers)} ${p.body?.slice(0, 200) ?? ""}`;
          sent++;
          const send = () => fetch(s.url + p.path, { method: p.method, headers: { ...p.headers, ...auth }, body: p.body, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
          try {
            // a network error (a reused socket reset under load) is sent once more; a second failure counts
            const res = await send().catch((e: Error) => (e.name === "TypeError" ? send() : Promise.reject(e)));
            const text = await res.text();
            // a task the fuzz started is cancelled at once, so background runs do not pile up
            const task = res.ok ? /"task_id":"([^"]+)"/.exec(text)?.[1] : undefined;
            if (task) await fetch(`${s.url}/api/v1/backtest/tasks/${task}`, { method: "DELETE", headers: { cookie } });
            if (res.status >= 500 && ![502, 503, 504].includes(res.status)) failures.push(`${res.status} ${what} → ${text.slice(0, 200)}`);
          } catch (e) {
            const cause = (e as { cause?: { code?: string; message?: string } }).cause;
            failures.push(`no answer (${(e as Error).name}${cause ? `: ${cause.code ?? cause.message}` : ""}) ${what}`);
          }
        }
      });
      await Promise.all(lanes);
      if (process.env.FUZZ_TIMES) console.log(`${Date.now() - started} ms ${op.method} ${op.path}`);
    }
    t.diagnostic(`${sent} requests over ${ops.length} operations`);
    const health = await call(s.url, "GET", "/health");
    assert.equal(health.status, 200, "the service still answers");
    assert.deepEqual(failures.slice(0, 40), [], `${failures.length} of ${sent} requests failed (seed ${SEED})`);
  });
});
