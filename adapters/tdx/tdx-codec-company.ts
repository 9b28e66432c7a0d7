/**
 * Company information (F10): directory 0x02cf and content 0x02d0, both directions
 * (design doc 5.11).
 *
 * Directory request: u16 market, 6-byte code, u32 0. Reply: u16 n, then n 152-byte
 * entries: 64-byte GBK title, 80-byte file name, u32 start, u32 length.
 * Content request: u16 market, 6-byte code, u16 0, 80-byte file name, u32 start,
 * u32 length, u32 0. Reply: u16 market, 6-byte code, u16 unknown (1 recorded),
 * u16 text length, GBK text; the recorded reply ends with one extra NUL, which the
 * decoder accepts and the encoder reproduces.
 */
import { ByteReader, ByteWriter } from "./tdx-bytes.ts";
import { MAX_BODY } from "./tdx-frame.ts";
import { decodeGbkText, encodeGbk } from "./tdx-gbk.ts";
import type { CompanyInfoEntry, MarketId, SecurityRef } from "../../core/quotes/index.ts";

const ENTRY_SIZE = 152;
const TITLE_SIZE = 64;
const FILENAME_SIZE = 80;
/** Bytes of a content reply besides the text: market, code, unknown, length, final NUL. */
const CONTENT_OVERHEAD = 13;

export function encodeCompanyCategoryRequest(r: SecurityRef): Uint8Array {
  return new ByteWriter(12).u16(r.market).ascii(r.code, 6).u32(0).finish();
}

export function decodeCompanyCategoryRequest(payload: Uint8Array): SecurityRef {
  const r = new ByteReader(payload, "0x02cf request");
  const market = r.u16();
  const code = r.ascii(6);
  r.skip(4);
  r.expectEnd();
  return { market, code };
}

export function decodeCompanyCategoryReply(body: Uint8Array): CompanyInfoEntry[] {
  const r = new ByteReader(body, "0x02cf reply");
  const n = r.u16();
  r.need(n * ENTRY_SIZE);
  // Stryker disable next-line ArrayDeclaration: only preallocates; every index 0..n-1 is then written in order
  const out: CompanyInfoEntry[] = new Array(n);
  for (let i = 0; i < n; i++) {
    out[i] = { title: r.gbk(TITLE_SIZE), filename: r.gbk(FILENAME_SIZE), start: r.u32(), length: r.u32() };
  }
  r.expectEnd();
  return out;
}

export function encodeCompanyCategoryReply(entries: readonly CompanyInfoEntry[]): Uint8Array {
  // Stryker disable next-line ArithmeticOperator: the capacity is a first guess, the writer grows (to at least 16 bytes) as needed
  const w = new ByteWriter(2 + entries.length * ENTRY_SIZE);
  w.u16(entries.length);
  for (const e of entries) w.gbk(e.title, TITLE_SIZE).gbk(e.filename, FILENAME_SIZE).u32(e.start).u32(e.length);
  return w.finish();
}

export interface CompanyContentRequest extends SecurityRef {
  readonly filename: string;
  /** Byte offset in the file, from the directory entry. */
  readonly start: number;
  /** Number of bytes wanted. */
  readonly length: number;
}

export function encodeCompanyContentRequest(r: CompanyContentRequest): Uint8Array {
  return new ByteWriter(102).u16(r.market).ascii(r.code, 6).u16(0).gbk(r.filename, FILENAME_SIZE).u32(r.start).u32(r.length).u32(0).finish();
}

export function decodeCompanyContentRequest(payload: Uint8Array): CompanyContentRequest {
  const r = new ByteReader(payload, "0x02d0 request");
  const market = r.u16();
  const code = r.ascii(6);
  r.skip(2);
  const filename = r.gbk(FILENAME_SIZE);
  const start = r.u32();
  const length = r.u32();
  r.skip(4);
  r.expectEnd();
  return { market, code, filename, start, length };
}

export interface CompanyContentReply {
  readonly market: MarketId;
  readonly code: string;
  /** u16 after the code, unknown (1 in the recording). */
  readonly unknown: number;
  readonly text: string;
}

export function decodeCompanyContentReply(body: Uint8Array): CompanyContentReply {
  const r = new ByteReader(body, "0x02d0 reply");
  const market = r.u16();
  const code = r.ascii(6);
  const unknown = r.u16();
  const length = r.u16();
  const text = decodeGbkText(r.take(length));
  while (r.remaining > 0) if (r.u8() !== 0) r.fail("non-NUL bytes after the text");
  return { market, code, unknown, text };
}

export function encodeCompanyContentReply(reply: CompanyContentReply): Uint8Array {
  const text = encodeGbk(reply.text);
  if (text.length > MAX_BODY - CONTENT_OVERHEAD) {
    throw new RangeError(`F10 text of ${text.length} GBK bytes exceeds one reply; page it`);
  }
  // Stryker disable next-line ArithmeticOperator: the capacity is a first guess, the writer grows (to at least 16 bytes) as needed
  return new ByteWriter(CONTENT_OVERHEAD + text.length).u16(reply.market).ascii(reply.code, 6).u16(reply.unknown).u16(text.length).bytes(text).u8(0).finish();
}
