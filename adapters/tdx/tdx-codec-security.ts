/**
 * Security count (0x044e) and security list (0x0450), both directions (design doc
 * 5.1, 5.2).
 *
 * Count request: u16 market + 4 bytes pytdx always sets to `75 c7 33 01` (zeros
 * also work; the header's length field is 8 = command id + 6 payload bytes).
 * Count reply: u16 number of securities of every type in that market.
 * List request: u16 market, u16 start. List reply: u16 n, then n 29-byte records
 * (code, u16 volunit, 8-byte GBK name, u32 unknown, u8 decimals, float32
 * "pre_close", u32 unknown). The server returns at most 1000 per page.
 */
import { ByteReader, ByteWriter } from "./tdx-bytes.ts";
import type { MarketId, SecurityInfo } from "../../core/quotes/index.ts";

export const SECURITY_LIST_PAGE = 1000;
const COUNT_REQUEST_TAIL = 0x0133c775;
const RECORD_SIZE = 29;

export interface SecurityCountRequest {
  readonly market: MarketId;
}

export function encodeSecurityCountRequest(r: SecurityCountRequest): Uint8Array {
  return new ByteWriter(6).u16(r.market).u32(COUNT_REQUEST_TAIL).finish();
}

export function decodeSecurityCountRequest(payload: Uint8Array): SecurityCountRequest {
  const r = new ByteReader(payload, "0x044e request");
  const market = r.u16();
  r.skip(4);
  r.expectEnd();
  return { market };
}

export function encodeSecurityCountReply(count: number): Uint8Array {
  return new ByteWriter(2).u16(count).finish();
}

export function decodeSecurityCountReply(body: Uint8Array): number {
  const r = new ByteReader(body, "0x044e reply");
  const n = r.u16();
  r.expectEnd();
  return n;
}

export interface SecurityListRequest {
  readonly market: MarketId;
  readonly start: number;
}

export function encodeSecurityListRequest(r: SecurityListRequest): Uint8Array {
  return new ByteWriter(4).u16(r.market).u16(r.start).finish();
}

export function decodeSecurityListRequest(payload: Uint8Array): SecurityListRequest {
  const r = new ByteReader(payload, "0x0450 request");
  const market = r.u16();
  const start = r.u16();
  r.expectEnd();
  return { market, start };
}

export function encodeSecurityListReply(list: readonly SecurityInfo[]): Uint8Array {
  // Stryker disable next-line ArithmeticOperator: the capacity is a first guess, the writer grows (to at least 16 bytes) as needed
  const w = new ByteWriter(2 + list.length * RECORD_SIZE);
  w.u16(list.length);
  for (const s of list) {
    w.ascii(s.code, 6).u16(s.volUnit).gbk(s.name, 8).u32(s.reserved1).u8(s.decimals).f32(s.preClose).u32(s.reserved2);
  }
  return w.finish();
}

export function decodeSecurityListReply(body: Uint8Array): SecurityInfo[] {
  const r = new ByteReader(body, "0x0450 reply");
  const n = r.u16();
  r.need(n * RECORD_SIZE);
  // Stryker disable next-line ArrayDeclaration: only preallocates; every index 0..n-1 is then written in order
  const out: SecurityInfo[] = new Array(n);
  for (let i = 0; i < n; i++) {
    const code = r.ascii(6);
    const volUnit = r.u16();
    const name = r.gbk(8);
    const reserved1 = r.u32();
    const decimals = r.u8();
    const preClose = r.f32();
    const reserved2 = r.u32();
    out[i] = { code, volUnit, name, decimals, preClose, reserved1, reserved2 };
  }
  r.expectEnd();
  return out;
}
