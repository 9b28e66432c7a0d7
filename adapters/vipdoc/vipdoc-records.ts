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

/** Bars decoded with each record's reserved word (.day, .lc1, .lc5). */
export interface ReservedWords {
  readonly length: number;
  /** The reserved u32 of each record. */
  readonly reserved: Float64Array;
}

/**
 * Advancing (low half) and declining (high half) counts that index files keep in
 * the reserved word: at the close in `.day` files, at each bar's end in `.lc1` and
 * `.lc5` (a day's last 5-minute bar mostly holds the day's counts). Where a minute
 * record's word is 0 the file holds no counts (TDX leaves it so in records saved
 * during the session): `zeroIsNone` makes those NaN.
 */
export function indexBreadth(bars: ReservedWords, zeroIsNone = false): { up: Float64Array; down: Float64Array } {
  const up = new Float64Array(bars.length);
  const down = new Float64Array(bars.length);
  for (let i = 0; i < bars.length; i++) {
    const v = bars.reserved[i]!;
    const none = zeroIsNone && v === 0;
    up[i] = none ? NaN : v % 0x10000;
    down[i] = none ? NaN : Math.floor(v / 0x10000);
  }
  return { up, down };
}
