/**
 * Reading the TDX variable-length signed integer (design doc 6.1): first byte =
 * continuation bit 7, sign bit 6, low 6 bits of the magnitude; each follower =
 * continuation bit 7 plus the next 7 bits. Sign-magnitude, not zig-zag: `7f` is
 * -63, `a2 08` is 546, `40` is a "negative zero" some servers write for 0.
 *
 * A plain function with a module-level out-parameter (`varintEnd`) instead of a
 * cursor object, so the bar decoder's hot loop can call it inline without
 * allocating: the 800-bar decode spends most of its time here. It does not check
 * bounds per byte: reading past the end yields `undefined`, which ends the number,
 * and callers compare `varintEnd` with the body length afterwards.
 */

/** `varintEnd` after a number longer than 7 bytes (over 48 bits): beyond any body. */
export const VARINT_OVERLONG = Number.MAX_SAFE_INTEGER;

/** Offset just after the number read by the last {@link readVarint} call. */
export let varintEnd = 0;

/** The varint starting at `pos`; then `varintEnd` is where it ended. */
export function readVarint(bytes: Uint8Array, pos: number): number {
  let p = pos;
  let x = bytes[p++]!;
  let mag = x & 0x3f;
  const negative = x & 0x40;
  if (x & 0x80) {
    let scale = 64;
    do {
      if (scale > 2 ** 41) {
        varintEnd = VARINT_OVERLONG;
        return NaN;
      }
      x = bytes[p++]!;
      mag += (x & 0x7f) * scale;
      scale *= 128;
    } while (x & 0x80);
  }
  varintEnd = p;
  return negative ? 0 - mag : mag;
}
