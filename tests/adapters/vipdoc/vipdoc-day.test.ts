import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { decodeDayFile, encodeDayFile, readDayFile } from "../../../adapters/vipdoc/vipdoc-day.ts";
import { indexBreadth } from "../../../adapters/vipdoc/vipdoc-records.ts";
import { dayPriceDivisor, inferPriceDivisor } from "../../../adapters/vipdoc/vipdoc-price-scale.ts";
import { formatDate, marketTime } from "../../../core/bars/market-time.ts";
import type { BarSeries } from "../../../core/bars/series.ts";
import { fixture, skipUnless } from "../../support/fixtures.ts";
import { bin } from "../tdx/fixture-bytes.ts";

const L = "tdx/vipdoc/sh/lday/";

function row(s: BarSeries, i: number): string {
  return `${formatDate(s.time[i]!)} O ${s.open[i]} H ${s.high[i]} L ${s.low[i]} C ${s.close[i]} amount ${s.amount[i]} vol ${s.vol[i]}`;
}

const files = [
  {
    file: "sh000001.day",
    n: 5156,
    first: "2000-02-14 O 1591.44 H 1674.13 L 1587.81 C 1673.94 amount 26587693056 vol 43645603",
    last: "2021-05-14 O 3436.09 H 3490.64 L 3422.57 C 3490.38 amount 411116929024 vol 336982309",
    reserved: 0x01ac0585,
  },
  {
    file: "sh881478.day",
    n: 1747,
    first: "2015-09-02 O 1580.65 H 1679.46 L 1577.3 C 1587.09 amount 2246951424 vol 2298600",
    last: "2022-11-10 O 1074.7 H 1087.38 L 1071.68 C 1082.94 amount 1800421760 vol 2385129",
    reserved: 0x00070007,
  },
  {
    file: "sh600519.day",
    n: 10,
    first: "2001-08-27 O 34.51 H 37.78 L 32.85 C 35.55 amount 1410347136 vol 40631800",
    last: "2001-09-07 O 36.5 H 36.95 L 35.65 C 35.68 amount 113868744 vol 3155200",
    reserved: 3670,
  },
  {
    file: "sh110075.day",
    n: 10,
    first: "2020-11-03 O 110.23 H 127.38 L 110.23 C 117 amount 8462589952 vol 7303705",
    last: "2020-11-16 O 121.6 H 123.95 L 121.6 C 123.81 amount 198135216 vol 160944",
    reserved: 0x00010000,
  },
];

for (const f of files) {
  test(`${f.file}: ${f.n} records, first and last as the design doc lists, rewritten byte for byte`, { skip: skipUnless(L + f.file) }, async () => {
    const d = await readDayFile(fixture(L + f.file)!);
    assert.equal(d.length, f.n);
    assert.equal(row(d, 0), f.first);
    assert.equal(row(d, f.n - 1), f.last);
    assert.equal(d.reserved[f.n - 1], f.reserved);
    for (let i = 1; i < d.length; i++) assert.ok(d.time[i]! > d.time[i - 1]!, "d.time[i]! > d.time[i - 1]!");
    const code = f.file.slice(2, 8);
    assert.deepEqual(encodeDayFile(d, dayPriceDivisor("sh", code)), bin(L + f.file));
  });
}

test("SSE Composite: +1.77 % on 2021-05-14 and the breadth in the reserved word", { skip: skipUnless(`${L}sh000001.day`) }, () => {
  const d = decodeDayFile(bin(`${L}sh000001.day`), 100);
  const n = d.length;
  assert.equal(d.close[n - 2], 3429.54);
  assert.equal(Math.round((d.close[n - 1]! / d.close[n - 2]! - 1) * 10000) / 100, 1.77);
  const { up, down } = indexBreadth(d);
  assert.deepEqual([up[n - 1], down[n - 1]], [1413, 428]);
  assert.deepEqual([up[0], down[0]], [0x021c, 0x0004]);
});

test("price divisors: stocks and indices ÷100, funds ÷1000, convertibles ÷10000 (checked on sh110075)", { skip: skipUnless(`${L}sh110075.day`) }, () => {
  assert.equal(dayPriceDivisor("sh", "600519"), 100);
  assert.equal(dayPriceDivisor("sh", "000001"), 100);
  assert.equal(dayPriceDivisor("sh", "881478"), 100);
  assert.equal(dayPriceDivisor("sz", "399001"), 100);
  assert.equal(dayPriceDivisor("sh", "510300"), 1000);
  assert.equal(dayPriceDivisor("sz", "159915"), 1000);
  assert.equal(dayPriceDivisor("sh", "110075"), 10000);
  const raw = decodeDayFile(bin(`${L}sh110075.day`), 1);
  assert.equal(inferPriceDivisor(raw.close[0]!, 117.0), 10000);
  assert.equal(inferPriceDivisor(3555, 35.55), 100);
  assert.equal(inferPriceDivisor(3912, 3.912), 1000);
});

test("price divisors on the SZ side follow the same table: convertibles (12xxxx) as SH's ÷10000, LOFs (16xxxx) as ETFs ÷1000", () => {
  // adapters/vipdoc/vipdoc-price-scale.ts: convertible bonds use one scale on both exchanges (the real sh110075.day
  // holds 110.23 as 1,102,300, test above), and every exchange fund, ETF (15xxxx) or LOF (16xxxx), trades in
  // 0.001-yuan ticks, so its .day integers are thousandths.
  for (const code of ["123015", "127045", "128035"]) assert.equal(dayPriceDivisor("sz", code), dayPriceDivisor("sh", "110075"), `sz${code}`);
  for (const code of ["160706", "161725", "163402"]) assert.equal(dayPriceDivisor("sz", code), dayPriceDivisor("sz", "159915"), `sz${code}`);
  assert.equal(dayPriceDivisor("sz", "161725"), 1000);
  assert.equal(dayPriceDivisor("sz", "128035"), 10000);
});

test("day files round-trip through the writer", () => {
  const rec = fc.tuple(
    fc.integer({ min: 1, max: 400 }),
    fc.array(fc.integer({ min: 0, max: 2 ** 31 }), { minLength: 4, maxLength: 4 }),
    fc.integer({ min: 0, max: 2 ** 24 }),
    fc.integer({ min: 0, max: 0xffffffff }),
    fc.integer({ min: 0, max: 0xffffffff }),
  );
  fc.assert(
    fc.property(fc.array(rec, { maxLength: 60 }), fc.constantFrom(100, 1000, 10000), (rows, div) => {
      let t = marketTime(1995, 1, 3);
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
        reserved: new Float64Array(n),
      };
      rows.forEach(([step, [o, h, l, c], amount, vol, reserved], i) => {
        t += step * 86_400_000;
        s.time[i] = t;
        s.open[i] = o! / div;
        s.high[i] = h! / div;
        s.low[i] = l! / div;
        s.close[i] = c! / div;
        s.amount[i] = Math.fround(amount * 64);
        s.vol[i] = vol;
        s.reserved[i] = reserved;
      });
      assert.deepEqual(decodeDayFile(encodeDayFile(s, div), div), s);
    }),
    { numRuns: 50 },
  );
});

test("a file that is not whole records is refused; a name without market needs a divisor", async () => {
  assert.throws(() => decodeDayFile(new Uint8Array(33), 100), /33 bytes is not a whole number of 32-byte records/);
  await assert.rejects(readDayFile("/nonexistent/600000.day"), /pass the price divisor/);
});
