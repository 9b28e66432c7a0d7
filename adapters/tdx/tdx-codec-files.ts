/**
 * Server files: meta 0x02c5 and chunk 0x06b9, both directions (design doc 5.12,
 * 5.13). They serve the block files (block_zs.dat, ...) and the report archives
 * (tdxfin/gpcw*.zip, on the financial-file host, where pytdx sends control byte 0
 * and skips the setup).
 *
 * Meta request: 40-byte NUL-padded file name. Reply (38 bytes): u32 size, 1 byte,
 * 32-character MD5 hex, 1 byte.
 * Chunk request: u32 offset, u32 size, 100-byte file name. Reply: u32 chunk length,
 * then the chunk. Clients ask for 30,000 bytes at offsets 0, 30000, ... and stop
 * when they have the size from the meta reply (or at an empty chunk).
 */
import { ByteReader, ByteWriter } from "./tdx-bytes.ts";
import type { ServerFileMeta } from "../../core/quotes/index.ts";

/** Chunk size every client requests. */
export const FILE_CHUNK_SIZE = 30_000;
/** Control byte pytdx uses for report-file downloads (see `encodeRequest`). */
export const REPORT_FILE_CONTROL = 0x00;
const META_NAME_SIZE = 40;
const CHUNK_NAME_SIZE = 100;
const HASH_SIZE = 32;

export function encodeFileMetaRequest(filename: string): Uint8Array {
  return new ByteWriter(META_NAME_SIZE).ascii(filename, META_NAME_SIZE).finish();
}

export function decodeFileMetaRequest(payload: Uint8Array): string {
  const r = new ByteReader(payload, "0x02c5 request");
  const name = r.ascii(META_NAME_SIZE);
  r.expectEnd();
  return name;
}

export function decodeFileMetaReply(body: Uint8Array): ServerFileMeta {
  const r = new ByteReader(body, "0x02c5 reply");
  const size = r.u32();
  const unknown1 = r.u8();
  const hash = r.ascii(HASH_SIZE);
  const unknown2 = r.u8();
  r.expectEnd();
  return { size, hash, unknown1, unknown2 };
}

export function encodeFileMetaReply(m: ServerFileMeta): Uint8Array {
  return new ByteWriter(38).u32(m.size).u8(m.unknown1).ascii(m.hash, HASH_SIZE).u8(m.unknown2).finish();
}

export interface FileChunkRequest {
  readonly filename: string;
  readonly offset: number;
  readonly size: number;
}

export function encodeFileChunkRequest(r: FileChunkRequest): Uint8Array {
  return new ByteWriter(108).u32(r.offset).u32(r.size).ascii(r.filename, CHUNK_NAME_SIZE).finish();
}

export function decodeFileChunkRequest(payload: Uint8Array): FileChunkRequest {
  const r = new ByteReader(payload, "0x06b9 request");
  const offset = r.u32();
  const size = r.u32();
  const filename = r.ascii(CHUNK_NAME_SIZE);
  r.expectEnd();
  return { filename, offset, size };
}

/** The chunk bytes of a reply (a view into `body`). */
export function decodeFileChunkReply(body: Uint8Array): Uint8Array {
  const r = new ByteReader(body, "0x06b9 reply");
  const data = r.take(r.u32());
  r.expectEnd();
  return data;
}

export function encodeFileChunkReply(chunk: Uint8Array): Uint8Array {
  // Stryker disable next-line ArithmeticOperator: the capacity is a first guess, the writer grows (to at least 16 bytes) as needed
  return new ByteWriter(4 + chunk.length).u32(chunk.length).bytes(chunk).finish();
}
