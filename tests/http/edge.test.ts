/**
 * The HTTP edge over real sockets: FastAPI-shaped 422s for query, path and body;
 * 404, 413 and 500 bodies; the OpenAPI document and the docs page.
 */
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { once } from "node:events";
import { connect } from "node:net";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { createRoute, z } from "@hono/zod-openapi";
import { validate } from "@readme/openapi-parser";
import { loadConfig } from "../../apps/server/config.ts";
import { buildApp, listen, type RunningServer } from "../../apps/server/compose.ts";
import { qBool, qCode, qInt, qMarket, qNumber } from "../../adapters/http/validation/query.ts";
import { call, silentLog } from "../support/server.ts";

describe("HTTP edge", () => {
  let server: RunningServer;
  let dir: string;
  const errors: unknown[] = [];

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), "tdx-forge-edge-"));
    const config = loadConfig({ PORT: "0", DATA_DIR: dir, LOG_LEVEL: "silent" });
    const service = await buildApp(config, { log: { ...silentLog, error: (o: unknown) => void errors.push(o) } });
    // Test-only routes exercising the shared validators.
    service.app.openapi(
      createRoute({
        method: "get",
        path: "/api/v1/_probe/{id}",
        request: {
          params: z.object({ id: qInt({ min: 1 }) }),
          query: z.object({
            market: qMarket(["SZ", "SH", "BJ"]),
            code: qCode(),
            start: qInt({ min: 0 }).default(0),
            count: qInt({ min: 1, max: 800 }).default(800),
            ratio: qNumber({ min: 0 }).optional(),
            flag: qBool().default(false),
          }),
        },
        responses: { 200: { description: "ok" } },
      }),
      (c) => c.json({ ...c.req.valid("query"), ...c.req.valid("param") }, 200),
    );
    service.app.openapi(
      createRoute({
        method: "post",
        path: "/api/v1/_probe",
        request: {
          body: {
            required: true,
            content: {
              "application/json": {
                schema: z.object({
                  stocks: z
                    .array(z.object({ market: z.enum(["SZ", "SH"]), code: z.string() }))
                    .min(1)
                    .max(80),
                }),
              },
            },
          },
        },
        responses: { 200: { description: "ok" } },
      }),
      (c) => c.json({ n: c.req.valid("json").stocks.length }, 200),
    );
    service.app.get("/api/v1/_boom", () => {
      throw new Error("kaboom");
    });
    server = await listen(service, config);
  });
  after(async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test("query values are parsed strictly and defaults apply", async () => {
    const r = await call(server.url, "GET", "/api/v1/_probe/3?market=SZ&code=000001&count=10&flag=yes");
    assert.equal(r.status, 200);
    assert.deepEqual(r.body, { market: "SZ", code: "000001", start: 0, count: 10, flag: true, id: 3 });
  });

  test("query violations are 422 with pydantic's types, locations and inputs", async () => {
    const p = await call(server.url, "GET", "/api/v1/_probe/0?market=SZ&code=000001");
    assert.equal(p.status, 422);
    assert.deepEqual(p.body.detail, [{ type: "greater_than_equal", loc: ["path", "id"], msg: "Input should be greater than or equal to 1", input: "0" }]);
    const r = await call(server.url, "GET", "/api/v1/_probe/1?market=HK&code=0001&count=801&start=abc&ratio=-1&flag=maybe");
    assert.equal(r.status, 422);
    const byLoc = Object.fromEntries(r.body.detail.map((d: any) => [d.loc.join("."), d]));
    assert.deepEqual(byLoc["query.market"], { type: "literal_error", loc: ["query", "market"], msg: "Input should be 'SZ', 'SH' or 'BJ'", input: "HK" });
    assert.equal(byLoc["query.code"].type, "string_too_short");
    assert.deepEqual(byLoc["query.count"], { type: "less_than_equal", loc: ["query", "count"], msg: "Input should be less than or equal to 800", input: "801" });
    assert.equal(byLoc["query.start"].type, "int_parsing");
    assert.equal(byLoc["query.ratio"].type, "greater_than_equal");
    assert.equal(byLoc["query.flag"].type, "bool_parsing");
  });

  test("one item per failed rule, as pydantic: start past the u16 field, a date that is not the pattern", async () => {
    const start = await call(server.url, "GET", "/api/v1/bars?market=SZ&code=000001&start=65536&count=2");
    assert.deepEqual(start.body.detail, [{ type: "less_than_equal", loc: ["query", "start"], msg: "Input should be less than or equal to 65535", input: "65536" }]);
    const min120 = await call(server.url, "GET", "/api/v1/bars?market=SZ&code=000001&category=MIN_120&start=40000&count=2");
    assert.deepEqual(
      min120.body.detail.map((d: { type: string; msg: string }) => [d.type, d.msg]),
      [["less_than_equal", "Input should be less than or equal to 32767"]],
      "the category's own bound, below the field's",
    );
    const pattern = await call(server.url, "GET", "/api/v1/ccpm/rank?date=20261127");
    assert.deepEqual(
      pattern.body.detail.map((d: { type: string }) => d.type),
      ["string_pattern_mismatch"],
    );
    const day = await call(server.url, "GET", "/api/v1/ccpm/rank?date=2026-02-30");
    assert.deepEqual(
      day.body.detail.map((d: { type: string; msg: string }) => [d.type, d.msg]),
      [["value_error", "Value error, not a valid date YYYY-MM-DD"]],
    );
  });

  test("a missing required query parameter is 'missing' with input null", async () => {
    const r = await call(server.url, "GET", "/api/v1/_probe/1?code=000001");
    assert.deepEqual(r.body.detail, [{ type: "missing", loc: ["query", "market"], msg: "Field required", input: null }]);
  });

  test("integers reject hex, exponents, fractions and empty strings", async () => {
    for (const v of ["0x10", "1e2", "1.5", ""]) {
      const r = await call(server.url, "GET", `/api/v1/_probe/1?market=SZ&code=000001&count=${v}`);
      assert.equal(r.status, 422, v);
      assert.equal(r.body.detail[0].type, "int_parsing", v);
    }
  });

  test("body violations: list bounds, nested fields, malformed JSON, empty body, wrong content type", async () => {
    const tooMany = Array.from({ length: 81 }, () => ({ market: "SZ", code: "000001" }));
    let r = await call(server.url, "POST", "/api/v1/_probe", { json: { stocks: tooMany } });
    assert.equal(r.status, 422);
    assert.equal(r.body.detail[0].type, "too_long");
    assert.equal(r.body.detail[0].msg, "List should have at most 80 items after validation, not 81");
    r = await call(server.url, "POST", "/api/v1/_probe", { json: { stocks: [{ market: "XX", code: "1" }] } });
    assert.deepEqual(r.body.detail[0].loc, ["body", "stocks", 0, "market"]);
    r = await call(server.url, "POST", "/api/v1/_probe", { body: '{"stocks": [', headers: { "content-type": "application/json" } });
    assert.equal(r.status, 422);
    assert.equal(r.body.detail[0].type, "json_invalid");
    assert.deepEqual(r.body.detail[0].loc, ["body", 12], "where the body stops being JSON: its end");
    r = await call(server.url, "POST", "/api/v1/_probe", { body: '{"stocks":[x]}', headers: { "content-type": "application/json" } });
    assert.deepEqual(r.body.detail[0].loc, ["body", 11], "the x, where V8's message names no position");
    r = await call(server.url, "POST", "/api/v1/_probe", { body: "", headers: { "content-type": "application/json" } });
    assert.deepEqual(r.body.detail, [{ type: "missing", loc: ["body"], msg: "Field required", input: null }]);
    r = await call(server.url, "POST", "/api/v1/_probe", { body: "stocks=1", headers: { "content-type": "application/x-www-form-urlencoded" } });
    assert.equal(r.status, 422);
    assert.deepEqual(r.body.detail[0].loc, ["body"]);
    r = await call(server.url, "POST", "/api/v1/_probe", { json: [1, 2] });
    assert.equal(r.status, 422);
  });

  test("unknown API routes are 404 with a detail", async () => {
    for (const p of ["/api/v1/nothing/here", "/api/nothing"]) {
      const r = await call(server.url, "GET", p);
      assert.equal(r.status, 404, p);
      assert.deepEqual(r.body, { detail: "Not Found" });
    }
  });

  test("bodies over 1 MiB are 413, with or without Content-Length", async () => {
    const big = JSON.stringify({ stocks: [], pad: "x".repeat(1024 * 1024) });
    const r = await call(server.url, "POST", "/api/v1/_probe", { body: big, headers: { "content-type": "application/json" } });
    assert.equal(r.status, 413);
    assert.match(r.body.detail, /1048576 bytes/);
    const chunked = new ReadableStream({
      start(c) {
        for (let i = 0; i < 20; i++) c.enqueue(new TextEncoder().encode("x".repeat(64 * 1024)));
        c.close();
      },
    });
    const res = await fetch(`${server.url}/api/v1/_probe`, {
      method: "POST",
      body: chunked,
      headers: { "content-type": "application/json" },
      duplex: "half",
    } as RequestInit);
    assert.equal(res.status, 413);
  });

  test("an unexpected exception is a 500 with a detail and a logged stack", async () => {
    const r = await call(server.url, "GET", "/api/v1/_boom");
    assert.equal(r.status, 500);
    assert.deepEqual(r.body, { detail: "Internal server error" });
    const logged = errors.at(-1) as { err: Error };
    assert.match(String(logged.err.stack), /kaboom/);
  });

  test("a client that goes away in the middle of its body is no error of the service's: nothing is logged as one", async () => {
    const before = errors.length;
    const { port } = new URL(server.url);
    for (let k = 0; k < 3; k++) {
      const socket = connect(Number(port), "127.0.0.1");
      await once(socket, "connect");
      socket.write(`POST /api/v1/_probe HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"stocks":[`);
      await new Promise((r) => setTimeout(r, 50));
      socket.destroy();
    }
    // the service still answers, and has logged no error for the three
    assert.equal((await call(server.url, "GET", "/health")).status, 200);
    await new Promise((r) => setTimeout(r, 100));
    assert.deepEqual(errors.slice(before), []);
  });

  test("/openapi.json is a valid OpenAPI 3.1 document with every route", async () => {
    const r = await call(server.url, "GET", "/openapi.json");
    assert.equal(r.status, 200);
    assert.equal(r.body.openapi, "3.1.0");
    for (const p of ["/api/auth/status", "/api/auth/setup", "/api/auth/login", "/api/auth/logout", "/api/auth/change-password", "/api/v1/market/session", "/health"]) {
      assert.ok(r.body.paths[p], p);
    }
    const result = await validate(structuredClone(r.body));
    assert.equal(result.valid, true, JSON.stringify((result as { errors?: unknown }).errors));
  });

  test("/openapi.json's interface version is the spec's 1.0.0; the service's, package.json's, is beside it and in /health", async () => {
    const pkg = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as { version: string };
    const doc = (await call(server.url, "GET", "/openapi.json")).body;
    const health = (await call(server.url, "GET", "/health")).body;
    assert.equal(doc.info.version, "1.0.0");
    assert.equal(doc.info["x-service-version"], pkg.version);
    assert.equal(health.version, pkg.version);
  });

  test("/docs renders from installed assets", async () => {
    const page = await call(server.url, "GET", "/docs");
    assert.equal(page.status, 200);
    assert.match(page.text, /swagger-ui-bundle\.js/);
    const js = await fetch(`${server.url}/docs/swagger-ui-bundle.js`);
    assert.equal(js.status, 200);
    assert.ok((await js.arrayBuffer()).byteLength > 100_000, "(await js.arrayBuffer()).byteLength > 100_000");
    assert.equal((await call(server.url, "GET", "/docs/../../package.json")).status, 404);
  });
});

describe("DataFrame JSON writer", () => {
  test("numbers are written exactly as JSON.stringify writes them; NaN and ±Infinity become null", async () => {
    const fc = (await import("fast-check")).default;
    const { dataFrameJson, num, str } = await import("../../adapters/http/frames/data-frame.ts");
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            fc.double(),
            fc.integer({ min: -1e9, max: 1e9 }).map((k) => k / 100),
            fc.integer({ min: -1e12, max: 1e12 }).map((k) => k / 10_000),
            fc.constantFrom(-0, 0.1, 1e21, 5e-324),
          ),
          { maxLength: 50 },
        ),
        (xs) => {
          const text = new TextDecoder().decode(dataFrameJson([num("x", xs), str("s", xs.map(String))], xs.length));
          const parsed = JSON.parse(text);
          const want = xs.map((x) => (Number.isFinite(x) ? JSON.parse(JSON.stringify(x)) : null));
          assert.deepEqual(
            parsed.data.map((r: { x: number }) => r.x),
            want,
          );
          assert.equal(/:(-?Infinity|NaN)[,}]/.test(text), false, "no bare NaN or Infinity tokens");
          return true;
        },
      ),
      { numRuns: 500 },
    );
  });
});
