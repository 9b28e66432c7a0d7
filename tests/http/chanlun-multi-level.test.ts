/**
 * `multi_level` of `/chanlun/analyze` over real HTTP against the simulator,
 * checked independently: the test fetches the lower level's bars itself (the
 * same 8 pages of 800 from /bars), analyses them inline, picks the strokes
 * and pivots inside the higher level's last stroke by comparing real
 * timestamps (a date as its midnight, as easy_tdx's datetimes compare), and
 * recomputes easy_tdx's summary with its own code; the answer must match.
 * Then the 422s.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { call, FakeClock, startTestServer, type TestServer } from "../support/server.ts";

type Row = { index: number; direction: string; start_date: string; end_date: string; high: number; low: number };

/** "YYYY-MM-DD" or "YYYY-MM-DD HH:MM" as a timestamp (a date at its midnight). */
const at = (s: string) => Date.parse(`${s.length === 10 ? `${s}T00:00` : s.replace(" ", "T")}:00Z`);

describe("chanlun multi-level", () => {
  let s: TestServer;
  const post = (json: unknown) => call(s.url, "POST", "/api/v1/chanlun/analyze", { json });
  before(async () => (s = await startTestServer({ clock: new FakeClock(Date.UTC(2026, 10, 20, 8, 0)) })));
  after(() => s.dispose());

  test("DAY over MIN_30: the last daily stroke through the 30-minute strokes and pivots inside it", async () => {
    const r = await post({ market: "SH", code: "600519", count: 400, multi_level: "MIN_30" });
    assert.equal(r.status, 200, r.text);
    const ml = r.body.multi_level;
    assert.ok(ml, "a multi_level answer");
    const last: Row = r.body.bis.at(-1);
    assert.deepEqual(ml.high_bi, last);
    assert.equal(ml.high_level, "DAY");
    assert.equal(ml.low_level, "MIN_30");
    assert.equal(ml.last_bi_index, last.index);
    assert.equal(ml.low_kline_count, 3200, "easy_tdx fetches count × 8 lower bars");

    // the lower bars, fetched and analysed by the test on its own
    const pages = [];
    for (let p = 0; p < 4; p++) {
      const b = await call(s.url, "GET", `/api/v1/bars?market=SH&code=600519&category=MIN_30&start=${p * 800}&count=800`);
      pages.unshift(b.body.data);
    }
    const ohlcv = pages.flat().map((b: Record<string, unknown>) => ({ datetime: b.datetime, open: b.open, high: b.high, low: b.low, close: b.close, vol: b.vol }));
    assert.equal(ohlcv.length, 3200);
    const low = (await post({ ohlcv })).body;
    const [from, to] = [at(last.start_date), at(last.end_date)];
    assert.ok(from < to, "the stroke spans time");
    const inside = low.bis.filter((b: Row) => at(b.start_date) >= from && at(b.end_date) <= to);
    const zss = low.zss.filter((z: { start_date: string | null; end_date: string | null }) => z.start_date && z.end_date && at(z.start_date) >= from && at(z.end_date) <= to);
    assert.ok(inside.length >= 1, `30-minute strokes inside the last daily stroke: ${inside.length}`);
    assert.deepEqual(ml.low_bis, inside);
    assert.deepEqual(ml.low_zss, zss);
    for (const b of ml.low_bis) assert.ok(at(b.start_date) >= from && at(b.end_date) <= to, `${b.start_date} → ${b.end_date} within ${last.start_date} → ${last.end_date}`);
    assert.ok(
      ml.low_bis.every((b: Row) => b.high <= Math.max(...ml.low_bis.map((x: Row) => x.high))),
      "rows are the lower strokes",
    );

    // easy_tdx's summary, recomputed
    const ups = inside.filter((_: Row, i: number) => i % 2 === 0);
    const downs = inside.filter((_: Row, i: number) => i % 2 === 1);
    const strictly = (xs: number[], sign: number) => xs.slice(1).every((x, i) => sign * (x - xs[i]!) > 0);
    let direction: string | null = null;
    if (inside.length >= 3) {
      if (
        strictly(
          ups.map((b: Row) => b.high),
          1,
        ) &&
        (downs.length < 2 ||
          strictly(
            downs.map((b: Row) => b.low),
            1,
          ))
      )
        direction = "up";
      else if (
        strictly(
          downs.map((b: Row) => b.low),
          -1,
        ) &&
        (ups.length < 2 ||
          strictly(
            ups.map((b: Row) => b.high),
            -1,
          ))
      )
        direction = "down";
    }
    assert.equal(ml.low_level_qs.bi_count, inside.length);
    assert.equal(ml.low_level_qs.zs_count, zss.length);
    assert.equal(ml.low_level_qs.has_trend, zss.length >= 2);
    assert.equal(ml.low_level_qs.has_consolidation, zss.length >= 1);
    assert.equal(ml.low_level_qs.trend_direction, direction);
    assert.equal(ml.low_level_qs.bi_overlap, inside.length >= 2, "neighbouring strokes share an end point, so two always overlap");
    assert.equal(typeof ml.low_level_qs.divergence_possible, "boolean");
    if (zss.length < 2 || inside.length < 5) assert.equal(ml.low_level_qs.divergence_possible, false);
  });

  test("422: multi_level not lower than the period, or without a symbol", async () => {
    const same = await post({ market: "SH", code: "600519", category: "MIN_30", multi_level: "DAY" });
    assert.equal(same.status, 422);
    assert.deepEqual(
      same.body.detail.map((d: { loc: unknown[] }) => d.loc),
      [["body", "multi_level"]],
    );
    assert.match(same.body.detail[0].msg, /not a lower level than MIN_30/);
    const inline = await post({ ohlcv: [{ date: "2024-01-02", open: 1, high: 1, low: 1, close: 1 }], multi_level: "MIN_30" });
    assert.equal(inline.status, 422);
    assert.match(inline.text, /needs market and code/);
    assert.equal((await post({ market: "SH", code: "600519", multi_level: "30MIN" })).status, 422, "category names as /bars");
    const index = await post({ market: "SH", code: "000001", multi_level: "MIN_30" });
    assert.equal(index.status, 400);
    assert.match(index.body.detail, /is an index/);
    const doc = await call(s.url, "GET", "/openapi.json");
    assert.match(JSON.stringify(doc.body.components.schemas.ChanlunRequest), /multi_level/);
  });
});
