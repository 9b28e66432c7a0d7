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
