import { test } from "node:test";
import assert from "node:assert/strict";
import { deflateSync } from "node:zlib";
import fc from "fast-check";
import {
  FLAG_PLAIN,
  FLAG_ZLIB,
  decodeRequest,
  decodeResponse,
  encodeRequest,
  encodeResponse,
  expectCommand,
  PLAIN_BELOW,
  parseRequestHeader,
  parseResponseHeader,
} from "../../../adapters/tdx/tdx-frame.ts";
import { TdxCommand } from "../../../adapters/tdx/tdx-commands.ts";
import { TdxDecodeError, TdxFrameError } from "../../../adapters/tdx/tdx-errors.ts";
import { skipUnless } from "../../support/fixtures.ts";
import { bin, fromHex } from "./fixture-bytes.ts";

const P = "tdx/protocol/";

const headerCases = [
  ["000d_setup_resp_20241013.frame.bin", FLAG_ZLIB, 0x00000000, TdxCommand.SETUP, 81, 189],
  ["000d_setup_resp_20241028.frame.bin", FLAG_ZLIB, 0x00000000, TdxCommand.SETUP, 81, 189],
  ["054c_quotes_v2_zlib_2023.frame.bin", FLAG_ZLIB, 0x00882f3b, TdxCommand.QUOTES_V2, 1297, 2001],
  ["054c_quotes_v2_plain_2023.frame.bin", FLAG_PLAIN, 0x00000015, TdxCommand.QUOTES_V2, 105, 105],
  ["052d_bars_sz000001_cat9_20170606-20170619.frame.bin", FLAG_PLAIN, 0x01640801, TdxCommand.BARS, 170, 170],
  ["053e_quotes_sz000001_sh600008_20241016.frame.bin", FLAG_PLAIN, 0x00000002, TdxCommand.QUOTES, 175, 175],
  ["053e_quotes_sz000001_sh600008_20241011.frame.bin", FLAG_PLAIN, 0x00000002, TdxCommand.QUOTES, 172, 172],
  ["0010_finance_sz000001_20170428.frame.bin", FLAG_PLAIN, 0x0076181f, TdxCommand.FINANCE, 145, 145],
] as const;

for (const [file, flag, seq, cmd, zip, unzip] of headerCases) {
  test(`recorded frame ${file}: header fields and body size`, { skip: skipUnless(P + file) }, () => {
    const frame = bin(P + file);
    const { header, body } = decodeResponse(frame);
    assert.deepEqual({ flag: header.flag, seq: header.seq, cmd: header.cmd, zip: header.zipSize, unzip: header.unzipSize }, { flag, seq, cmd, zip, unzip });
    assert.equal(body.length, unzip);
    assert.equal(frame.length, 16 + zip);
  });
}

test("0x054c zlib frame inflates to exactly 2001 bytes with the documented start", { skip: skipUnless(`${P}054c_quotes_v2_zlib_2023.frame.bin`) }, () => {
  const { body } = decodeResponse(bin(`${P}054c_quotes_v2_zlib_2023.frame.bin`));
  assert.deepEqual(Array.from(body.subarray(0, 11)), Array.from(fromHex("0000140000303030363239")));
  const plain = decodeResponse(bin(`${P}054c_quotes_v2_plain_2023.frame.bin`)).body;
  assert.deepEqual(Array.from(plain.subarray(0, 11)), Array.from(fromHex("0000010000303032343233")));
});

test("the recorded 0x052d request decodes and re-encodes byte for byte", { skip: skipUnless(`${P}052d_bars_sz000001_cat9_20170606-20170619.request.bin`) }, () => {
  const frame = bin(`${P}052d_bars_sz000001_cat9_20170606-20170619.request.bin`);
  const { header, payload } = decodeRequest(frame);
  assert.deepEqual(header, { head: 0x0c, seq: 0x01640801, control: 1, cmd: TdxCommand.BARS, payloadLength: 26 });
  assert.deepEqual(encodeRequest(header.cmd, payload, { seq: header.seq, control: header.control }), frame);
});

test("requests round-trip through encode and decode", () => {
  fc.assert(
    fc.property(fc.integer({ min: 0, max: 0xffff }), fc.uint8Array({ maxLength: 600 }), fc.integer({ min: 0, max: 0xffffffff }), fc.integer({ min: 0, max: 0xff }), (cmd, payload, seq, control) => {
      const { header, payload: back } = decodeRequest(encodeRequest(cmd, payload, { seq, control }));
      assert.deepEqual(header, { head: 0x0c, seq, control, cmd, payloadLength: payload.length });
      assert.deepEqual(back, payload);
    }),
  );
});

const compressible = fc.array(fc.constantFrom(0, 1, 2, 0x30, 0x31), { maxLength: 3000 }).map((a) => Uint8Array.from(a));

test("responses round-trip, compressed only when that shrinks the body", () => {
  fc.assert(
    fc.property(fc.oneof(fc.uint8Array({ maxLength: 2000 }), compressible), fc.integer({ min: 0, max: 0xffffffff }), fc.constantFrom(undefined, false), (body, seq, compress) => {
      const frame = encodeResponse(TdxCommand.BARS, seq, body, { compress });
      const { header, body: back } = decodeResponse(frame);
      assert.deepEqual(back, body);
      assert.equal(header.seq, seq);
      assert.equal(header.unzipSize, body.length);
      assert.ok(header.zipSize <= header.unzipSize, "header.zipSize <= header.unzipSize");
      assert.equal(header.flag, header.zipSize < header.unzipSize ? FLAG_ZLIB : FLAG_PLAIN);
      if (compress === false) assert.equal(header.zipSize, body.length);
    }),
  );
});

test("a reply body under PLAIN_BELOW bytes goes plain by default, as the recorded servers send 105 to 175-byte replies", () => {
  const small = new Uint8Array(PLAIN_BELOW - 1); // zeros: deflating would shrink it
  assert.equal(decodeResponse(encodeResponse(TdxCommand.BARS, 1, small)).header.flag, FLAG_PLAIN, "plain under the bound");
  assert.equal(decodeResponse(encodeResponse(TdxCommand.BARS, 1, new Uint8Array(PLAIN_BELOW))).header.flag, FLAG_ZLIB, "compressed from the bound on");
  assert.equal(decodeResponse(encodeResponse(TdxCommand.BARS, 1, small, { compress: true })).header.flag, FLAG_ZLIB, "compressed when asked");
  // a tiny body compressed on request: the inflater's output buffer (at least zlib's 64-byte minimum) still takes it
  const tiny = decodeResponse(encodeResponse(TdxCommand.BARS, 1, new Uint8Array(40), { compress: true }));
  assert.deepEqual([tiny.header.flag, tiny.body.length], [FLAG_ZLIB, 40]);
});

test("a forced compression that would not shrink is refused", () => {
  assert.throws(() => encodeResponse(TdxCommand.BARS, 1, Uint8Array.of(7), { compress: true }), /does not shrink/);
  assert.throws(() => encodeResponse(TdxCommand.BARS, 1, new Uint8Array(70000)), /exceeds 65535/);
});

function rawFrame(magic: number, zip: number, unzip: number, wire: Uint8Array): Uint8Array {
  const out = new Uint8Array(16 + wire.length);
  const v = new DataView(out.buffer);
  v.setUint32(0, magic, true);
  out[4] = FLAG_ZLIB;
  v.setUint16(10, TdxCommand.BARS, true);
  v.setUint16(12, zip, true);
  v.setUint16(14, unzip, true);
  out.set(wire, 16);
  return out;
}

test("corrupt response frames fail with a TdxFrameError that says why", () => {
  const body = new Uint8Array(100);
  const z = deflateSync(body);
  assert.throws(
    () => parseResponseHeader(rawFrame(0x12345678, 1, 1, Uint8Array.of(0))),
    (e: Error) => e instanceof TdxFrameError && /magic 78 56 34 12/.test(e.message),
  );
  assert.throws(() => decodeResponse(rawFrame(0x0074cbb1, 20, 10, new Uint8Array(20))), /zipsize 20 > unzipsize 10/);
  assert.throws(() => decodeResponse(rawFrame(0x0074cbb1, 5, 10, Uint8Array.of(1, 2, 3, 4, 5))), /not a valid zlib stream/);
  assert.throws(() => decodeResponse(rawFrame(0x0074cbb1, z.length, 101, z)), /inflated to 100 bytes, header says 101/);
  // longer than announced: the output buffer is sized from the header, so this is the case past its end
  assert.throws(() => decodeResponse(rawFrame(0x0074cbb1, z.length, 99, z)), /inflated to 100 bytes, header says 99/);
  assert.throws(() => decodeResponse(rawFrame(0x0074cbb1, 3, 3, Uint8Array.of(1, 2))), /frame is 18 bytes, header says 19/);
});

test("expectCommand tells a reply to another command apart", () => {
  const { header } = decodeResponse(encodeResponse(TdxCommand.QUOTES, 1, Uint8Array.of(0, 0)));
  expectCommand(header, TdxCommand.QUOTES);
  assert.throws(
    () => expectCommand(header, TdxCommand.BARS),
    (e: Error) => e instanceof TdxDecodeError && /expected BARS \(0x052d\), got QUOTES \(0x053e\)/.test(e.message),
  );
});

test("the design doc's setup requests (section 2) are what encodeRequest builds with its defaults (head 0x0c, control 0x01)", () => {
  // `0c 02 18 93 00 01 03 00 03 00 0d 00 01`: seq bytes 02 18 93 00 = u32 LE 0x00931802, length 3 twice, cmd 0x000d, payload 01
  assert.deepEqual(encodeRequest(0x000d, Uint8Array.of(0x01), { seq: 0x00931802 }), fromHex("0c0218930001030003000d0001"));
  assert.deepEqual(encodeRequest(0x000d, Uint8Array.of(0x02), { seq: 0x00941802 }), fromHex("0c0218940001030003000d0002"));
  const empty = decodeRequest(fromHex("0c0000000001020002000400"));
  assert.deepEqual([empty.header.payloadLength, empty.payload.length], [0, 0], "a request of length 2 has no payload");
});

test("request sizes: the u16 length field holds 2 + payload, so 65,533 payload bytes are the most; impossible lengths are refused", () => {
  const longest = encodeRequest(0x0fdb, new Uint8Array(0xffff - 2));
  assert.equal(new DataView(longest.buffer).getUint16(6, true), 0xffff);
  assert.throws(() => encodeRequest(0x0fdb, new Uint8Array(0xffff - 1)), new RangeError("SETUP_LOGIN (0x0fdb) payload of 65534 bytes is too long"));
  // lengths 1 and 1: equal, but below the 2 bytes of the command id
  assert.throws(() => decodeRequest(fromHex("0c0000000001010001000400")), /length fields 1 and 1 \(must be equal and ≥ 2\)/);
  assert.throws(() => decodeRequest(fromHex("0c00000000010300040004000000")), /length fields 3 and 4/);
  assert.throws(() => decodeRequest(fromHex("0c000000000103000300")), /request header needs 12 bytes, got 10/);
  assert.throws(() => decodeRequest(fromHex("0c00000000010300030004000000")), /request frame is 14 bytes, header says 13/);
});

test("the recorded plain 0x0010 reply re-encodes byte for byte, its unknown byte 9 (0x6f) included", { skip: skipUnless(`${P}0010_finance_sz000001_20170428.frame.bin`) }, () => {
  const frame = bin(`${P}0010_finance_sz000001_20170428.frame.bin`);
  const { header, body } = decodeResponse(frame);
  assert.equal(header.unknown, 0x6f, "design doc 3.2: 0x6f seen in a 2017 capture");
  assert.deepEqual(encodeResponse(header.cmd, header.seq, body, { unknown: 0x6f }), frame);
});

test("response sizes: a 65,535-byte body is the most; an empty body is sent plain even when compression is asked", () => {
  const noise = Uint8Array.from({ length: 0xffff }, (_, i) => (i * 2654435761) >>> 24);
  const frame = encodeResponse(TdxCommand.BARS, 1, noise, { compress: false });
  assert.deepEqual(decodeResponse(frame).body, noise);
  assert.throws(() => encodeResponse(TdxCommand.BARS, 1, new Uint8Array(0x10000)), new RangeError("BARS (0x052d) reply body of 65536 bytes exceeds 65535; page it"));
  const empty = decodeResponse(encodeResponse(TdxCommand.BARS, 1, new Uint8Array(0), { compress: true }));
  assert.deepEqual([empty.header.flag, empty.header.zipSize, empty.body.length], [FLAG_PLAIN, 0, 0]);
});

test("a body whose deflated form is exactly as long goes plain: equal sizes mean a plain body on the wire", () => {
  // random bytes, then zeros: find the length where zlib's output (level 1, as the simulator uses) equals the body's
  const head = Uint8Array.from({ length: 200 }, (_, i) => (i * 2654435761 + 12345) >>> 24);
  let body: Uint8Array | undefined;
  for (let zeros = 0; zeros < 400 && !body; zeros++) {
    const b = new Uint8Array(head.length + zeros);
    b.set(head);
    if (deflateSync(b, { level: 1 }).length === b.length) body = b;
  }
  assert.ok(body, "some length deflates to itself");
  const { header, body: back } = decodeResponse(encodeResponse(TdxCommand.BARS, 1, body));
  assert.deepEqual([header.flag, header.zipSize, header.unzipSize], [FLAG_PLAIN, body.length, body.length]);
  assert.deepEqual(back, body);
  assert.throws(() => encodeResponse(TdxCommand.BARS, 1, body, { compress: true }), /does not shrink when deflated; send it plain/);
});

test("response headers need 16 bytes, and the check reads from the given offset", () => {
  const frame = encodeResponse(TdxCommand.QUOTES, 7, new Uint8Array(0));
  assert.equal(decodeResponse(frame).body.length, 0, "a 16-byte frame is a whole reply");
  assert.throws(() => parseResponseHeader(frame.subarray(0, 15)), new TdxFrameError("response header needs 16 bytes, got 15"));
  const shifted = new Uint8Array(20);
  shifted.set(frame, 4);
  assert.equal(parseResponseHeader(shifted, 4).seq, 7);
  assert.throws(() => parseResponseHeader(shifted, 5), /response header needs 16 bytes, got 15/);
});

test("request headers read at an offset: every field from the bytes after it (design doc 3.1), and 12 bytes needed from there", () => {
  // head 0x0c, seq 01 08 64 01 (u32 LE 0x01640801), control 0x02, L = 0x001c twice, cmd 0x052d
  const header = fromHex("0c0108640102" + "1c001c00" + "2d05");
  const shifted = new Uint8Array(3 + header.length);
  shifted.fill(0xee, 0, 3);
  shifted.set(header, 3);
  assert.deepEqual(parseRequestHeader(shifted, 3), { head: 0x0c, seq: 0x01640801, control: 2, cmd: 0x052d, payloadLength: 26 });
  assert.throws(() => parseRequestHeader(shifted, 4), new TdxFrameError("request header needs 12 bytes, got 11"));
  assert.equal(encodeRequest(0x23f4, new Uint8Array(0), { head: 0x01 })[0], 0x01, "the head byte as given");
});

test("a wrong magic is shown as the four bytes read, each as two hex digits", () => {
  const frame = encodeResponse(TdxCommand.BARS, 1, new Uint8Array(4));
  frame[0] = 0x01;
  frame[3] = 0x0a;
  assert.throws(() => parseResponseHeader(frame), new TdxFrameError("corrupt response header: magic 01 cb 74 0a, expected b1 cb 74 00"));
  const shifted = new Uint8Array(2 + frame.length);
  shifted.set(frame, 2);
  assert.throws(() => parseResponseHeader(shifted, 2), new TdxFrameError("corrupt response header: magic 01 cb 74 0a, expected b1 cb 74 00"));
});

test("compress: false sends even a large compressible body plain; compression uses zlib's fastest level", () => {
  const zeros = new Uint8Array(1000);
  const plain = encodeResponse(TdxCommand.BARS, 1, zeros, { compress: false });
  assert.deepEqual([plain[4], plain.length], [FLAG_PLAIN, 16 + 1000]);
  // the simulator's choice (module comment): Z_BEST_SPEED, compared with Node's own deflate at level 1
  const body = Uint8Array.from({ length: 3000 }, (_, i) => ((i * i) % 251) & 0x3f);
  const frame = encodeResponse(TdxCommand.BARS, 1, body);
  assert.deepEqual(frame.subarray(16), new Uint8Array(deflateSync(body, { level: 1 })));
  assert.notDeepEqual(new Uint8Array(deflateSync(body, { level: 1 })), new Uint8Array(deflateSync(body)), "levels 1 and 6 differ on this body");
});
