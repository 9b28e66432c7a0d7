/**
 * Downloads of server files through the meta (0x02c5) and chunk (0x06b9) commands
 * (adapters/tdx/README.md 5.12, 5.13). Block files come with a size from the meta reply,
 * so their 30,000-byte chunks are asked for concurrently over the pool. Report
 * files (tdxfin/*) are read as pytdx does: ask at the bytes received so far,
 * stop at the expected size, or — when the size is unknown — at an empty chunk,
 * giving up after more than two empty replies in a row.
 */
import type { QuoteSource } from "../../../ports/quote-source.ts";
import { FILE_CHUNK_SIZE } from "../tdx-codec-files.ts";
import { TdxDecodeError } from "../tdx-errors.ts";

export type FileSource = Pick<QuoteSource, "fileMeta" | "fileChunk">;

const MAX_EMPTY_REPLIES = 2;

function concat(parts: readonly Uint8Array[], total: number): Uint8Array {
  const out = new Uint8Array(total);
  let at = 0;
  for (const p of parts) {
    out.set(p.subarray(0, Math.max(0, Math.min(p.length, total - at))), at);
    at += p.length;
  }
  return out;
}

/** A file whose size the meta command tells (block files, tdxhy.cfg, ...); empty when the server has none. */
export async function downloadServerFile(src: FileSource, name: string): Promise<Uint8Array> {
  return downloadChunks(src, name, (await src.fileMeta(name)).size);
}

/** The `size` bytes of `name`, in concurrent 30,000-byte chunks. */
export async function downloadChunks(src: FileSource, name: string, size: number): Promise<Uint8Array> {
  if (size === 0) return new Uint8Array(0);
  const offsets = Array.from({ length: Math.ceil(size / FILE_CHUNK_SIZE) }, (_, i) => i * FILE_CHUNK_SIZE);
  const chunks = await Promise.all(offsets.map((o) => src.fileChunk(name, o, Math.min(FILE_CHUNK_SIZE, size - o))));
  const got = chunks.reduce((a, c) => a + c.length, 0);
  if (got !== size) throw new TdxDecodeError(`${name}: server sent ${got} bytes, its meta reply said ${size}`);
  return concat(chunks, size);
}

/** A report file (tdxfin/gpcw.txt, tdxfin/gpcwYYYYMMDD.zip); `expectedSize` when the index gave it. */
export async function downloadReportFile(src: FileSource, name: string, expectedSize?: number): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  let received = 0;
  let empty = 0;
  while (expectedSize === undefined || received < expectedSize) {
    const chunk = await src.fileChunk(name, received, FILE_CHUNK_SIZE);
    if (chunk.length === 0) {
      if (expectedSize === undefined || ++empty > MAX_EMPTY_REPLIES) break;
      continue;
    }
    empty = 0;
    chunks.push(chunk);
    received += chunk.length;
  }
  if (expectedSize !== undefined && received < expectedSize) {
    throw new TdxDecodeError(`${name}: server stopped after ${received} of ${expectedSize} bytes`);
  }
  return concat(chunks, received);
}
