/**
 * TDX board files `block_zs.dat`, `block_gn.dat`, `block_fg.dat` (and `block.dat`),
 * both directions (adapters/tdx/README.md 8.5): a 384-byte header that starts with
 * "Registry ver:1.0 (1999-9-28)", u16 board count at 384, then fixed 2813-byte
 * slots: 9-byte GBK name, u16 member count, u16 board type, 400 × 7-byte members
 * (6 ASCII digits + NUL, no market prefix). A slot holds at most 400 members while
 * the count may say more, so the count is kept as the file states it. All three
 * real fixtures satisfy size = 386 + 2813 × boards exactly; a shorter file is
 * rejected rather than read short.
 */
import { ByteReader, ByteWriter } from "../tdx-bytes.ts";

export const BLOCK_HEADER_SIZE = 384;
export const BLOCK_SLOT_SIZE = 2813;
export const BLOCK_MAX_MEMBERS = 400;
const NAME_SIZE = 9;
const MEMBER_SIZE = 7;
const HEADER_TEXT = "Registry ver:1.0 (1999-9-28)";

/** The three board files the API serves, and the category number the original system gives each. */
export const BLOCK_FILES = { "block_zs.dat": 0, "block_gn.dat": 2, "block_fg.dat": 3 } as const;
export type BlockFileName = keyof typeof BLOCK_FILES;
export const BLOCK_FILE_NAMES = Object.keys(BLOCK_FILES) as [BlockFileName, ...BlockFileName[]];

export interface BlockEntry {
  readonly name: string;
  /** The u16 type word of the slot (2 in every real file seen). */
  readonly type: number;
  /** Member count as the file states it (may exceed the 400 stored codes). */
  readonly count: number;
  /** Six-digit member codes, in file order. */
  readonly codes: readonly string[];
}

export function decodeBlockFile(bytes: Uint8Array): BlockEntry[] {
  const r = new ByteReader(bytes, "block file");
  r.skip(BLOCK_HEADER_SIZE);
  const n = r.u16();
  r.need(n * BLOCK_SLOT_SIZE);
  const out: BlockEntry[] = [];
  for (let i = 0; i < n; i++) {
    const name = r.gbk(NAME_SIZE);
    const count = r.u16();
    const type = r.u16();
    const codes: string[] = [];
    for (let k = 0; k < BLOCK_MAX_MEMBERS; k++) {
      const code = r.ascii(MEMBER_SIZE);
      if (k < count && code) codes.push(code);
    }
    out.push({ name, type, count, codes });
  }
  return out;
}

/** File bytes for `entries`; members beyond 400 are dropped (the count keeps the true number). */
export function encodeBlockFile(entries: readonly BlockEntry[]): Uint8Array {
  const w = new ByteWriter(BLOCK_HEADER_SIZE + 2 + entries.length * BLOCK_SLOT_SIZE);
  w.ascii(HEADER_TEXT, BLOCK_HEADER_SIZE).u16(entries.length);
  for (const e of entries) {
    w.gbk(e.name, NAME_SIZE).u16(e.count).u16(e.type);
    for (let k = 0; k < BLOCK_MAX_MEMBERS; k++) {
      const code = e.codes[k];
      if (code) w.ascii(code, MEMBER_SIZE);
      else w.zeros(MEMBER_SIZE);
    }
  }
  return w.finish();
}
