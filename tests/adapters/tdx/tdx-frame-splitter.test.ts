import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { RequestSplitter, ResponseSplitter } from "../../../adapters/tdx/tdx-frame-splitter.ts";
import { encodeRequest, encodeResponse } from "../../../adapters/tdx/tdx-frame.ts";
import { TdxFrameError } from "../../../adapters/tdx/tdx-errors.ts";
import { skipUnless } from "../../support/fixtures.ts";
import { bin } from "./fixture-bytes.ts";

function concat(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** `bytes` cut at the given (sorted, deduplicated) offsets. */
function chunks(bytes: Uint8Array, cuts: readonly number[]): Uint8Array[] {
  const points = [...new Set(cuts.map((c) => c % (bytes.length + 1)))].sort((a, b) => a - b);
  const out: Uint8Array[] = [];
  let prev = 0;
  for (const p of [...points, bytes.length]) {
    out.push(bytes.slice(prev, p));
    prev = p;
  }
  return out;
}

const body = fc.oneof(
  fc.uint8Array({ maxLength: 300 }),
  fc.array(fc.constantFrom(0, 0x30, 0x31), { maxLength: 2000 }).map((a) => Uint8Array.from(a)),
);

test("responses: any chunking of a stream yields the same frames in order", () => {
  fc.assert(
    fc.property(fc.array(body, { maxLength: 6 }), fc.array(fc.nat(), { maxLength: 40 }), (bodies, cuts) => {
      const frames = bodies.map((b, i) => encodeResponse(0x052d, i, b));
      const s = new ResponseSplitter();
      const got = chunks(concat(frames), cuts).flatMap((c) => s.push(c));
      s.end();
      assert.deepEqual(
        got.map((f) => f.header.seq),
        bodies.map((_, i) => i),
      );
      assert.deepEqual(
        got.map((f) => f.body),
        bodies,
      );
      assert.equal(s.buffered, 0);
    }),
  );
});

test("requests: any chunking of a stream yields the same frames in order", () => {
  fc.assert(
    fc.property(fc.array(fc.tuple(fc.integer({ min: 0, max: 0xffff }), fc.uint8Array({ maxLength: 600 })), { maxLength: 8 }), fc.array(fc.nat(), { maxLength: 40 }), (reqs, cuts) => {
      const s = new RequestSplitter();
      const stream = concat(reqs.map(([cmd, p], i) => encodeRequest(cmd, p, { seq: i })));
      const got = chunks(stream, cuts).flatMap((c) => s.push(c));
      s.end();
      assert.deepEqual(
        got.map((f) => [f.header.cmd, f.payload]),
        reqs,
      );
    }),
  );
});

const recorded = [
  "000d_setup_resp_20241013.frame.bin",
  "054c_quotes_v2_zlib_2023.frame.bin",
  "052d_bars_sz000001_cat9_20170606-20170619.frame.bin",
  "053e_quotes_sz000001_sh600008_20241016.frame.bin",
  "0010_finance_sz000001_20170428.frame.bin",
].map((f) => `tdx/protocol/${f}`);

test("recorded frames fed one byte at a time come out whole", { skip: skipUnless(recorded[0]!) }, () => {
  const frames = recorded.map(bin);
  const s = new ResponseSplitter();
  const got = [];
  for (const byte of concat(frames)) got.push(...s.push(Uint8Array.of(byte)));
  s.end();
  assert.deepEqual(
    got.map((f) => f.header.cmd),
    [0x000d, 0x054c, 0x052d, 0x053e, 0x0010],
  );
  assert.deepEqual(
    got.map((f) => f.body.length),
    [189, 2001, 170, 175, 145],
  );
});

test("a corrupt response header is reported at once, and the splitter stays failed", () => {
  const s = new ResponseSplitter();
  const good = encodeResponse(0x044e, 1, Uint8Array.of(1, 2));
  assert.equal(s.push(good).length, 1);
  const garbage = new TextEncoder().encode("HTTP/1.1 400 Bad Request\r\n");
  assert.throws(
    () => s.push(garbage),
    (e: Error) => e instanceof TdxFrameError && /magic 48 54 54 50/.test(e.message),
  );
  assert.throws(() => s.push(good), TdxFrameError);
});

test("an impossible size pair is reported without waiting for the body", () => {
  const frame = encodeResponse(0x044e, 1, Uint8Array.of(1, 2));
  new DataView(frame.buffer).setUint16(12, 60000, true);
  assert.throws(() => new ResponseSplitter().push(frame.subarray(0, 16)), /zipsize 60000 > unzipsize 2/);
});

test("a stream that ends inside a frame says how much is missing", () => {
  const frame = encodeResponse(0x052d, 1, new Uint8Array(40), { compress: false });
  const s = new ResponseSplitter();
  assert.deepEqual(s.push(frame.subarray(0, 30)), []);
  assert.throws(() => s.end(), /stream ended inside a BARS \(0x052d\) reply: 30 of 56 bytes/);
  const h = new ResponseSplitter();
  h.push(frame.subarray(0, 5));
  assert.throws(() => h.end(), /inside a frame header: 5 of 16 bytes/);
  const r = new RequestSplitter();
  r.push(encodeRequest(0x0450, Uint8Array.of(0, 0, 0, 0)).subarray(0, 13));
  assert.throws(() => r.end(), /inside a SECURITY_LIST \(0x0450\) request: 13 of 16 bytes/);
});

test("corrupt request headers: wrong head byte, unequal lengths, absurd length", () => {
  assert.throws(() => new RequestSplitter().push(new TextEncoder().encode("GET / HTTP/1.1\r\n")), /first byte 0x47/);
  const bad = encodeRequest(0x0450, Uint8Array.of(0, 0, 0, 0));
  new DataView(bad.buffer).setUint16(8, 7, true);
  assert.throws(() => new RequestSplitter().push(bad), /length fields 6 and 7/);
  const long = encodeRequest(0x0450, new Uint8Array(5000));
  assert.throws(() => new RequestSplitter().push(long.subarray(0, 12)), /payload length 5000 exceeds 4096/);
  assert.equal(new RequestSplitter({ maxPayload: 6000 }).push(long).length, 1);
  assert.equal(new RequestSplitter({ heads: [0x01] }).push(encodeRequest(0x23f4, new Uint8Array(0), { head: 0x01 })).length, 1);
});

test("after a failure both push and end throw that same error, whatever comes next", () => {
  const s = new ResponseSplitter();
  let first: unknown;
  try {
    s.push(Uint8Array.of(0x48, 0x54, 0x54, 0x50, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0));
  } catch (e) {
    first = e;
  }
  assert.ok(first instanceof TdxFrameError, "the garbage header is refused");
  const good = encodeResponse(0x044e, 1, Uint8Array.of(1, 2));
  assert.throws(
    () => s.push(good),
    (e: unknown) => e === first,
  );
  assert.throws(
    () => s.end(),
    (e: unknown) => e === first,
  );
  const r = new RequestSplitter();
  assert.throws(() => r.push(Uint8Array.of(0x05, 0, 0, 0, 0, 1, 2, 0, 2, 0, 0, 0)), new TdxFrameError("corrupt request header: first byte 0x05"));
  assert.throws(() => r.end(), new TdxFrameError("corrupt request header: first byte 0x05"));
});

test("buffered counts the bytes received and not yet returned", () => {
  const a = encodeResponse(0x052d, 1, new Uint8Array(40), { compress: false });
  const b = encodeResponse(0x052d, 2, Uint8Array.of(9, 9, 9), { compress: false });
  const s = new ResponseSplitter();
  assert.deepEqual(s.push(a.subarray(0, 5)), []);
  assert.equal(s.buffered, 5, "part of a header");
  assert.deepEqual(s.push(a.subarray(5, 20)), []);
  assert.equal(s.buffered, 20, "a header and part of its body");
  const both = new Uint8Array(a.length - 20 + 7);
  both.set(a.subarray(20));
  both.set(b.subarray(0, 7), a.length - 20);
  assert.equal(s.push(both).length, 1);
  assert.equal(s.buffered, 7, "the start of the next frame");
  assert.deepEqual(
    s.push(b.subarray(7)).map((f) => Array.from(f.body)),
    [[9, 9, 9]],
  );
  assert.equal(s.buffered, 0);
});

test("a request payload of exactly maxPayload bytes is accepted, one more is refused", () => {
  assert.equal(new RequestSplitter({ maxPayload: 4 }).push(encodeRequest(0x0450, Uint8Array.of(1, 2, 3, 4))).length, 1);
  assert.throws(() => new RequestSplitter({ maxPayload: 4 }).push(encodeRequest(0x0450, Uint8Array.of(1, 2, 3, 4, 5))), /payload length 5 exceeds 4/);
  assert.equal(new RequestSplitter().push(encodeRequest(0x0450, new Uint8Array(4096))).length, 1, "the default: 4096");
  assert.equal(new RequestSplitter({ heads: [0x01, 0x0c] }).push(encodeRequest(0x0450, new Uint8Array(0))).length, 1, "0x0c among the heads given");
});

test("large frames arriving in pieces, with a partial frame kept across the buffer's growth and compaction", () => {
  // 3000 + 5000 + 100 bytes of bodies sent plain, cut so that partial frames straddle the 4096-byte buffer's end
  const bodies = [3000, 5000, 100, 4000].map((n, k) => Uint8Array.from({ length: n }, (_, i) => (i * 7 + k * 13) & 0xff));
  const stream = concat(bodies.map((b, i) => encodeResponse(0x052d, i, b, { compress: false })));
  for (const step of [1000, 2500, 4095, 4096, 4097, 9000]) {
    const s = new ResponseSplitter();
    const got = [];
    for (let at = 0; at < stream.length; at += step) got.push(...s.push(stream.subarray(at, at + step)));
    s.end();
    assert.deepEqual(
      got.map((f) => f.body),
      bodies,
      `chunks of ${step}`,
    );
  }
});

test("a stream that ends inside the frame after a whole one counts only the bytes of the unfinished frame", () => {
  const a = encodeResponse(0x044e, 1, Uint8Array.of(1, 2));
  const b = encodeResponse(0x052d, 2, new Uint8Array(40), { compress: false });
  const s = new ResponseSplitter();
  assert.equal(s.push(concat([a, b.subarray(0, 5)])).length, 1);
  assert.throws(() => s.end(), new TdxFrameError("stream ended inside a frame header: 5 of 16 bytes"));
  const t = new ResponseSplitter();
  assert.equal(t.push(concat([a, b.subarray(0, 30)])).length, 1);
  assert.throws(() => t.end(), new TdxFrameError("stream ended inside a BARS (0x052d) reply: 30 of 56 bytes"));
  const u = new ResponseSplitter();
  assert.equal(u.push(concat([a, a])).length, 2);
  u.end();
});
