/**
 * The market store over HTTP against the built-in simulator (real TCP, a fixed
 * Saturday clock): `POST /api/v1/store/sync` runs the sync as a background task
 * (a second request meanwhile is a 409), `GET /api/v1/store` reports it, and then
 * `/bars` and a market-wide formula screen read the store (`"source": "store"`)
 * and answer exactly what the quote source answered before the sync: raw, QFQ
 * and HFQ bars alike, the forward adjustment computed from the stored ex-rights
 * records. The strength scan reads the store's tree.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { call, FakeClock, startTestServer, type TestServer } from "../support/server.ts";

const SATURDAY = Date.UTC(2026, 10, 21, 2, 0, 0);
const SCREEN = { text: "DIF:=EMA(C,12)-EMA(C,26);DEA:=EMA(DIF,9);M:(DIF-DEA)*2;B:CROSS(DIF,DEA);", universe: "all", count: 120, sort_by: "M" };
const CANDIDATES = [
  ["SZ", "000001"],
  ["SH", "600000"],
  ["SH", "600519"],
  ["SZ", "000333"],
  ["SZ", "000858"],
  ["SH", "601318"],
  ["SZ", "300750"],
  ["SH", "600036"],
] as const;

async function finished(base: string, id: string): Promise<any> {
  for (;;) {
    const r = await call(base, "GET", `/api/v1/backtest/tasks/${id}`);
    assert.equal(r.status, 200, r.text);
    if (["done", "failed", "cancelled"].includes(r.body.status)) return r.body;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function screen(base: string): Promise<any> {
  const r = await call(base, "POST", "/api/v1/formula/screen/run/async", { json: SCREEN });
  assert.equal(r.status, 202, r.text);
  const t = await finished(base, r.body.task_id);
  assert.equal(t.status, "done", t.error);
  return t.result;
}

const bars = (base: string, market: string, code: string, adjust: string) => call(base, "GET", `/api/v1/bars?market=${market}&code=${code}&category=DAY&count=800&adjust=${adjust}`);

describe("market store over HTTP", () => {
  let s: TestServer;
  const upstream = new Map<string, any>();
  let upstreamScreen: any;
  let adjusted: (readonly [string, string])[] = [];

  before(async () => {
    s = await startTestServer({ clock: new FakeClock(SATURDAY) });
    for (const [m, c] of CANDIDATES) {
      for (const adjust of ["NONE", "QFQ", "HFQ"]) {
        const r = await bars(s.url, m, c, adjust);
        assert.equal(r.status, 200, r.text);
        assert.equal(r.body.source, "upstream", "before a sync the quote source answers");
        upstream.set(`${m}${c}${adjust}`, r.body);
      }
    }
    // securities whose adjusted prices differ from the raw ones: the adjustment is really exercised
    adjusted = CANDIDATES.filter(([m, c]) => JSON.stringify(upstream.get(`${m}${c}QFQ`).data) !== JSON.stringify(upstream.get(`${m}${c}NONE`).data));
    upstreamScreen = await screen(s.url);
  });

  after(() => s?.dispose());

  test("a sync runs as a task, a second one meanwhile is a 409, and the store reports what it holds", async () => {
    const empty = await call(s.url, "GET", "/api/v1/store");
    assert.equal(empty.status, 200, empty.text);
    assert.equal(empty.body.securities, 0, "nothing before the first sync");
    assert.equal(empty.body.last_run, null, "no sync yet");
    const r = await call(s.url, "POST", "/api/v1/store/sync", { json: {} });
    assert.equal(r.status, 202, r.text);
    const again = await call(s.url, "POST", "/api/v1/store/sync", { json: {} });
    assert.equal(again.status, 409, "a second sync is refused while the first is queued or running");
    assert.equal(typeof again.body.detail, "string", "with a detail message");
    const bad = await call(s.url, "POST", "/api/v1/store/sync", { json: { minutes: ["XX:1"] } });
    assert.equal(bad.status, 422, "a malformed symbol is a validation error");
    const t = await finished(s.url, r.body.task_id);
    assert.equal(t.status, "done", t.error);
    assert.equal(t.kind, "store.sync", "the task's kind");
    assert.deepEqual(t.result.failed, [], "nothing failed");
    const state = await call(s.url, "GET", "/api/v1/store");
    assert.equal(state.body.securities, t.result.securities, "every security listed");
    assert.equal(state.body.files.day.securities, t.result.securities, "a daily file each");
    assert.equal(state.body.bytes, state.body.files.day.records * 32, "32 bytes a daily record");
    assert.equal(state.body.last_run.status, "done", "the last run's outcome");
    assert.equal(state.body.syncing, false, "no sync running now");
  });

  test("/bars reads the store and answers as the quote source did: raw, QFQ and HFQ", async () => {
    // A security with a daily volume beyond the .day file's u32 word stays upstream (the store cannot hold it exactly).
    const fromStore = new Set<string>();
    for (const [m, c] of CANDIDATES) {
      for (const adjust of ["NONE", "QFQ", "HFQ"]) {
        const r = await bars(s.url, m, c, adjust);
        assert.equal(r.status, 200, r.text);
        if (r.body.source === "store") fromStore.add(`${m}:${c}`);
        assert.deepEqual({ ...r.body, source: "upstream" }, upstream.get(`${m}${c}${adjust}`), `${m}:${c} ${adjust} as upstream answered`);
      }
    }
    assert.ok(fromStore.size >= CANDIDATES.length - 2, `most candidates are read from the store (${[...fromStore]})`);
    assert.ok(
      adjusted.some(([m, c]) => fromStore.has(`${m}:${c}`)),
      "some of them have ex-rights events that change their prices",
    );
    const index = await call(s.url, "GET", "/api/v1/bars/index?market=SH&code=000001&count=800");
    assert.equal(index.body.source, "store", "index bars from the store");
    const minute = await call(s.url, "GET", "/api/v1/bars?market=SZ&code=000001&category=MIN_15&count=10");
    assert.equal(minute.body.source, "upstream", "categories the store does not hold come from the quote source");
  });

  test("a market-wide formula screen over the store equals the same screen over the quote source", async () => {
    const stored = await screen(s.url);
    assert.ok(upstreamScreen.total > 150, `the whole demo market was screened (${upstreamScreen.total})`);
    assert.deepEqual(stored, upstreamScreen, "the same matches, values and errors");
  });

  test("the strength scan reads the store's vipdoc tree", async () => {
    const r = await call(s.url, "GET", "/api/v1/market/strength?top_n=5");
    assert.equal(r.status, 200, r.text);
    assert.equal(r.body.vipdoc, "market/vipdoc", "named relative to the data directory");
    assert.equal(r.body.count, 5, "five rows");
  });
});

describe("SYNC_AT", () => {
  test("queues a store sync at the set time on a weekday, by the service's clock", async () => {
    // Monday 2026-11-23, 15:29:59.700 in Shanghai: the schedule is 300 ms away.
    const s = await startTestServer({ clock: new FakeClock(Date.UTC(2026, 10, 23, 7, 29, 59, 700)), env: { SYNC_AT: "15:30" } });
    try {
      let sync: { kind: string; task_id: string } | undefined;
      while (!sync) {
        const r = await call(s.url, "GET", "/api/v1/backtest/tasks");
        assert.equal(r.status, 200, r.text);
        sync = r.body.tasks.find((t: { kind: string }) => t.kind === "store.sync");
        if (!sync) await new Promise((resolve) => setTimeout(resolve, 50));
      }
      assert.equal(sync.kind, "store.sync", "a sync task was queued");
      await call(s.url, "DELETE", `/api/v1/backtest/tasks/${sync.task_id}`);
    } finally {
      await s.dispose();
    }
  });
});
