import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import {
  decodeCompanyCategoryReply,
  decodeCompanyCategoryRequest,
  decodeCompanyContentReply,
  decodeCompanyContentRequest,
  encodeCompanyCategoryReply,
  encodeCompanyCategoryRequest,
  encodeCompanyContentReply,
  encodeCompanyContentRequest,
} from "../../../adapters/tdx/tdx-codec-company.ts";
import { encodeRequest } from "../../../adapters/tdx/tdx-frame.ts";
import { skipUnless } from "../../support/fixtures.ts";
import { hex, json } from "./fixture-bytes.ts";

const CAT = "tdx-recorded/company_info_category";
const CONTENT = "tdx-recorded/company_info_content";

test("F10 directory of SH 600000: 16 entries, the json's first entry", { skip: skipUnless(`${CAT}.hex`) }, () => {
  const body = hex(`${CAT}.hex`);
  const e = json<{ num_records: number; first: { filename: string; start: number; length: number } }>(`${CAT}.json`);
  const entries = decodeCompanyCategoryReply(body);
  assert.equal(entries.length, e.num_records);
  assert.deepEqual(entries[0], { title: "最新提示", filename: e.first.filename, start: e.first.start, length: e.first.length });
  assert.deepEqual(entries.map((x) => x.title).slice(0, 3), ["最新提示", "公司概况", "财务分析"]);
  assert.ok(
    entries.every((x) => x.filename === "600000.txt"),
    'entries.every((x) => x.filename === "600000.txt")',
  );
  // The server leaves a stray byte in the last position of some NUL-terminated title and
  // file-name fields; everything else re-encodes byte for byte.
  const again = encodeCompanyCategoryReply(entries);
  assert.equal(again.length, body.length);
  for (let i = 0; i < body.length; i++) {
    if (again[i] === body[i]) continue;
    const inEntry = (i - 2) % 152;
    assert.ok(inEntry === 63 || inEntry === 143, `byte ${i} differs outside a field's last byte`);
    assert.equal(again[i], 0);
  }
});

test("F10 text of SH 600000: length and prefix of the json", { skip: skipUnless(`${CONTENT}.hex`) }, () => {
  const body = hex(`${CONTENT}.hex`);
  const e = json<{ length: number; prefix: string }>(`${CONTENT}.json`);
  const reply = decodeCompanyContentReply(body);
  assert.deepEqual([reply.market, reply.code, reply.unknown], [1, "600000", 1]);
  assert.equal(reply.text.length, e.length);
  assert.ok(reply.text.startsWith(e.prefix), "reply.text.startsWith(e.prefix)");
  assert.deepEqual(encodeCompanyContentReply(reply), body, "re-encodes byte for byte");
});

test("F10 requests: easy_tdx's header lengths, round trips", () => {
  const dir = encodeRequest(0x02cf, encodeCompanyCategoryRequest({ market: 1, code: "600000" }));
  assert.deepEqual(Array.from(dir.subarray(6, 8)), [0x0e, 0]);
  const req = { market: 1, code: "600000", filename: "600000.txt", start: 11426, length: 20972 };
  const content = encodeRequest(0x02d0, encodeCompanyContentRequest(req));
  assert.deepEqual(Array.from(content.subarray(6, 8)), [0x68, 0]);
  fc.assert(
    fc.property(fc.constantFrom(0, 1, 2), fc.stringMatching(/^[0-9]{6}$/), fc.stringMatching(/^[0-9a-z]{1,20}\.txt$/), fc.nat(), fc.nat(), (market, code, filename, start, length) => {
      assert.deepEqual(decodeCompanyCategoryRequest(encodeCompanyCategoryRequest({ market, code })), { market, code });
      const r = { market, code, filename, start, length };
      assert.deepEqual(decodeCompanyContentRequest(encodeCompanyContentRequest(r)), r);
    }),
  );
});

test("F10 replies round-trip, GBK text included", () => {
  const text = fc.array(fc.constantFrom("公", "司", "概", "况", "☆", "◇", "\r\n", "A", "1", " ", "："), { maxLength: 200 }).map((a) => a.join(""));
  const entry = fc
    .tuple(
      text.map((t) => t.slice(0, 16).replace(/\r\n/g, "")),
      fc.stringMatching(/^[0-9]{6}\.txt$/),
      fc.nat(),
      fc.nat(),
    )
    .map(([title, filename, start, length]) => ({ title, filename, start, length }));
  fc.assert(
    fc.property(fc.array(entry, { maxLength: 20 }), text, (entries, t) => {
      assert.deepEqual(decodeCompanyCategoryReply(encodeCompanyCategoryReply(entries)), entries);
      const reply = { market: 0, code: "000001", unknown: 1, text: t };
      assert.deepEqual(decodeCompanyContentReply(encodeCompanyContentReply(reply)), reply);
    }),
  );
});

/** One 152-byte directory entry written with Node's Buffer writers (design doc 5.11). */
function entryBytes(title: Buffer, filename: string, start: number, length: number): Buffer {
  const b = Buffer.alloc(152);
  title.copy(b, 0);
  b.write(filename, 64, "ascii");
  b.writeUInt32LE(start, 144);
  b.writeUInt32LE(length, 148);
  return b;
}

test("F10 directory reply: entries written with Node's Buffer writers", () => {
  // 公司 in GBK: b9ab cbbe.
  const body = Buffer.concat([Buffer.from([2, 0]), entryBytes(Buffer.from("b9abcbbe", "hex"), "600000.txt", 11426, 20972), entryBytes(Buffer.from("AB"), "x.txt", 0, 0xffffffff)]);
  assert.deepEqual(decodeCompanyCategoryReply(new Uint8Array(body)), [
    { title: "公司", filename: "600000.txt", start: 11426, length: 20972 },
    { title: "AB", filename: "x.txt", start: 0, length: 0xffffffff },
  ]);
  assert.deepEqual(Buffer.from(encodeCompanyCategoryReply(decodeCompanyCategoryReply(new Uint8Array(body)))), body);
});

test("F10 directory reply: n entries of 152 bytes needed at once, no byte after them; errors name the command", () => {
  const one = entryBytes(Buffer.from("A"), "a.txt", 1, 2);
  assert.throws(() => decodeCompanyCategoryReply(new Uint8Array(Buffer.concat([Buffer.from([2, 0]), one]))), { message: "0x02cf reply: truncated at byte 2: needs 304 more byte(s), 152 left" });
  assert.throws(() => decodeCompanyCategoryReply(new Uint8Array(Buffer.concat([Buffer.from([1, 0]), one, Buffer.from([0])]))), { message: "0x02cf reply: 1 unexpected trailing byte(s) at 154" });
  assert.throws(() => decodeCompanyCategoryRequest(new Uint8Array(11)), { message: /^0x02cf request: truncated/ });
  assert.throws(() => decodeCompanyContentRequest(new Uint8Array(101)), { message: /^0x02d0 request: truncated/ });
  assert.throws(() => decodeCompanyContentRequest(new Uint8Array(103)), { message: /^0x02d0 request: 1 unexpected trailing/ });
});

/** A content reply written with Node's Buffer writers: market, code, unknown, length, text, then `tail`. */
function contentBytes(text: Buffer, tail: number[]): Uint8Array {
  const head = Buffer.alloc(12);
  head.writeUInt16LE(1, 0);
  head.write("600000", 2, "ascii");
  head.writeUInt16LE(7, 8);
  head.writeUInt16LE(text.length, 10);
  return new Uint8Array(Buffer.concat([head, text, Buffer.from(tail)]));
}

test("F10 content reply: the text of the length field, any NULs after it, nothing else", () => {
  const text = Buffer.from("b9abcbbe0d0a41", "hex"); // 公司\r\nA
  for (const tail of [[], [0], [0, 0, 0]]) {
    assert.deepEqual(decodeCompanyContentReply(contentBytes(text, tail)), { market: 1, code: "600000", unknown: 7, text: "公司\r\nA" }, `tail ${tail.length}`);
  }
  assert.throws(() => decodeCompanyContentReply(contentBytes(text, [0, 0x41])), { message: /^0x02d0 reply: non-NUL bytes after the text/ });
  assert.throws(() => decodeCompanyContentReply(contentBytes(text, [1])), { message: /^0x02d0 reply: non-NUL bytes after the text/ });
  assert.throws(() => decodeCompanyContentReply(contentBytes(text, []).subarray(0, 18)), { message: /^0x02d0 reply: truncated/ });
  assert.deepEqual(encodeCompanyContentReply({ market: 1, code: "600000", unknown: 7, text: "公司\r\nA" }), contentBytes(text, [0]));
});

test("F10 content reply: the encoder takes texts up to 65,535 − 13 GBK bytes", () => {
  const most = 0xffff - 13;
  assert.equal(encodeCompanyContentReply({ market: 0, code: "000001", unknown: 1, text: "a".repeat(most) }).length, 0xffff);
  assert.throws(() => encodeCompanyContentReply({ market: 0, code: "000001", unknown: 1, text: "a".repeat(most + 1) }), {
    name: "RangeError",
    message: `F10 text of ${most + 1} GBK bytes exceeds one reply; page it`,
  });
});
