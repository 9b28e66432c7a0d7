/**
 * vipdoc files are bare arrays of fixed-size records with no header, so a size that
 * is not a whole number of records means a truncated or foreign file. Once the size
 * is checked, readers index a DataView directly: no per-field bounds checks needed.
 */
import { TdxDecodeError } from "../tdx/tdx-errors.ts";

/** Every vipdoc bar format (.day, ds .day, .lc1, .lc5) uses 32-byte records. */
export const RECORD_SIZE = 32;

/** Number of whole records; throws when the size is not a multiple of the record size. */
export function recordCount(bytes: Uint8Array, size: number, kind: string): number {
  if (bytes.length % size !== 0) {
    throw new TdxDecodeError(`${kind} file of ${bytes.length} bytes is not a whole number of ${size}-byte records`);
  }
  return bytes.length / size;
}

/** A little-endian view over a file's bytes (readers pass `true` for little-endian). */
export function recordView(bytes: Uint8Array): DataView {
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
