import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import {
  FILE_CHUNK_SIZE,
  decodeFileChunkReply,
  decodeFileChunkRequest,
  decodeFileMetaReply,
  decodeFileMetaRequest,
  encodeFileChunkReply,
  encodeFileChunkRequest,
  encodeFileMetaReply,
  encodeFileMetaRequest,
} from "../../../adapters/tdx/tdx-codec-files.ts";
import { encodeRequest } from "../../../adapters/tdx/tdx-frame.ts";

test("server-file requests have the documented sizes", () => {
  assert.equal(encodeFileMetaRequest("block_zs.dat").length, 40);
  const chunk = encodeRequest(0x06b9, encodeFileChunkRequest({ filename: "tdxfin/gpcw.txt", offset: 0, size: FILE_CHUNK_SIZE }), { control: 0 });
  assert.deepEqual(Array.from(chunk.subarray(5, 12)), [0x00, 0x6e, 0, 0x6e, 0, 0xb9, 0x06]);
  assert.equal(encodeFileMetaReply({ size: 1, hash: "0".repeat(32), unknown1: 0, unknown2: 0 }).length, 38);
});

test("server-file requests and replies round-trip", () => {
  const name = fc.stringMatching(/^[a-z_/]{1,30}\.(dat|txt|zip)$/);
  fc.assert(
    fc.property(
      name,
      fc.integer({ min: 0, max: 0xffffffff }),
      fc.integer({ min: 0, max: 0xffffffff }),
      fc.stringMatching(/^[0-9a-f]{32}$/),
      fc.integer({ min: 0, max: 255 }),
      fc.uint8Array({ maxLength: 3000 }),
      (filename, offset, size, hash, b, data) => {
        assert.equal(decodeFileMetaRequest(encodeFileMetaRequest(filename)), filename);
        assert.deepEqual(decodeFileChunkRequest(encodeFileChunkRequest({ filename, offset, size })), { filename, offset, size });
        const meta = { size, hash, unknown1: b, unknown2: 255 - b };
        assert.deepEqual(decodeFileMetaReply(encodeFileMetaReply(meta)), meta);
        assert.deepEqual(decodeFileChunkReply(encodeFileChunkReply(data)), data);
      },
    ),
  );
});

test("a chunk reply whose length prefix disagrees with the body is refused", () => {
  const body = encodeFileChunkReply(Uint8Array.of(1, 2, 3));
  assert.throws(() => decodeFileChunkReply(body.subarray(0, 6)), /truncated/);
  assert.throws(() => decodeFileChunkReply(Uint8Array.of(...body, 9)), /trailing/);
});

test("server-file replies and requests: bytes written with Node's Buffer writers (design doc 5.12, 5.13)", () => {
  const meta = Buffer.alloc(38);
  meta.writeUInt32LE(123456, 0);
  meta.writeUInt8(1, 4);
  meta.write("0123456789abcdef0123456789abcdef", 5, "ascii");
  meta.writeUInt8(2, 37);
  const m = { size: 123456, hash: "0123456789abcdef0123456789abcdef", unknown1: 1, unknown2: 2 };
  assert.deepEqual(decodeFileMetaReply(new Uint8Array(meta)), m);
  assert.deepEqual(Buffer.from(encodeFileMetaReply(m)), meta);
  const chunkReq = Buffer.alloc(108);
  chunkReq.writeUInt32LE(30000, 0);
  chunkReq.writeUInt32LE(30000, 4);
  chunkReq.write("block_zs.dat", 8, "ascii");
  assert.deepEqual(Buffer.from(encodeFileChunkRequest({ filename: "block_zs.dat", offset: 30000, size: 30000 })), chunkReq);
  assert.deepEqual(decodeFileChunkRequest(new Uint8Array(chunkReq)), { filename: "block_zs.dat", offset: 30000, size: 30000 });
  const metaReq = Buffer.alloc(40);
  metaReq.write("block_zs.dat", 0, "ascii");
  assert.deepEqual(Buffer.from(encodeFileMetaRequest("block_zs.dat")), metaReq);
  const chunk = Buffer.from([3, 0, 0, 0, 7, 8, 9]);
  assert.deepEqual(decodeFileChunkReply(new Uint8Array(chunk)), Uint8Array.of(7, 8, 9));
  assert.deepEqual(Buffer.from(encodeFileChunkReply(Uint8Array.of(7, 8, 9))), chunk);
});

test("server-file decoders: errors name their command", () => {
  assert.throws(() => decodeFileMetaRequest(new Uint8Array(41)), { message: "0x02c5 request: 1 unexpected trailing byte(s) at 40" });
  assert.throws(() => decodeFileMetaReply(new Uint8Array(39)), { message: "0x02c5 reply: 1 unexpected trailing byte(s) at 38" });
  assert.throws(() => decodeFileChunkRequest(new Uint8Array(107)), { message: /^0x06b9 request: truncated/ });
  assert.throws(() => decodeFileChunkReply(Uint8Array.of(1, 0, 0, 0)), { message: "0x06b9 reply: truncated at byte 4: needs 1 more byte(s), 0 left" });
});
