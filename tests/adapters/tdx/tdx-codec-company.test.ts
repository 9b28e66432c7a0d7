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
