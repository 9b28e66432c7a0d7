/**
 * Ex-rights / capital events (xdxr), command 0x000f, both directions (design doc 5.9).
 *
 * Request payload: u16 1 (securities), u8 market, 6-byte code.
 * Reply body: u16 1, u8 market, 6-byte code, u16 n, then n 29-byte records:
 * u8 market, 6-byte code, 1 unused byte, u32 YYYYMMDD, u8 category, four float32
 * values whose meaning depends on the category (see `XdxrRecord`). All four are
 * plain float32 (eltdx, injoyai); pytdx's approximate float routine breaks small
 * values and it takes every record's market/code from the body's start instead of
 * the record's own bytes, which is what this decoder reads.
 */
import { ByteReader, ByteWriter } from "./tdx-bytes.ts";
import { decodeSingleSecurity, encodeSingleSecurity } from "./tdx-single-security.ts";
import type { MarketId, SecurityRef, XdxrEntry } from "../../core/quotes/index.ts";

const RECORD_SIZE = 29;

export function encodeXdxrRequest(r: SecurityRef): Uint8Array {
  return encodeSingleSecurity(r);
}

export function decodeXdxrRequest(payload: Uint8Array): SecurityRef {
  return decodeSingleSecurity(payload, "0x000f request");
}

export interface XdxrReply {
  readonly market: MarketId;
  readonly code: string;
  readonly records: readonly XdxrEntry[];
}

export function decodeXdxrReply(body: Uint8Array): XdxrReply {
  const r = new ByteReader(body, "0x000f reply");
  r.skip(2);
  const market = r.u8();
  const code = r.ascii(6);
  const n = r.u16();
  r.need(n * RECORD_SIZE);
  const records: XdxrEntry[] = new Array(n);
  for (let i = 0; i < n; i++) {
    const m = r.u8();
    const c = r.ascii(6);
    r.skip(1);
    const date = r.u32();
    const category = r.u8();
    records[i] = { market: m, code: c, date, category, c1: r.f32(), c2: r.f32(), c3: r.f32(), c4: r.f32() };
  }
  r.expectEnd();
  return { market, code, records };
}

/** Reply body (the simulator's side); values are rounded to float32. */
export function encodeXdxrReply(reply: XdxrReply): Uint8Array {
  const w = new ByteWriter(11 + reply.records.length * RECORD_SIZE);
  w.u16(1).u8(reply.market).ascii(reply.code, 6).u16(reply.records.length);
  for (const x of reply.records) {
    w.u8(x.market).ascii(x.code, 6).u8(0).u32(x.date).u8(x.category);
    w.f32(x.c1).f32(x.c2).f32(x.c3).f32(x.c4);
  }
  return w.finish();
}
