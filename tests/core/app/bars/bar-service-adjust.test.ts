/**
 * Adjusted prices through the bar service never depend on the window asked
 * (issue 17, item 8): the forward method and the ratio factors are decided
 * over the security's whole daily history, and the backward base is its first
 * trading day. The quote source here serves a fixed daily history and its
 * ex-rights list the way the TDX server pages them (newest first, 800 a call);
 * the rest of the pipeline is the service's own.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { BarService, type BarAnswer } from "../../../../core/app/bars/bar-service.ts";
import { decodeXdxrReply } from "../../../../adapters/tdx/tdx-codec-xdxr.ts";
import { decodeDayFile } from "../../../../adapters/vipdoc/vipdoc-day.ts";
import type { AdjustMode } from "../../../../core/bars/adjust.ts";
import { sliceSeries, type BarSeries } from "../../../../core/bars/series.ts";
import type { XdxrRecord } from "../../../../core/bars/xdxr.ts";
import type { XdxrEntry } from "../../../../core/quotes/records.ts";
import type { QuoteSource } from "../../../../ports/quote-source.ts";
import { readFixture, skipUnless } from "../../../support/fixtures.ts";
import { FakeClock, silentLog } from "../../../support/server.ts";
import { dailySeries, dateOf, eventsFor } from "../../bars/build.ts";

const PRICES = ["open", "high", "low", "close"] as const;

/** A source holding one security's daily bars (category 4 only) and ex-rights records; it counts the bar calls. */
function historySource(history: BarSeries, xdxr: readonly XdxrRecord[]) {
  const src = {
    calls: 0,
    async bars(_ref: unknown, category: number, start: number, count: number): Promise<BarSeries> {
      assert.equal(category, 4, "daily bars only");
      src.calls++;
      const to = Math.max(0, history.length - start);
      return sliceSeries(history, Math.max(0, to - count), to);
    },
    async xdxr(): Promise<XdxrEntry[]> {
      return xdxr.map((x) => ({ ...x, market: 1, code: "600000" }));
    },
  };
  return src;
}

/** Market midnight of the day after `t` as a real instant: "today" is the next calendar day. */
const dayAfter = (t: number) => new FakeClock(t + 86_400_000 - 8 * 3_600_000 + 3_600_000);

function service(history: BarSeries, xdxr: readonly XdxrRecord[]) {
  const src = historySource(history, xdxr);
  return { src, bars: new BarService(src as unknown as QuoteSource, dayAfter(history.time[history.length - 1]!), silentLog) };
}

const ask = (svc: BarService, mode: AdjustMode, start: number, count: number) => svc.bars({ market: "SH", code: "600000", category: "DAY", start, count, barTime: "start" }, mode);

/** Every bar of `part` equals the bar of the same day in `whole`, price for price. */
function assertSameDays(part: BarAnswer, whole: BarAnswer, what: string) {
  const at = new Map<number, number>();
  whole.series.time.forEach((t, i) => at.set(t, i));
  for (let i = 0; i < part.series.length; i++) {
    const j = at.get(part.series.time[i]!);
    assert.ok(j !== undefined, `${what}: day ${dateOf(part.series.time[i]!)} is in the whole history`);
    for (const f of PRICES) assert.equal(part.series[f][i], whole.series[f][j], `${what}: ${f} of ${dateOf(part.series.time[i]!)}`);
  }
  assert.equal(part.adjust?.method, whole.adjust?.method, `${what}: one method for the whole security`);
}

test("property: a day's adjusted prices are the same whatever window (start, count) asks for it, QFQ and HFQ, affine and ratio", async () => {
  const methods = new Set<string>();
  await fc.assert(
    fc.asyncProperty(
      dailySeries(120)
        .chain((s) => fc.tuple(fc.constant(s), eventsFor(s)))
        .chain(([s, recs]) => fc.tuple(fc.constant(s), fc.constant(recs), fc.nat(s.length - 1), fc.integer({ min: 1, max: s.length }), fc.constantFrom<AdjustMode>("QFQ", "HFQ"))),
      async ([s, recs, start, count, mode]) => {
        const { bars } = service(s, recs);
        const whole = await ask(bars, mode, 0, 800);
        assert.equal(whole.series.length, s.length);
        methods.add(whole.adjust!.method);
        assertSameDays(await ask(bars, mode, start, count), whole, `${mode} start ${start} count ${count}`);
      },
    ),
    { numRuns: 200 },
  );
  assert.deepEqual([...methods].sort(), ["affine", "ratio"], "the generated securities exercise both forward methods");
});

test("the fallback is reported with the history it was decided over; the history is read once per security and day", async () => {
  // Early prices far below a later dividend: the affine QFQ of the first bars would be negative.
  const s = decodeless([
    [20200102, 1],
    [20200103, 1.2],
    [20200106, 30],
    [20200107, 31],
  ]);
  const { src, bars } = service(s, [{ date: 20200107, category: 1, c1: 20, c2: 0, c3: 0, c4: 0 }]);
  const window = await ask(bars, "QFQ", 0, 2);
  assert.equal(window.adjust?.method, "ratio", "decided over the history, though the window's own bars stay positive");
  assert.match(window.adjust!.note!, /somewhere in the security's 4 daily bars since 2020-01-02; ratio method used/);
  const calls = src.calls;
  await ask(bars, "QFQ", 1, 2);
  assert.equal(src.calls, calls + 1, "the basis is cached: only the window is fetched again");
});

/** A series from [YYYYMMDD, price] rows with all four prices equal. */
function decodeless(rows: readonly (readonly [number, number])[]): BarSeries {
  const bytes = new Uint8Array(rows.length * 32);
  const v = new DataView(bytes.buffer);
  rows.forEach(([d, p], i) => {
    v.setUint32(i * 32, d, true);
    for (let k = 1; k <= 4; k++) v.setUint32(i * 32 + k * 4, Math.round(p * 100), true);
  });
  return decodeDayFile(bytes, 100);
}

const SZ000001_DAY = "tdx-public/mootdx-vipdoc/sz/lday/sz000001.day";
const SZ000001_XDXR = "tdx/protocol/000f_xdxr_sz000001_19900301-20251015.body.bin";

test("real SZ 000001 (2000–2021 .day, xdxr from 1990): windows agree, and events before the first trading day move no HFQ price", {
  skip: skipUnless(SZ000001_DAY) || skipUnless(SZ000001_XDXR),
}, async () => {
  const history = decodeDayFile(readFixture(SZ000001_DAY), 100);
  const xdxr = decodeXdxrReply(readFixture(SZ000001_XDXR)).records.filter((x) => x.date <= 20210514);
  assert.ok(
    xdxr.some((x) => x.category === 1 && x.date === 19900301),
    "the pre-listing rights issue of 1990-03-01 is in the list",
  );
  const { bars } = service(history, xdxr);
  for (const mode of ["QFQ", "HFQ"] as const) {
    const pages = await Promise.all([0, 800, 1600, 2400, 3200, 4000, 4800].map((start) => ask(bars, mode, start, 800)));
    const whole = concatAnswers(pages.reverse());
    assert.equal(whole.series.length, history.length);
    for (const [start, count] of [
      [0, 1],
      [0, 300],
      [17, 555],
      [1234, 800],
      [4000, 800],
      [4990, 5],
    ])
      assertSameDays(await ask(bars, mode, start!, count!), whole, `${mode} ${start}/${count}`);
    if (mode === "HFQ") {
      // The base is the first day the history holds: it keeps its raw prices.
      for (const f of PRICES) assert.equal(whole.series[f][0], history[f][0], `HFQ ${f} of the first bar is raw`);
      // Records dated on or before that day (1990-03-01 … 1999) change nothing.
      const after = service(
        history,
        xdxr.filter((x) => x.date > dateOf(history.time[0]!)),
      );
      const last = await ask(after.bars, "HFQ", 0, 800);
      assertSameDays(last, whole, "HFQ without the pre-history records");
    }
  }
});

const SH600000_DAY = "tdx-public/vipdoc-a/sh/lday/sh600000.day";
const SH600000_XDXR = "tdx-recorded/xdxr_info.hex";

test("real SH 600000 (2011–2017 .day, its recorded xdxr): any window gives the prices of the whole history", { skip: skipUnless(SH600000_DAY) || skipUnless(SH600000_XDXR) }, async () => {
  const history = decodeDayFile(readFixture(SH600000_DAY), 100);
  const end = dateOf(history.time[history.length - 1]!);
  const xdxr = decodeXdxrReply(Buffer.from(readFixture(SH600000_XDXR).toString("utf8").trim(), "hex")).records.filter((x) => x.date <= end);
  assert.ok(xdxr.filter((x) => x.category === 1).length >= 5, "several dividends inside the history");
  const { bars } = service(history, xdxr);
  for (const mode of ["QFQ", "HFQ"] as const) {
    const pages = await Promise.all([0, 800].map((start) => ask(bars, mode, start, 800)));
    const whole = concatAnswers(pages.reverse());
    assert.equal(whole.series.length, history.length);
    for (const [start, count] of [
      [0, 10],
      [3, 250],
      [400, 800],
      [1000, 300],
    ])
      assertSameDays(await ask(bars, mode, start!, count!), whole, `${mode} ${start}/${count}`);
  }
});

/** The bars of newest-first pages as one oldest-first answer (series only). */
function concatAnswers(oldestFirst: readonly BarAnswer[]): BarAnswer {
  const n = oldestFirst.reduce((k, a) => k + a.series.length, 0);
  const cols = Object.fromEntries(["time", ...PRICES].map((f) => [f, new Float64Array(n)])) as Record<"time" | (typeof PRICES)[number], Float64Array>;
  let at = 0;
  for (const a of oldestFirst) {
    for (const f of ["time", ...PRICES] as const) cols[f].set(a.series[f], at);
    at += a.series.length;
  }
  return { ...oldestFirst[0]!, series: { ...oldestFirst[0]!.series, length: n, ...cols } };
}
