/**
 * gpcw archives: no real archive is public (fixtures/tdx/SOURCES.md §3), so the
 * layout is checked by writing and reading, byte by byte where the design doc
 * fixes offsets, and the index line format by mootdx's documented example.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { zipSync } from "fflate";
import { decodeGpcwDat, decodeGpcwList, encodeGpcwDat, encodeGpcwList, unzipGpcw, zipGpcw } from "../../../../adapters/tdx/files/gpcw-dat.ts";
import { gpcwFieldName, gpcwFieldNumber } from "../../../../adapters/tdx/files/gpcw-fields.ts";
import { TdxDecodeError } from "../../../../adapters/tdx/tdx-errors.ts";

const report = {
  reportDate: 20260331,
  fieldCount: 3,
  records: [
    { code: "000001", marketByte: 0, values: Float64Array.of(0.5, 1.25, -3) },
    { code: "600519", marketByte: 1, values: Float64Array.of(10, 0, 2.5) },
  ],
};

test("header, index and records sit where the design doc puts them", () => {
  const b = encodeGpcwDat(report);
  const v = new DataView(b.buffer);
  assert.equal(v.getUint32(2, true), 20260331);
  assert.equal(v.getUint16(6, true), 2);
  assert.equal(v.getUint32(12, true), 12, "record size in bytes");
  assert.equal(new TextDecoder().decode(b.subarray(20, 26)), "000001");
  assert.equal(b[26], 0);
  const off = v.getUint32(27, true);
  assert.equal(off, 20 + 2 * 11);
  assert.equal(v.getFloat32(off + 4, true), 1.25);
  assert.equal(b.length, 20 + 2 * 11 + 2 * 12);
});

test("archives round-trip through the zip", () => {
  const back = unzipGpcw(zipGpcw("gpcw20260331", report));
  assert.deepEqual(back, report);
  fc.assert(
    fc.property(fc.integer({ min: 1, max: 40 }), fc.array(fc.integer({ min: 0, max: 999999 }), { maxLength: 20 }), (fields, codes) => {
      const r = {
        reportDate: 20251231,
        fieldCount: fields,
        records: codes.map((c, i) => ({ code: String(c).padStart(6, "0"), marketByte: i % 3, values: Float64Array.from({ length: fields }, (_, k) => Math.fround(k * 1.5 - c)) })),
      };
      assert.deepEqual(decodeGpcwDat(encodeGpcwDat(r)), r);
    }),
    { numRuns: 30 },
  );
});

test("a record past the end, an archive without .dat, or garbage are decode errors", () => {
  const b = encodeGpcwDat(report);
  assert.throws(() => decodeGpcwDat(b.subarray(0, b.length - 1)), TdxDecodeError);
  assert.throws(() => unzipGpcw(zipSync({ "readme.txt": new Uint8Array(3) })), /no \.dat/);
  assert.throws(() => unzipGpcw(new Uint8Array([1, 2, 3])), TdxDecodeError);
});

test("gpcw.txt lines: filename,md5,size (mootdx's documented example)", () => {
  const list = decodeGpcwList(new TextEncoder().encode("gpcw19980630.zip,b0589657867d967b61a390f5c5d9a458,386073\r\n\r\nbad line\n"));
  assert.deepEqual(list, [{ filename: "gpcw19980630.zip", hash: "b0589657867d967b61a390f5c5d9a458", filesize: 386073 }]);
  assert.deepEqual(decodeGpcwList(encodeGpcwList(list)), list);
});

test("field names: FINVALUE numbers of the named items, col<n> for the rest", () => {
  assert.equal(gpcwFieldName(1), "eps");
  assert.equal(gpcwFieldName(40), "total_assets");
  assert.equal(gpcwFieldName(96), "net_profit_parent");
  assert.equal(gpcwFieldName(238), "total_shares");
  assert.equal(gpcwFieldName(9), "col9");
  assert.equal(gpcwFieldNumber("float_a_shares"), 239);
  assert.equal(gpcwFieldNumber("col321"), 321);
  assert.equal(gpcwFieldNumber("nonsense"), undefined);
});
