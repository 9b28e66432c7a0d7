import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { barVolumeFactor, decodeBarsReply, decodeBarsRequest, encodeBarsReply, encodeBarsRequest, isBarCategoryId, isMinuteCategory } from "../../../adapters/tdx/tdx-codec-bars.ts";
import { BAR_CATEGORIES, BAR_CATEGORY_NAMES } from "../../../core/bars/categories.ts";
import { decodeRequest, decodeResponse } from "../../../adapters/tdx/tdx-frame.ts";
import type { IndexBarSeries } from "../../../core/quotes/records.ts";
import { BarCategory, type BarCategoryId } from "../../../adapters/tdx/tdx-codec-bars.ts";
import type { BarSeries } from "../../../core/bars/series.ts";
import { formatDate, formatDateTime, marketTime } from "../../../core/bars/market-time.ts";
import { skipUnless } from "../../support/fixtures.ts";
import { bin } from "./fixture-bytes.ts";
import { TdxDecodeError } from "../../../adapters/tdx/tdx-errors.ts";

const P = "tdx/protocol/";

interface Vector {
  file: string;
  category: BarCategoryId;
  first: string;
  last: string;
}

/** Test vectors of the design doc; `vol` is the wire value, the decoder reports it in the daily unit. */
const vectors: Vector[] = [
  {
    file: "052d_bars_sz000001_cat9_20241016-20241029.body.bin",
    category: 9,
    first: "2024-10-16 O 11.8 H 12.18 L 11.77 C 12.06 vol 1914493 amount 2301340928",
    last: "2024-10-29 O 11.62 H 11.74 L 11.53 C 11.54 vol 1198024 amount 1391150208",
  },
  {
    file: "052d_bars_sh600000_cat4_20260820-20260902.body.bin",
    category: 4,
    first: "2026-08-20 O 9.03 H 9.14 L 8.98 C 9.11 vol 67301816 amount 609806464",
    last: "2026-09-02 O 9.35 H 9.43 L 9.3 C 9.31 vol 42714684 amount 399537536",
  },
  {
    file: "052d_bars_sh600000_cat9_20260820-20260902.body.bin",
    category: 9,
    first: "2026-08-20 O 9.03 H 9.14 L 8.98 C 9.11 vol 673018 amount 609806464",
    last: "2026-09-02 O 9.35 H 9.43 L 9.3 C 9.31 vol 427146 amount 399537536",
  },
  {
    file: "052d_bars_sz000001_cat4_20260820-20260902.body.bin",
    category: 4,
    first: "2026-08-20 O 11.2 H 11.4 L 11.19 C 11.4 vol 118357824 amount 1338932736",
    last: "2026-09-02 O 11.92 H 11.99 L 11.85 C 11.91 vol 56682576 amount 675561024",
  },
  {
    file: "052d_bars_sh600000_cat0_5min_20260902.body.bin",
    category: 0,
    first: "2026-09-02 10:45 O 9.32 H 9.33 L 9.3 C 9.33 vol 1190800 amount 11093238",
    last: "2026-09-02 13:00 O 9.32 H 9.32 L 9.3 C 9.31 vol 884000 amount 8230066",
  },
  {
    file: "052d_bars_sh600000_cat8_1min_20260902.body.bin",
    category: 8,
    first: "2026-09-02 11:21 O 9.32 H 9.33 L 9.31 C 9.33 vol 218900 amount 2040435",
    last: "2026-09-02 13:00 O 9.32 H 9.32 L 9.31 C 9.31 vol 62600 amount 583139",
  },
  {
    file: "052d_bars_sh600000_cat5_week_20260703-20260902.body.bin",
    category: 5,
    first: "2026-07-03 O 8.75 H 8.84 L 8.49 C 8.69 vol 3306011",
    last: "2026-09-02 O 9.01 H 9.43 L 9 C 9.31 vol 2450666",
  },
  {
    file: "052d_bars_sh600000_cat6_month_20251231-20260902.body.bin",
    category: 6,
    first: "2025-12-31 O 11.41 H 12.45 L 11.14 C 12.44 vol 16164556",
    last: "2026-09-02 O 9.13 H 9.43 L 9.1 C 9.31 vol 1453842",
  },
  {
    file: "052d_bars_sh600000_cat10_season_20240628-20260902.body.bin",
    category: 10,
    first: "2024-06-28 O 7.15 H 8.64 L 7.12 C 8.23 vol 25719502",
    last: "2026-09-02 O 8.58 H 9.72 L 8.54 C 9.31 vol 35024720",
  },
  {
    file: "052d_bars_sh600000_cat11_year_20171229-20260902.body.bin",
    category: 11,
    first: "2017-12-29 O 16.21 H 17.08 L 11.72 C 12.59 vol 96465776",
    last: "2026-09-02 O 12.47 H 12.48 L 8.49 C 9.31 vol 131349400",
  },
];

const lotCategory = (c: number) => c === 5 || c === 6 || c === 9 || c === 10 || c === 11;

/** One bar in the vector's notation, with the volume converted back to wire units. */
function describe(s: BarSeries, i: number, category: number, withAmount: boolean): string {
  const t = s.time[i]!;
  const when = isMinuteCategory(category) ? formatDateTime(t) : formatDate(t);
  const wireVol = lotCategory(category) ? s.vol[i]! / 100 : s.vol[i]!;
  const amount = withAmount ? ` amount ${s.amount[i]}` : "";
  return `${when} O ${s.open[i]} H ${s.high[i]} L ${s.low[i]} C ${s.close[i]} vol ${wireVol}${amount}`;
}

for (const v of vectors) {
  test(`bars ${v.file}: 10 bars, first and last as recorded, body consumed exactly`, { skip: skipUnless(P + v.file) }, () => {
    const body = bin(P + v.file);
    const s = decodeBarsReply(body, { category: v.category });
    assert.equal(s.length, 10);
    const withAmount = v.first.includes("amount");
    assert.equal(describe(s, 0, v.category, withAmount), v.first);
    assert.equal(describe(s, 9, v.category, withAmount), v.last);
    for (let i = 1; i < 10; i++) assert.ok(s.time[i]! > s.time[i - 1]!, "oldest first");
    assert.deepEqual(encodeBarsReply(s, { category: v.category }), body, "re-encodes byte for byte");
  });
}

test("the pytdx frame: 10 daily bars of 2017 inside a complete reply", { skip: skipUnless(`${P}052d_bars_sz000001_cat9_20170606-20170619.frame.bin`) }, () => {
  const s = decodeBarsReply(decodeResponse(bin(`${P}052d_bars_sz000001_cat9_20170606-20170619.frame.bin`)).body, { category: 9 });
  assert.equal(s.length, 10);
  assert.equal(describe(s, 0, 9, true), "2017-06-06 O 9.01 H 9.06 L 8.99 C 9.04 vol 355341 amount 320520896");
  assert.equal(describe(s, 9, 9, true), "2017-06-19 O 9.03 H 9.15 L 9.02 C 9.13 vol 489704 amount 446000768");
});

const cat4 = "052d_bars_sh600000_cat4_20260820-20260902.body.bin";
const cat9 = "052d_bars_sh600000_cat9_20260820-20260902.body.bin";

test("categories 4 and 9 agree once volume is normalised to shares", { skip: skipUnless(P + cat4) }, () => {
  const a = decodeBarsReply(bin(P + cat4), { category: 4 });
  const b = decodeBarsReply(bin(P + cat9), { category: 9 });
  for (const k of ["time", "open", "high", "low", "close", "amount"] as const) assert.deepEqual(a[k], b[k]);
  for (let i = 0; i < a.length; i++) assert.ok(Math.abs(a.vol[i]! - b.vol[i]!) < 100, `bar ${i}: ${a.vol[i]} vs ${b.vol[i]}`);
});

test("week and month bars add up the daily bars of their period", { skip: skipUnless(P + cat9) }, () => {
  const day = decodeBarsReply(bin(P + cat9), { category: 9 });
  const week = decodeBarsReply(bin(`${P}052d_bars_sh600000_cat5_week_20260703-20260902.body.bin`), { category: 5 });
  const month = decodeBarsReply(bin(`${P}052d_bars_sh600000_cat6_month_20251231-20260902.body.bin`), { category: 6 });
  const volSince = (from: number) => day.vol.reduce((sum, v, i) => (day.time[i]! >= from ? sum + v : sum), 0);
  assert.equal(week.vol[9], volSince(marketTime(2026, 8, 31)));
  assert.equal(week.vol[9], (996824 + 1026696 + 427146) * 100);
  assert.equal(month.vol[9], volSince(marketTime(2026, 9, 1)));
  assert.equal(month.vol[9], 1453842 * 100);
});

test("year bars give SH 600000's published year-end closes", { skip: skipUnless(`${P}052d_bars_sh600000_cat11_year_20171229-20260902.body.bin`) }, () => {
  const y = decodeBarsReply(bin(`${P}052d_bars_sh600000_cat11_year_20171229-20260902.body.bin`), { category: 11 });
  assert.deepEqual(Array.from(y.close.subarray(0, 9)), [12.59, 9.8, 12.37, 9.68, 8.53, 7.28, 6.62, 10.29, 12.44]);
});

test("the recorded request payload decodes to its parameters and re-encodes", { skip: skipUnless(`${P}052d_bars_sz000001_cat9_20170606-20170619.request.bin`) }, () => {
  const { payload } = decodeRequest(bin(`${P}052d_bars_sz000001_cat9_20170606-20170619.request.bin`));
  const r = decodeBarsRequest(payload);
  assert.deepEqual(r, { market: 0, code: "000001", category: 9, start: 0, count: 10 });
  assert.deepEqual(encodeBarsRequest(r), payload);
});

test("bars requests round-trip", () => {
  fc.assert(
    fc.property(
      fc.constantFrom(0, 1, 2),
      fc.stringMatching(/^[0-9]{6}$/),
      fc.integer({ min: 0, max: 11 }),
      fc.integer({ min: 0, max: 0xffff }),
      fc.integer({ min: 0, max: 800 }),
      (market, code, category, start, count) => {
        const r = { market, code, category: category as BarCategoryId, start, count };
        assert.deepEqual(decodeBarsRequest(encodeBarsRequest(r)), r);
      },
    ),
  );
});

/** Bars as the wire can carry them: prices in 0.001, float32 volumes, times on minutes or days. */
function arbBars(category: number, index: boolean) {
  const minute = isMinuteCategory(category);
  const f32 = (max: number) => fc.integer({ min: 0, max }).map((v) => Math.fround(v));
  return fc
    .array(
      fc.record({
        step: fc.integer({ min: 1, max: minute ? 240 : 40 }),
        open: fc.integer({ min: 1, max: 3_000_000 }),
        hi: fc.integer({ min: 0, max: 50_000 }),
        lo: fc.integer({ min: 0, max: 50_000 }),
        close: fc.integer({ min: -50_000, max: 50_000 }),
        vol: f32(1e9),
        amount: f32(1e11),
        up: fc.integer({ min: 0, max: 0xffff }),
        down: fc.integer({ min: 0, max: 0xffff }),
      }),
      { maxLength: 50 },
    )
    .map((rows) => {
      const n = rows.length;
      const s = {
        length: n,
        time: new Float64Array(n),
        open: new Float64Array(n),
        high: new Float64Array(n),
        low: new Float64Array(n),
        close: new Float64Array(n),
        vol: new Float64Array(n),
        amount: new Float64Array(n),
        up: new Float64Array(n),
        down: new Float64Array(n),
      };
      let t = marketTime(2020, 1, 2, minute ? 9 : 0, minute ? 31 : 0);
      rows.forEach((r, i) => {
        t += r.step * (minute ? 60_000 : 86_400_000);
        const close = Math.max(1, r.open + r.close);
        s.time[i] = t;
        s.open[i] = r.open / 1000;
        s.close[i] = close / 1000;
        s.high[i] = (Math.max(r.open, close) + r.hi) / 1000;
        s.low[i] = Math.max(0, Math.min(r.open, close) - r.lo) / 1000;
        s.amount[i] = r.amount;
        s.vol[i] = index && minute ? NaN : lotCategory(category) ? r.vol * 100 : r.vol;
        s.up[i] = r.up;
        s.down[i] = r.down;
      });
      return s;
    });
}

test("bar replies round-trip for every category, stock and index layouts", () => {
  for (let category = 0; category <= 11; category++) {
    for (const index of [false, true]) {
      fc.assert(
        fc.property(arbBars(category, index), (bars) => {
          const opts = { category: category as BarCategoryId, index };
          const back = decodeBarsReply(encodeBarsReply(bars, opts), opts) as IndexBarSeries;
          const { up, down, ...plain } = bars;
          const expected = index ? bars : plain;
          assert.deepEqual(back, expected);
        }),
        { numRuns: 25 },
      );
    }
  }
});

test("index minute bars carry amount/100 where volume would be, and decode to NaN volume", () => {
  const bars = {
    length: 1,
    time: Float64Array.of(marketTime(2026, 9, 2, 9, 35)),
    open: Float64Array.of(3000),
    high: Float64Array.of(3001),
    low: Float64Array.of(2999),
    close: Float64Array.of(3000.5),
    vol: Float64Array.of(NaN),
    amount: Float64Array.of(2e10),
    up: Float64Array.of(1200),
    down: Float64Array.of(800),
  };
  const body = encodeBarsReply(bars, { category: BarCategory.MIN_5, index: true });
  const wireVol = new DataView(body.buffer).getFloat32(body.length - 12, true);
  assert.equal(wireVol, 2e8);
  const back = decodeBarsReply(body, { category: BarCategory.MIN_5, index: true });
  assert.ok(Number.isNaN(back.vol[0]), "Number.isNaN(back.vol[0])");
  assert.deepEqual([back.up[0], back.down[0]], [1200, 800]);
});

test("an index reply read with the stock layout does not pass silently", () => {
  const bars = {
    length: 3,
    time: Float64Array.of(marketTime(2026, 9, 1), marketTime(2026, 9, 2), marketTime(2026, 9, 3)),
    open: Float64Array.of(3000, 3001, 3002),
    high: Float64Array.of(3010, 3011, 3012),
    low: Float64Array.of(2990, 2991, 2992),
    close: Float64Array.of(3005, 3006, 3007),
    vol: Float64Array.of(1e6, 2e6, 3e6),
    amount: Float64Array.of(1e9, 2e9, 3e9),
    up: Float64Array.of(1, 2, 3),
    down: Float64Array.of(4, 5, 6),
  };
  const body = encodeBarsReply(bars, { category: BarCategory.DAY, index: true });
  assert.throws(() => decodeBarsReply(body, { category: BarCategory.DAY }));
});

test("an empty reply (n = 0) decodes to an empty series; unknown categories are refused", () => {
  assert.equal(decodeBarsReply(Uint8Array.of(0, 0), { category: 4 }).length, 0);
  assert.throws(() => decodeBarsReply(Uint8Array.of(0, 0), { category: 22 as BarCategoryId }), /unknown bar category 22/);
  assert.throws(() => decodeBarsReply(Uint8Array.of(1, 0, 0x33), { category: 4 }), /1 bars need at least 18 bytes, the body has 3/);
});

test("the API's categories request the codec's category of the same period (MIN_120 via MIN_60)", () => {
  const codecName = (id: number) => Object.entries(BarCategory).find(([, v]) => v === id)?.[0];
  for (const name of BAR_CATEGORY_NAMES) {
    const c = BAR_CATEGORIES[name];
    assert.equal(codecName(c.request), name === "MIN_120" ? "MIN_60" : name, `${name} requests category ${c.request}`);
    assert.equal(isMinuteCategory(c.request), name.startsWith("MIN_"), `${name}: the codec reads a minute stamp`);
  }
  assert.deepEqual(BAR_CATEGORIES.MIN_1.variants.map(codecName), ["EX_MIN_1"], "MIN_1's variant");
  assert.deepEqual(BAR_CATEGORIES.DAY.variants.map(codecName), ["DAY_LOTS"], "DAY's variant");
});

test("volume factors: categories 5, 6, 9, 10, 11 send volume / 100, the rest the daily unit", () => {
  // SH 600000 on 2026-08-20: category 4 sent 67,301,816, category 9 sent 673,018.
  assert.equal(67_301_816 * barVolumeFactor(4), 67_301_816, "category 4 as is");
  assert.equal(673_018 * barVolumeFactor(9), 67_301_800, "category 9 × 100");
  for (const id of [5, 6, 10, 11]) assert.equal(barVolumeFactor(id), 100, `category ${id}`);
  for (const id of [0, 1, 2, 3, 7, 8]) assert.equal(barVolumeFactor(id), 1, `category ${id}`);
  assert.deepEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11].filter(isMinuteCategory), [0, 1, 2, 3, 7, 8], "minute categories");
});

/** A reply body written field by field with Node's Buffer writers (design doc 5.4); varints given as hand-worked bytes. */
function handBody(n: number, bars: readonly { date: readonly number[]; prices: readonly number[]; vol: number; amount: number; breadth?: readonly [number, number] }[]): Uint8Array {
  const parts: Buffer[] = [];
  const u16 = (v: number) => {
    const b = Buffer.alloc(2);
    b.writeUInt16LE(v);
    return b;
  };
  parts.push(u16(n));
  for (const bar of bars) {
    parts.push(Buffer.from(bar.date), Buffer.from(bar.prices));
    const f = Buffer.alloc(8);
    f.writeFloatLE(bar.vol, 0);
    f.writeFloatLE(bar.amount, 4);
    parts.push(f);
    if (bar.breadth) parts.push(u16(bar.breadth[0]), u16(bar.breadth[1]));
  }
  return new Uint8Array(Buffer.concat(parts));
}

// 2026-09-02 as u32 LE YYYYMMDD (20260902 = 0x01352826)
const SEP2 = [0x26, 0x28, 0x35, 0x01];
// 2026-09-03
const SEP3 = [0x27, 0x28, 0x35, 0x01];

test("hand-worked bytes: two daily bars, multi-byte and negative varints, the second's open a delta to the first's close", () => {
  // bar 1: open 9030 = 6 + 13·64 + 1·8192 → 86 8d 01; close +80 = 16 + 64 → 90 01; high +110 = 46 + 64 → ae 01; low −50 → 0x40|50 = 72
  // bar 2: open 9110 − 10 → 4a; close +0 → 00; high +5 → 05; low "negative zero" 40 → +0
  const body = handBody(2, [
    { date: SEP2, prices: [0x86, 0x8d, 0x01, 0x90, 0x01, 0xae, 0x01, 0x72], vol: 673018, amount: 609806464 },
    { date: SEP3, prices: [0x4a, 0x00, 0x05, 0x40], vol: 0, amount: 0 },
  ]);
  const day = decodeBarsReply(body, { category: 4 });
  assert.deepEqual([day.time[0], day.open[0], day.close[0], day.high[0], day.low[0], day.vol[0], day.amount[0]], [marketTime(2026, 9, 2), 9.03, 9.11, 9.14, 8.98, 673018, 609806464]);
  assert.deepEqual([day.time[1], day.open[1], day.close[1], day.high[1], day.low[1]], [marketTime(2026, 9, 3), 9.1, 9.1, 9.105, 9.1]);
  const lots = decodeBarsReply(body, { category: 9 });
  assert.equal(lots.vol[0], 67301800, "category 9: the wire volume × 100");
  const index = handBody(1, [{ date: SEP2, prices: [0x86, 0x8d, 0x01, 0x90, 0x01, 0xae, 0x01, 0x72], vol: 5, amount: 6, breadth: [1234, 65535] }]);
  const ix = decodeBarsReply(index, { category: 4, index: true });
  assert.deepEqual([ix.open[0], ix.vol[0], ix.amount[0], ix.up[0], ix.down[0]], [9.03, 5, 6, 1234, 65535]);
});

test("hand-worked bytes: minute bars read the packed day and minute words, index minute bars have no volume", () => {
  // design doc 6.4: day word = (year − 2004) · 2048 + month · 100 + day; 2026-09-02 → 22·2048 + 902 = 45958 = 0xb386; 09:35 → 575 = 0x023f
  const date = [0x86, 0xb3, 0x3f, 0x02];
  const body = handBody(1, [{ date, prices: [0x01, 0x02, 0x03, 0x41], vol: 100, amount: 200 }]);
  const s = decodeBarsReply(body, { category: 0 });
  assert.deepEqual([s.time[0], s.open[0], s.close[0], s.high[0], s.low[0], s.vol[0]], [marketTime(2026, 9, 2, 9, 35), 0.001, 0.003, 0.004, 0, 100], "stamp, prices, volume");
  const ix = decodeBarsReply(handBody(1, [{ date, prices: [0x01, 0x02, 0x03, 0x41], vol: 100, amount: 200, breadth: [1, 2] }]), { category: 8, index: true });
  assert.ok(Number.isNaN(ix.vol[0]), "index minute bar: no volume");
  assert.deepEqual([ix.time[0], ix.amount[0], ix.up[0], ix.down[0]], [marketTime(2026, 9, 2, 9, 35), 200, 1, 2]);
});

test("bodies too short: every cut of a hand-worked body is refused with a TdxDecodeError naming the bar", () => {
  // one-byte varints make the shortest bars (8 + 8 bytes; index 8 + 12): the whole body is accepted, any cut is refused
  const one = handBody(2, [
    { date: SEP2, prices: [1, 1, 1, 1], vol: 1, amount: 1 },
    { date: SEP3, prices: [1, 1, 1, 1], vol: 1, amount: 1 },
  ]);
  assert.equal(one.length, 2 + 2 * 16);
  assert.equal(decodeBarsReply(one, { category: 4 }).length, 2);
  for (let cut = 0; cut < one.length; cut++) {
    assert.throws(
      () => decodeBarsReply(one.subarray(0, cut), { category: 4 }),
      (e: Error) => e instanceof TdxDecodeError && /runs past the end of the body|bars need at least 34 bytes/.test(e.message),
      `cut at ${cut}`,
    );
  }
  // shorter than n shortest bars: refused before any bar is read, with the bound
  assert.throws(() => decodeBarsReply(one.subarray(0, 33), { category: 4 }), /2 bars need at least 34 bytes, the body has 33/);
  assert.throws(() => decodeBarsReply(one.subarray(0, 18), { category: 4 }), /2 bars need at least 34 bytes, the body has 18/);
  assert.throws(() => decodeBarsReply(Uint8Array.of(1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0), { category: 4, index: true }), /1 bars need at least 22 bytes, the body has 19/);
  assert.throws(() => decodeBarsReply(one.subarray(0, 1), { category: 4 }), /bar 1 of 0 runs past/);
  assert.throws(() => decodeBarsReply(new Uint8Array(0), { category: 4 }), /bar 1 of 0 runs past/);
  // a long first bar (3-byte open): the second bar is the one cut
  const long = handBody(2, [
    { date: SEP2, prices: [0x86, 0x8d, 0x01, 1, 1, 1], vol: 1, amount: 1 },
    { date: SEP3, prices: [1, 1, 1, 1], vol: 1, amount: 1 },
  ]);
  assert.equal(decodeBarsReply(long, { category: 4 }).length, 2);
  assert.throws(() => decodeBarsReply(long.subarray(0, long.length - 1), { category: 4 }), /bar 2 of 2 runs past/);
  // a first bar of 7-byte varints (0 written long: 80 80 80 80 80 80 00) leaves room for the bound, the second bar's date is cut
  const seven = [0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x00];
  const wide = handBody(2, [
    { date: SEP2, prices: [...seven, ...seven, ...seven, ...seven], vol: 1, amount: 1 },
    { date: SEP3, prices: [1, 1, 1, 1], vol: 1, amount: 1 },
  ]);
  assert.equal(wide.length, 2 + 40 + 16);
  assert.deepEqual(Array.from(decodeBarsReply(wide, { category: 4 }).close), [0, 0.002], "bar 2: open 0 + 1, close open + 1");
  for (let cut = 2 + 40; cut < wide.length; cut++) {
    assert.throws(
      () => decodeBarsReply(wide.subarray(0, cut), { category: 4 }),
      (e: Error) => e instanceof TdxDecodeError && /bar 2 of 2 runs past/.test(e.message),
      `cut at ${cut}`,
    );
  }
  assert.throws(() => decodeBarsReply(Uint8Array.from([...one, 0]), { category: 4 }), /1 unexpected trailing byte\(s\) after 2 bars/);
  const ix = handBody(1, [{ date: SEP2, prices: [0x86, 0x8d, 0x01, 1, 1, 1], vol: 1, amount: 1, breadth: [1, 1] }]);
  assert.equal(decodeBarsReply(ix, { category: 4, index: true }).length, 1);
  assert.throws(() => decodeBarsReply(ix.subarray(0, ix.length - 1), { category: 4, index: true }), /bar 1 of 1 runs past/);
});

test("category numbers: 0..11 are the command's, a request with 12 is refused", () => {
  for (let c = 0; c <= 11; c++) assert.equal(isBarCategoryId(c), true, `category ${c}`);
  for (const c of [-1, 12, 1.5, Number.NaN]) assert.equal(isBarCategoryId(c), false, `category ${c}`);
  const payload = encodeBarsRequest({ market: 1, code: "600000", category: 11, start: 0, count: 1 });
  payload[8] = 12;
  assert.throws(() => decodeBarsRequest(payload), /unknown bar category 12/);
  assert.throws(() => encodeBarsReply(decodeBarsReply(Uint8Array.of(0, 0), { category: 4 }), { category: 12 as BarCategoryId }), /unknown bar category 12/);
  assert.throws(() => decodeBarsReply(Uint8Array.of(0, 0), { category: 12 as BarCategoryId }), /unknown bar category 12/);
});

test("index bars are encoded only with both breadth columns; request decode errors name the command", () => {
  const bars = decodeBarsReply(handBody(1, [{ date: SEP2, prices: [1, 1, 1, 1], vol: 1, amount: 1 }]), { category: 4 });
  assert.throws(() => encodeBarsReply(bars, { category: 4, index: true }), new TypeError("index bars need up/down columns"));
  assert.throws(() => encodeBarsReply({ ...bars, up: Float64Array.of(1) } as BarSeries, { category: 4, index: true }), new TypeError("index bars need up/down columns"));
  assert.throws(() => encodeBarsReply({ ...bars, down: Float64Array.of(1) } as BarSeries, { category: 4, index: true }), new TypeError("index bars need up/down columns"));
  const payload = encodeBarsRequest({ market: 1, code: "600000", category: 4, start: 0, count: 1 });
  payload[8] = 12;
  assert.throws(() => decodeBarsRequest(payload), /^TdxDecodeError: 0x052d request: unknown bar category 12/);
  assert.throws(() => decodeBarsRequest(payload.subarray(0, 25)), /^TdxDecodeError: 0x052d request/);
});
