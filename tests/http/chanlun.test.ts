/** `POST /api/v1/chanlun/analyze` over real HTTP: symbol and inline modes, compatibility fields, bad input. */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { formatDate } from "../../core/bars/market-time.ts";
import { loadSseDaily, readOracle } from "../core/chan/sse-fixture.ts";
import { skipUnless } from "../support/fixtures.ts";
import { call, FakeClock, startTestServer, type TestServer } from "../support/server.ts";
import { defined } from "../support/defined.ts";

describe("chanlun analyze", () => {
  let s: TestServer;
  const post = (json: unknown) => call(s.url, "POST", "/api/v1/chanlun/analyze", { json });
  before(async () => (s = await startTestServer({ clock: new FakeClock(Date.UTC(2026, 10, 20, 8, 0)) })));
  after(() => s.dispose());

  test("a demo security: strokes, segments, pivots, points, both levels, easy_tdx fields", async () => {
    const r = await post({ market: "SH", code: "600519", count: 800 });
    assert.equal(r.status, 200);
    const b = r.body;
    assert.equal(b.bar_count, 800);
    assert.ok(b.strokes.length > 20, `${b.strokes.length} strokes`);
    assert.ok(b.segments.length > 1, "b.segments.length > 1");
    assert.ok(b.pivots.length > 0, "b.pivots.length > 0");
    for (const k of ["bsp", "divergences", "segment_level"]) assert.ok(k in b, k);
    assert.equal(b.bi_count, b.strokes.length);
    assert.equal(b.bis.length, b.strokes.length);
    assert.equal(b.code, "SH600519");
    assert.equal(b.merged_bars, undefined, "merged bars only on request");
    for (let i = 1; i < b.strokes.length; i++) assert.notEqual(b.strokes[i].dir, b.strokes[i - 1].dir, "strokes alternate");
    const withMerged = await post({ market: "SH", code: "600519", count: 200, merged_bars: true, category: "week" });
    assert.equal(withMerged.status, 200);
    assert.equal(withMerged.body.merged_bars.length, withMerged.body.merged_bar_count);
    const index = await post({ market: "SH", code: "000001", count: 300 });
    assert.equal(index.status, 200, "indices analyse their index bars");
    assert.ok(index.body.strokes.length > 5, "index.body.strokes.length > 5");
  });

  test("inline OHLCV: the real SSE daily series gives chan.py's strokes", { skip: skipUnless("chanlun/000001.SH_D.csv") }, async () => {
    const sse = loadSseDaily()!;
    const ohlcv = Array.from({ length: sse.length }, (_, i) => ({
      date: formatDate(defined(sse.time[i], `time[${i}]`)),
      open: sse.open[i],
      high: sse.high[i],
      low: sse.low[i],
      close: sse.close[i],
      vol: sse.vol[i],
    }));
    const r = await post({ ohlcv });
    assert.equal(r.status, 200);
    const oracle = readOracle("chanpy-default");
    assert.deepEqual(
      [r.body.merged_bar_count, r.body.strokes.length, r.body.segments.length, r.body.pivots.length, r.body.bsp.length],
      [oracle.merged_klines.length, oracle.bi.length, oracle.seg.length, oracle.zs.length, oracle.bsp.length],
    );
    assert.deepEqual([r.body.segment_level.segments.length, r.body.segment_level.pivots.length, r.body.segment_level.bsp.length], [oracle.segseg.length, oracle.seg_zs.length, oracle.seg_bsp.length]);
  });

  // the route analyses in one reused workspace (core/chan/workspace.ts): a request must not see an earlier one's columns
  test("an answer does not depend on the requests before it: the same bars after a longer and a shorter series", async () => {
    const bars = (n: number, seed: number) => {
      let p = 1000;
      let x = seed;
      return Array.from({ length: n }, (_, i) => {
        x = (x * 1103515245 + 12345) >>> 0;
        const o = p;
        p = Math.max(100, p + ((x >>> 8) % 41) - 20);
        const wick = (x >>> 20) % 9;
        return { date: formatDate(Date.UTC(2000, 0, 3) + i * 86_400_000), open: o / 100, high: (Math.max(o, p) + wick) / 100, low: (Math.min(o, p) - wick) / 100, close: p / 100 };
      });
    };
    const mid = { ohlcv: bars(1500, 3), merged_bars: true };
    const first = await post(mid);
    assert.equal(first.status, 200);
    assert.ok(first.body.strokes.length > 20, `${first.body.strokes.length} strokes`);
    for (const other of [bars(8000, 5), bars(300, 9)]) {
      assert.equal((await post({ ohlcv: other, merged_bars: true })).status, 200);
      const again = await post(mid);
      assert.deepEqual(again.body, first.body);
    }
  });

  test("fewer bars than a stroke needs: an empty, well-formed result", async () => {
    const ohlcv = [1, 2, 3].map((d) => ({ date: `2024-01-0${d + 1}`, open: 10, high: 11, low: 9, close: 10 }));
    const r = await post({ ohlcv });
    assert.equal(r.status, 200);
    assert.deepEqual([r.body.strokes, r.body.segments, r.body.pivots, r.body.bsp], [[], [], [], []]);
  });

  test("bad input is a 422 naming what is wrong; unknown security 404", async () => {
    const both = await post({ market: "SH", code: "600519", ohlcv: [{ date: "2024-01-02", open: 1, high: 1, low: 1, close: 1 }] });
    assert.equal(both.status, 422);
    assert.equal((await post({})).status, 422);
    const opt = await post({ market: "SH", code: "600519", options: { bi_algo: "zigzag" } });
    assert.equal(opt.status, 422);
    assert.deepEqual(opt.body.detail[0].loc.slice(0, 3), ["body", "options", "bi_algo"]);
    const rows = await post({
      ohlcv: [
        { date: "2024-01-03", open: 1, high: 1, low: 1, close: 1 },
        { date: "2024-01-02", open: 1, high: 0.5, low: 1, close: "x" },
      ],
    });
    assert.equal(rows.status, 422);
    const locs = rows.body.detail.map((d: { loc: unknown[] }) => d.loc.join("."));
    assert.ok(locs.includes("body.ohlcv.1.date"), locs.join());
    assert.ok(locs.includes("body.ohlcv.1.close"), 'locs.includes("body.ohlcv.1.close")');
    assert.ok(locs.includes("body.ohlcv.1.high"), 'locs.includes("body.ohlcv.1.high")');
    assert.equal((await post({ market: "SH", code: "600519", count: 801 })).status, 422);
    assert.equal((await post({ market: "SZ", code: "999999" })).status, 404);
  });
});
