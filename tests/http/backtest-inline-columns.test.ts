/**
 * `POST /backtest/run` reads plain inline bars straight into columns
 * (adapters/http/validation/ohlcv-body-columns.ts) and everything else the
 * ordinary way; over real HTTP the two give the same answers: the same result
 * bytes, the same 422 items (echoing the body as sent), and hostile bodies a
 * 4xx, never a 500. The guard hands the columns only to the route that takes them.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { OpenAPIHono } from "@hono/zod-openapi";
import type { HttpEnv } from "../../adapters/http/http-env.ts";
import { jsonBodyGuard } from "../../adapters/http/validation/json-body.ts";
import { call, FakeClock, startTestServer, type TestServer } from "../support/server.ts";

/** Daily records with a few swings; `extra` adds a key to the first record (which only the ordinary path takes). */
function records(n: number, extra = false) {
  return Array.from({ length: n }, (_, i) => {
    const close = Math.round((10 + 2 * Math.sin(i / 9) + 0.5 * Math.sin(i / 2.3)) * 100) / 100;
    const open = Math.round((close + 0.3 * Math.sin(i)) * 100) / 100;
    const row = { date: new Date(Date.UTC(2010, 0, 4) + i * 86_400_000).toISOString().slice(0, 10), open, high: Math.max(open, close) + 0.05, low: Math.min(open, close) - 0.05, close, vol: 1e6 + i };
    return extra && i === 0 ? { ...row, note: "x" } : row;
  });
}

describe("POST /backtest/run: inline bars read into columns answer as the ordinary path", () => {
  let s: TestServer;
  const post = (body: string) => call(s.url, "POST", "/api/v1/backtest/run", { body, headers: { "content-type": "application/json" } });
  before(async () => (s = await startTestServer({ clock: new FakeClock(Date.UTC(2026, 10, 20, 6, 0)) })));
  after(() => s.dispose());

  test("the same result bytes for plain records and for the same records taken the ordinary way", async () => {
    for (const params of [
      { fast: 5, slow: 20 },
      { fast: 3, slow: 9 },
    ]) {
      const fast = await post(JSON.stringify({ strategy: "ma_cross", params, ohlcv: records(3000) }));
      const ordinary = await post(JSON.stringify({ strategy: "ma_cross", params, ohlcv: records(3000, true) }));
      assert.equal(fast.status, 200, fast.text.slice(0, 300));
      assert.ok(fast.body.trades.length > 10, `trades: ${fast.body.trades.length}`);
      assert.equal(fast.text, ordinary.text, "same answer");
    }
  });

  test("422 answers echo the body as sent: a missing field, a bad parameter, a bad setting", async () => {
    const ohlcv = records(40);
    const missing = await post(JSON.stringify({ params: { fast: 5 }, ohlcv }));
    assert.equal(missing.status, 422);
    assert.deepEqual(missing.body.detail, [{ type: "missing", loc: ["body", "strategy"], msg: "Field required", input: { params: { fast: 5 }, ohlcv } }]);
    for (const [body, loc] of [
      [{ strategy: "ma_cross", params: { fast: 0 }, ohlcv }, ["body", "params", "fast"]],
      [{ strategy: "ma_cross", commission: "x", ohlcv }, ["body", "commission"]],
    ] as const) {
      const fast = await post(JSON.stringify(body));
      const ordinary = await post(JSON.stringify({ ...body, ohlcv: records(40, true) }));
      assert.equal(fast.status, 422, fast.text);
      assert.deepEqual(fast.body.detail[0].loc, loc);
      assert.deepEqual(fast.body, ordinary.body, "same items as the ordinary path");
    }
  });

  test("hostile bodies: a 4xx naming the problem, never a 500", async () => {
    const plain = JSON.stringify({ strategy: "ma_cross", ohlcv: records(30) });
    // [body, status, type and loc of the first item]
    const cases: [string, number, string?, unknown[]?][] = [
      [plain.slice(0, Math.floor(plain.length / 2)), 422, "json_invalid"],
      [plain.slice(0, -1), 422, "json_invalid"],
      [`${plain}]`, 422, "json_invalid"],
      [plain.replace('"open":', '"open":1e400,"x":'), 422, "float_type", ["body", "ohlcv", 0, "open"]],
      [plain.replace('"high":', `"high":${"9".repeat(5000)},"x":`), 422, "float_type", ["body", "ohlcv", 0, "high"]],
      [plain.replace(/"close":[^,}]+/, '"close":{"deep":[1,"\\u0000"]}'), 422, "float_type", ["body", "ohlcv", 0, "close"]],
      [plain.replace('"date":"2010-01-05"', '"date":"2010-01-04"'), 422, "value_error", ["body", "ohlcv", 1, "date"]],
      [plain.replace('"strategy":"ma_cross"', `"strategy":"ma_cross","junk":${"[".repeat(70)}${"]".repeat(70)}`), 422, "json_invalid", ["body"]],
      [plain.replace('"date":"2010-01-05"', '"date":"2010\\u002d01\\u002d05"'), 200],
      [plain.replace('"strategy":"ma_cross"', '"strategy":"ma_\\u0063ross","junk":{"a":[1,{"b":"\\ud83d\\ude00"}]}'), 200],
    ];
    for (const [body, status, type, loc] of cases) {
      const r = await post(body);
      assert.equal(r.status, status, `${body.slice(0, 120)}: ${r.text.slice(0, 300)}`);
      if (type) assert.equal(r.body.detail[0].type, type, r.text.slice(0, 300));
      if (loc) assert.deepEqual(r.body.detail[0].loc, loc, r.text.slice(0, 300));
    }
  });
});

test("the guard reads columns only for the route that takes them, and only from a plain body", async () => {
  const app = new OpenAPIHono<HttpEnv>();
  app.use(jsonBodyGuard);
  const seen = async (c: { get: (k: "columnBody") => HttpEnv["Variables"]["columnBody"]; req: { json: () => Promise<unknown> } }) => ({
    bars: c.get("columnBody")?.series.length ?? null,
    body: await c.req.json(),
  });
  app.post("/api/v1/backtest/run", async (c) => c.json(await seen(c)));
  app.post("/api/v1/backtest/run/async", async (c) => c.json(await seen(c)));
  const send = async (path: string, body: unknown) =>
    (await app.request(path, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) })).json() as Promise<{ bars: number | null; body: unknown }>;
  assert.deepEqual(await send("/api/v1/backtest/run", { strategy: "m", ohlcv: records(3) }), { bars: 3, body: { strategy: "m", ohlcv: [null, null] } });
  assert.deepEqual(await send("/api/v1/backtest/run", { strategy: "m", ohlcv: records(3, true) }), { bars: null, body: { strategy: "m", ohlcv: records(3, true) } });
  assert.deepEqual(await send("/api/v1/backtest/run/async", { strategy: "m", ohlcv: records(3) }), { bars: null, body: { strategy: "m", ohlcv: records(3) } });
});
