/**
 * Market monitor (异动), 0x1237, both directions (3.8). Request: u16 market, u16
 * start, u16 0, u16 count (≤ 600), u16 0, u16 mode 1, then five u16 thresholds
 * 200, 30, 40, 50, 200 (meaning unknown; every client sends them). Reply: u16 n,
 * n 32-byte records — u16 market @0, 6-byte code @2, u8 type @9, u16 index @11,
 * 13-byte payload @15, u8 hour @29, u16 minute × 100 + second @30 — then the
 * stock names, GBK, comma-separated, in record order.
 */
import type { MacUnusualEvent } from "../../../core/quotes/index.ts";
import { ByteReader, ByteWriter } from "../tdx-bytes.ts";
import { decodeGbkText, encodeGbk } from "../tdx-gbk.ts";

export const MAC_UNUSUAL_MAX = 600;
const RECORD = 32;
const THRESHOLDS = [200, 30, 40, 50, 200];

export interface UnusualRequest {
  readonly market: number;
  readonly start: number;
  readonly count: number;
}

export function encodeUnusualRequest(q: UnusualRequest): Uint8Array {
  const w = new ByteWriter(22).u16(q.market).u16(q.start).u16(0).u16(q.count).u16(0).u16(1);
  for (const t of THRESHOLDS) w.u16(t);
  return w.finish();
}

export function decodeUnusualRequest(payload: Uint8Array): UnusualRequest {
  const r = new ByteReader(payload, "0x1237 request");
  const market = r.u16();
  const start = r.u16();
  r.skip(2);
  const count = r.u16();
  r.skip(14);
  r.expectEnd();
  return { market, start, count };
}

export function decodeUnusualReply(body: Uint8Array): MacUnusualEvent[] {
  const r = new ByteReader(body, "0x1237 reply");
  const n = r.u16();
  r.need(n * RECORD);
  const out: { market: number; code: string; type: number; index: number; payload: Uint8Array; hour: number; minuteSecond: number }[] = [];
  for (let i = 0; i < n; i++) {
    const at = r.pos;
    const market = r.u16();
    const code = r.ascii(6);
    r.pos = at + 9;
    const type = r.u8();
    r.pos = at + 11;
    const index = r.u16();
    r.pos = at + 15;
    const payload = r.take(13).slice();
    r.pos = at + 29;
    const hour = r.u8();
    const minuteSecond = r.u16();
    out.push({ market, code, type, index, payload, hour, minuteSecond });
  }
  const names = decodeGbkText(r.take(r.remaining)).replace(/\0+$/, "").replace(/^,|,$/g, "").split(",");
  return out.map((e, i) => ({ ...e, name: names[i] ?? "" }));
}

export function encodeUnusualReply(events: readonly MacUnusualEvent[]): Uint8Array {
  const w = new ByteWriter(2 + events.length * RECORD);
  w.u16(events.length);
  for (const e of events) {
    w.u16(e.market).ascii(e.code, 6).u8(0).u8(e.type).u8(0).u16(e.index).u16(0);
    w.bytes(e.payload.subarray(0, 13))
      .zeros(13 - Math.min(13, e.payload.length))
      .u8(0)
      .u8(e.hour)
      .u16(e.minuteSecond);
  }
  w.bytes(encodeGbk(events.map((e) => e.name).join(",")));
  return w.finish();
}
