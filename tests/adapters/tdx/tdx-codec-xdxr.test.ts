import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { decodeXdxrReply, decodeXdxrRequest, encodeXdxrReply, encodeXdxrRequest, type XdxrReply } from "../../../adapters/tdx/tdx-codec-xdxr.ts";
import { encodeRequest } from "../../../adapters/tdx/tdx-frame.ts";
import { TdxDecodeError } from "../../../adapters/tdx/tdx-errors.ts";
import { skipUnless } from "../../support/fixtures.ts";
import { bin, fromHex, hex, json } from "./fixture-bytes.ts";

const ELTDX = "tdx/protocol/000f_xdxr_sz000001_19900301-20251015.body.bin";

test("xdxr of SZ 000001 (eltdx fixture): 78 records with eltdx's asserted values", { skip: skipUnless(ELTDX) }, () => {
  const body = bin(ELTDX);
  assert.deepEqual(body.subarray(0, 11), fromHex("0100 00 303030303031 4e00"));
  const { market, code, records } = decodeXdxrReply(body);
  assert.deepEqual([market, code, records.length], [0, "000001", 78]);
  const byCategory = new Map<number, number>();
  for (const r of records) byCategory.set(r.category, (byCategory.get(r.category) ?? 0) + 1);
  assert.deepEqual(Object.fromEntries(byCategory), { 1: 31, 5: 31, 2: 10, 3: 3, 9: 3 });
  assert.ok(
    records.every((r) => r.market === 0 && r.code === "000001"),
    'records.every((r) => r.market === 0 && r.code === "000001")',
  );
  const [first, second] = records;
  assert.deepEqual([first!.date, first!.category, first!.c2, first!.c4], [19900301, 1, Math.fround(3.56), 1]);
  assert.deepEqual([second!.date, second!.category, second!.c3, second!.c4], [19910403, 5, 2650, Math.fround(4850.0171)]);
  const cat1 = records.filter((r) => r.category === 1);
  assert.deepEqual(
    cat1.slice(-2).map((r) => [r.date, r.c1]),
    [
      [20250612, Math.fround(3.62)],
      [20251015, Math.fround(2.36)],
    ],
  );
  const cat5 = records.filter((r) => r.category === 5).at(-1)!;
  assert.deepEqual([cat5.date, cat5.c3, cat5.c4], [20250630, 1940560.125, 1940591.875]);
  assert.equal(Math.round(cat5.c3 * 10_000), 19_405_601_250, "share counts are in 10,000 shares");
  assert.deepEqual(encodeXdxrReply({ market, code, records }), body, "re-encodes byte for byte");
});

test("xdxr of SH 600000 (easy_tdx recording): 87 records from 1999-11-10", { skip: skipUnless("tdx-recorded/xdxr_info.hex") }, () => {
  const body = hex("tdx-recorded/xdxr_info.hex");
  const e = json<{ num_records: number; first: { year: number; month: number; day: number; category: number } }>("tdx-recorded/xdxr_info.json");
  const { records } = decodeXdxrReply(body);
  assert.equal(records.length, e.num_records);
  assert.deepEqual([records[0]!.date, records[0]!.category], [e.first.year * 10000 + e.first.month * 100 + e.first.day, e.first.category]);
  assert.deepEqual(encodeXdxrReply(decodeXdxrReply(body)), body);
});

test("xdxr request: pytdx's frame; only single-security requests are accepted", () => {
  const frame = encodeRequest(0x000f, encodeXdxrRequest({ market: 1, code: "600000" }), { seq: 0x0076181f });
  assert.deepEqual(frame, fromHex("0c 1f 18 76 00 01 0b 00 0b 00 0f 00 0100 01 363030303030"));
  assert.deepEqual(decodeXdxrRequest(frame.subarray(12)), { market: 1, code: "600000" });
  assert.throws(() => decodeXdxrRequest(fromHex("0200 01 363030303030")), /^TdxDecodeError: 0x000f request: .*exactly 1/);
});

const f32 = fc.float({ noNaN: true, noDefaultInfinity: true }).map((v) => (Object.is(v, -0) ? 0 : v));

test("xdxr replies round-trip", () => {
  const entry = fc
    .tuple(fc.constantFrom(0, 1, 2), fc.stringMatching(/^[0-9]{6}$/), fc.integer({ min: 19900101, max: 20991231 }), fc.integer({ min: 1, max: 14 }), f32, f32, f32, f32)
    .map(([market, code, date, category, c1, c2, c3, c4]) => ({ market, code, date, category, c1, c2, c3, c4 }));
  fc.assert(
    fc.property(fc.constantFrom(0, 1), fc.stringMatching(/^[0-9]{6}$/), fc.array(entry, { maxLength: 40 }), (market, code, records) => {
      const reply: XdxrReply = { market, code, records };
      assert.deepEqual(decodeXdxrReply(encodeXdxrReply(reply)), reply);
    }),
  );
});

test("xdxr reply by hand (design doc 5.9): the records' own market and code; n records of 29 bytes needed at once", () => {
  // u16 1, market 0, "000001", n = 1; record: market 1, "600000", unused 0, u32 20260902, category 1, four float32
  const rec = Buffer.alloc(29);
  rec.writeUInt8(1, 0);
  rec.write("600000", 1, "latin1");
  rec.writeUInt32LE(20260902, 8);
  rec.writeUInt8(1, 12);
  [0.5, 0, 1.25, -2].forEach((v, k) => rec.writeFloatLE(v, 13 + 4 * k));
  const head = (n: number) => Uint8Array.from([1, 0, 0, ...Buffer.from("000001"), n, 0]);
  const body = Uint8Array.from([...head(1), ...rec]);
  assert.deepEqual(decodeXdxrReply(body), { market: 0, code: "000001", records: [{ market: 1, code: "600000", date: 20260902, category: 1, c1: 0.5, c2: 0, c3: 1.25, c4: -2 }] });
  assert.throws(() => decodeXdxrReply(Uint8Array.from([...head(2), ...rec])), new TdxDecodeError("0x000f reply: truncated at byte 11: needs 58 more byte(s), 29 left"));
  assert.throws(() => decodeXdxrReply(Uint8Array.from([...body, 0])), /^TdxDecodeError: 0x000f reply: 1 unexpected trailing byte/);
});
