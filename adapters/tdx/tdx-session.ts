/**
 * Session upkeep commands (design doc 2 and 4): the setup exchange every client
 * sends after connecting, and the heartbeat.
 *
 * Setup: 0x000d with payload 01, 0x000d with payload 02, then 0x0fdb with a
 * constant 30-byte payload (opaque; it begins with GBK bytes of a broker name and
 * clients send it verbatim). injoyai sends only the first and works; the
 * financial-file host needs none. Heartbeat: 0x0004 with an empty payload.
 *
 * The 0x000d reply (189 bytes) is the only setup reply with known content: byte 0
 * zero, u16 year at 1, day at 3, month at 4, minute at 5, hour at 6, second at 8
 * (the server clock, Beijing time), eight u16 session minutes at 9 (570, 690, 780,
 * 900, ...) repeated at 25, u32 trading date at 42 and again at 50, the GBK server
 * name from 68. Everything else is unknown; the encoder leaves it zero.
 */
import { marketTime } from "../../core/bars/index.ts";
import { ByteReader, ByteWriter } from "./tdx-bytes.ts";

/** Payload of 0x0fdb, sent verbatim by pytdx and its descendants. */
export const SETUP_LOGIN_PAYLOAD: Uint8Array = Uint8Array.of(
  0xd5,
  0xd0,
  0xc9,
  0xcc,
  0xd6,
  0xa4,
  0xa8,
  0xaf,
  0x00,
  0x00,
  0x00,
  0x8f,
  0xc2,
  0x25,
  0x40,
  0x13,
  0x00,
  0x00,
  0xd5,
  0x00,
  0xc9,
  0xcc,
  0xbd,
  0xf0,
  0xd7,
  0xea,
  0x00,
  0x00,
  0x00,
  0x02,
);

/** Payload of the heartbeat 0x0004. */
export const HEARTBEAT_PAYLOAD: Uint8Array = new Uint8Array(0);

/** Payload of setup step 1 or 2 (command 0x000d). */
export function encodeSetupRequest(step: 1 | 2): Uint8Array {
  return Uint8Array.of(step);
}

export function decodeSetupRequest(payload: Uint8Array): 1 | 2 {
  const r = new ByteReader(payload, "0x000d request");
  const step = r.u8();
  r.expectEnd();
  if (step !== 1 && step !== 2) return r.fail(`unknown setup step ${step}`);
  return step;
}

/** What the 0x000d reply tells about the server. */
export interface ServerInfo {
  /** Server clock in market time (see `BarSeries.time`). */
  readonly clock: number;
  /** Eight minutes of day: session boundaries (09:30, 11:30, 13:00, 15:00, then 15:00 repeated). */
  readonly sessions: readonly number[];
  /** Current (or last) trading date, YYYYMMDD. */
  readonly tradingDate: number;
  readonly name: string;
}

const SETUP_REPLY_SIZE = 189;
const NAME_AT = 68;
const NAME_SIZE = 86;
const SESSIONS = 8;

export function decodeSetupReply(body: Uint8Array): ServerInfo {
  const r = new ByteReader(body, "0x000d reply");
  r.need(SETUP_REPLY_SIZE);
  r.skip(1);
  const year = r.u16();
  const day = r.u8();
  const month = r.u8();
  const minute = r.u8();
  const hour = r.u8();
  r.skip(1);
  const second = r.u8();
  const sessions: number[] = [];
  for (let i = 0; i < SESSIONS; i++) sessions.push(r.u16());
  r.pos = 42;
  const tradingDate = r.u32();
  r.pos = NAME_AT;
  const name = r.gbk(NAME_SIZE);
  return { clock: marketTime(year, month, day, hour, minute, second), sessions, tradingDate, name };
}

export function encodeSetupReply(info: ServerInfo): Uint8Array {
  const d = new Date(info.clock);
  const w = new ByteWriter(SETUP_REPLY_SIZE);
  w.u8(0)
    .u16(d.getUTCFullYear())
    .u8(d.getUTCDate())
    .u8(d.getUTCMonth() + 1);
  w.u8(d.getUTCMinutes()).u8(d.getUTCHours()).u8(0).u8(d.getUTCSeconds());
  for (let copy = 0; copy < 2; copy++) for (let i = 0; i < SESSIONS; i++) w.u16(info.sessions[i] ?? 0);
  w.u8(0)
    .u32(info.tradingDate)
    .u32(0)
    .u32(info.tradingDate)
    .zeros(NAME_AT - 54);
  w.gbk(info.name, NAME_SIZE);
  w.zeros(SETUP_REPLY_SIZE - w.length);
  return w.finish();
}
