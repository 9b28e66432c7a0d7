/**
 * Symbol summary, 0x122a (3.5), and server session info, 0x120f (3.6), both directions.
 *
 * 0x122a request: u16 market, 22-byte code, u32 1, 12 zero bytes. Reply (194
 * bytes): 8 zero bytes; u16 market @8, code @10, 44-byte name @32; u32 date @96,
 * u32 HHMMSS @100, u32 activity @104, f32 pre-close, open, high, low, close,
 * momentum @108..131, u32 volume @132, f32 amount @136, u32 inside @140, u32
 * outside @144, u16 decimals @148, 28 unknown bytes, f32 volume ratio @182, f32
 * turnover % @186, f32 average price @190.
 *
 * 0x120f request: a fixed 68-byte body. Reply (87 bytes): u16 count, 8 flag bytes,
 * a 3-byte tag, 9 skipped, u32 today @22, u32 timestamp @26, 8 × u16 session
 * minutes @30, 8 more @46, u8 flag @62, u32 last trading day @63, u32 @67, u32
 * previous trading day @71, u32 @75, two u32 market parameters @79 (gotdx's
 * reading; easy_tdx reads the parameters at @71 — the layout is unverified live).
 */
import type { MacServerInfo, MacSymbolInfo, SecurityRef } from "../../../core/quotes/index.ts";
import { ByteReader, ByteWriter } from "../tdx-bytes.ts";

export function encodeSymbolInfoRequest(ref: SecurityRef): Uint8Array {
  return new ByteWriter(40).u16(ref.market).ascii(ref.code, 22).u32(1).zeros(12).finish();
}

export function decodeSymbolInfoRequest(payload: Uint8Array): SecurityRef {
  const r = new ByteReader(payload, "0x122a request");
  const market = r.u16();
  const code = r.ascii(22);
  r.skip(16);
  r.expectEnd();
  return { market, code };
}

export function decodeSymbolInfoReply(body: Uint8Array): MacSymbolInfo {
  const r = new ByteReader(body, "0x122a reply");
  r.need(194);
  r.pos = 8;
  const market = r.u16();
  const code = r.gbk(22);
  const name = r.gbk(44);
  r.pos = 96;
  const date = r.u32();
  const time = r.u32();
  const activity = r.u32();
  const [preClose, open, high, low, close, momentum] = [r.f32(), r.f32(), r.f32(), r.f32(), r.f32(), r.f32()];
  const vol = r.u32();
  const amount = r.f32();
  const insideVolume = r.u32();
  const outsideVolume = r.u32();
  const decimals = r.u16();
  r.pos = 182;
  const [volRatio, turnover, avgPrice] = [r.f32(), r.f32(), r.f32()];
  return { market, code, name, date, time, activity, preClose, open, high, low, close, momentum, vol, amount, insideVolume, outsideVolume, decimals, volRatio, turnover, avgPrice };
}

export function encodeSymbolInfoReply(s: MacSymbolInfo): Uint8Array {
  const w = new ByteWriter(194);
  w.zeros(8).u16(s.market).gbk(s.code, 22).gbk(s.name, 44).zeros(20);
  w.u32(s.date).u32(s.time).u32(s.activity);
  for (const v of [s.preClose, s.open, s.high, s.low, s.close, s.momentum]) w.f32(v);
  w.u32(s.vol).f32(s.amount).u32(s.insideVolume).u32(s.outsideVolume).u16(s.decimals).zeros(32);
  w.f32(s.volRatio).f32(s.turnover).f32(s.avgPrice);
  return w.finish();
}

/** The fixed 0x120f request body: bytes 0..3 `04 00 2d 31`, 12..15 `00 27 06 0e`, the rest zero. */
export const SERVER_INFO_REQUEST: Uint8Array = (() => {
  const b = new Uint8Array(68);
  b.set([0x04, 0x00, 0x2d, 0x31], 0);
  b.set([0x00, 0x27, 0x06, 0x0e], 12);
  return b;
})();

export function decodeServerInfoReply(body: Uint8Array): MacServerInfo {
  const r = new ByteReader(body, "0x120f reply");
  r.need(87);
  r.pos = 22;
  const today = r.u32();
  const timestamp = r.u32();
  const sessions1 = Array.from({ length: 8 }, () => r.u16());
  const sessions2 = Array.from({ length: 8 }, () => r.u16());
  const flag = r.u8();
  const lastTradingDay = r.u32();
  r.skip(4);
  const previousTradingDay = r.u32();
  r.skip(4);
  return { today, timestamp, sessions1, sessions2, flag, lastTradingDay, previousTradingDay, param1: r.u32(), param2: r.u32() };
}

export function encodeServerInfoReply(s: MacServerInfo): Uint8Array {
  const w = new ByteWriter(87);
  w.u16(1).zeros(8).ascii("-1", 3).zeros(9).u32(s.today).u32(s.timestamp);
  for (const m of [...s.sessions1, ...s.sessions2]) w.u16(m);
  w.u8(s.flag).u32(s.lastTradingDay).u32(0).u32(s.previousTradingDay).u32(0).u32(s.param1).u32(s.param2);
  return w.finish();
}
