import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { decodeMinuteFile, encodeMinuteFile, readMinuteFile } from "../../../adapters/vipdoc/vipdoc-minute.ts";
import { formatDate, formatDateTime, marketTime } from "../../../core/bars/market-time.ts";
import type { BarSeries } from "../../../core/bars/series.ts";
import { fixture, skipUnless } from "../../support/fixtures.ts";
import { bin } from "../tdx/fixture-bytes.ts";

const LC1 = "tdx/vipdoc/sh/minline/sh688001.lc1";
const LC5 = "tdx/vipdoc/sh/fzline/sh688001.lc5";

const row = (s: BarSeries, i: number) => `${formatDateTime(s.time[i]!)} O ${s.open[i]} H ${s.high[i]} L ${s.low[i]} C ${s.close[i]} amount ${s.amount[i]} vol ${s.vol[i]}`;

function perDay(s: BarSeries): Map<string, number[]> {
  const days = new Map<string, number[]>();
  for (let i = 0; i < s.length; i++) {
    const d = formatDate(s.time[i]!);
    if (!days.has(d)) days.set(d, []);
    days.get(d)!.push(i);
  }
  return days;
}

test(".lc1 of SH 688001: 12 days × 240 bars from 09:31 to 15:00, rewritten byte for byte", { skip: skipUnless(LC1) }, async () => {
  const s = await readMinuteFile(fixture(LC1)!);
  assert.equal(s.length, 2880);
  assert.equal(row(s, 0), "2021-04-23 09:31 O 36.71 H 37.02 L 36.71 C 36.8 amount 256647 vol 7000");
  assert.equal(row(s, 2879), "2021-06-03 15:00 O 36.65 H 36.65 L 36.65 C 36.65 amount 167088 vol 4500");
  const days = perDay(s);
  assert.equal(days.size, 12);
  for (const idx of days.values()) {
    assert.equal(idx.length, 240);
    assert.equal(formatDateTime(s.time[idx[0]!]!).slice(11), "09:31");
    assert.equal(formatDateTime(s.time[idx[119]!]!).slice(11), "11:30");
    assert.equal(formatDateTime(s.time[idx[120]!]!).slice(11), "13:01");
    assert.equal(formatDateTime(s.time[idx[239]!]!).slice(11), "15:00");
  }
  assert.deepEqual(encodeMinuteFile(s), bin(LC1));
});

test(".lc5 of SH 688001: 3 days × 48 bars; its last close matches the .lc1", { skip: skipUnless(LC5) }, () => {
  const s = decodeMinuteFile(bin(LC5));
  assert.equal(s.length, 144);
  assert.equal(row(s, 0), "2021-06-01 09:35 O 37.69 H 37.69 L 36.89 C 36.93 amount 2384077 vol 64000");
  assert.equal(row(s, 143), "2021-06-03 15:00 O 36.84 H 36.84 L 36.65 C 36.65 amount 933702 vol 25400");
  assert.ok(
    [...perDay(s).values()].every((idx) => idx.length === 48),
    "[...perDay(s).values()].every((idx) => idx.length === 48)",
  );
  const m1 = decodeMinuteFile(bin(LC1));
  assert.equal(s.close[143], m1.close[m1.length - 1]);
  // Each 5-minute bar of 2021-06-03 aggregates five 1-minute bars.
  const last5 = Array.from(m1.vol.subarray(m1.length - 5));
  assert.equal(
    s.vol[143],
    last5.reduce((a, b) => a + b, 0),
  );
  assert.deepEqual(encodeMinuteFile(s), bin(LC5));
});

test("minute files round-trip through the writer, the reserved word (an index's counts) included", () => {
  const rec = fc.tuple(
    fc.integer({ min: 1, max: 300 }),
    fc.array(fc.integer({ min: 0, max: 8_000_000 }), { minLength: 4, maxLength: 4 }),
    fc.integer({ min: 0, max: 2 ** 24 }),
    fc.integer({ min: 0, max: 0xffffffff }),
    fc.integer({ min: 0, max: 0xffffffff }),
  );
  fc.assert(
    fc.property(fc.array(rec, { maxLength: 60 }), (rows) => {
      let t = marketTime(2021, 4, 23, 9, 30);
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
        t += step * 60_000;
        s.time[i] = t;
        s.open[i] = o! / 1000;
        s.high[i] = h! / 1000;
        s.low[i] = l! / 1000;
        s.close[i] = c! / 1000;
        s.amount[i] = Math.fround(amount);
        s.vol[i] = vol;
        s.reserved[i] = reserved;
      });
      assert.deepEqual(decodeMinuteFile(encodeMinuteFile(s)), s);
    }),
    { numRuns: 50 },
  );
});
