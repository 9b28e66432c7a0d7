/**
 * Request and response frames of the standard protocol (design doc section 3), for
 * both ends: the client builds requests and opens replies, the simulator opens
 * requests and builds replies.
 *
 * Request: 12-byte header (head 0x0c, u32 sequence, control byte, u16 length twice,
 * u16 command) + payload, where length = 2 + payload length. Requests are never
 * compressed.
 *
 * Response: 16-byte header (magic b1 cb 74 00, flag, u32 sequence echo, one unknown
 * byte, u16 command echo, u16 zipsize, u16 unzipsize) + zipsize body bytes. Every
 * client reads "sizes differ ⇒ zlib stream (RFC 1950) that inflates to unzipsize";
 * the flag agrees in every capture (0x1c compressed, 0x0c plain). So a body is only
 * ever compressed when that makes it strictly smaller, else the sizes would collide.
 */
import { constants, deflateSync, inflateSync } from "node:zlib";
import { TdxDecodeError, TdxFrameError } from "./tdx-errors.ts";
import { commandName } from "./tdx-commands.ts";

export const REQUEST_HEADER_SIZE = 12;
export const RESPONSE_HEADER_SIZE = 16;
/** The response magic as a little-endian u32 (`b1 cb 74 00` on the wire). */
export const RESPONSE_MAGIC = 0x0074cbb1;
/** First byte of every standard-protocol request. */
export const REQUEST_HEAD = 0x0c;
export const FLAG_PLAIN = 0x0c;
export const FLAG_ZLIB = 0x1c;
/** Bodies are paged by the protocol because both size fields are u16. */
export const MAX_BODY = 0xffff;
/**
 * Bodies shorter than this are sent plain by default: the recorded servers send
 * replies of 105 to 175 bytes plain (bars, quotes, finance) and compress from 189
 * bytes on (tests/adapters/tdx/tdx-frame.test.ts lists the captures), and
 * deflating a small reply costs the simulator more than it saves the wire.
 */
export const PLAIN_BELOW = 180;

export interface RequestHeader {
  /** 0x0c on the standard server. */
  readonly head: number;
  /** Copied into the reply; any value works, so clients count up to match replies. */
  readonly seq: number;
  /** pytdx sends 0x01 mostly, 0x02 for quotes, 0x00 for report files; no observed effect. */
  readonly control: number;
  readonly cmd: number;
  /** Payload length (the wire field holds this + 2). */
  readonly payloadLength: number;
}

export interface RequestFrame {
  readonly header: RequestHeader;
  readonly payload: Uint8Array;
}

export interface ResponseHeader {
  /** 0x1c when the body is zlib-compressed, 0x0c when plain. */
  readonly flag: number;
  readonly seq: number;
  /** Byte 9: usually 0 (0x6f and 0xb6 seen in old captures); meaning unknown. */
  readonly unknown: number;
  readonly cmd: number;
  readonly zipSize: number;
  readonly unzipSize: number;
}

export interface ResponseFrame {
  readonly header: ResponseHeader;
  /** The body after inflation. */
  readonly body: Uint8Array;
}

export interface RequestOptions {
  readonly seq?: number;
  readonly control?: number;
  readonly head?: number;
}

/** A whole request frame: header + payload. */
export function encodeRequest(cmd: number, payload: Uint8Array, opts: RequestOptions = {}): Uint8Array {
  const length = payload.length + 2;
  if (length > MAX_BODY) throw new RangeError(`${commandName(cmd)} payload of ${payload.length} bytes is too long`);
  const out = new Uint8Array(REQUEST_HEADER_SIZE + payload.length);
  const v = new DataView(out.buffer);
  out[0] = opts.head ?? REQUEST_HEAD;
  v.setUint32(1, opts.seq ?? 0, true);
  out[5] = opts.control ?? 0x01;
  v.setUint16(6, length, true);
  v.setUint16(8, length, true);
  v.setUint16(10, cmd, true);
  out.set(payload, REQUEST_HEADER_SIZE);
  return out;
}

/**
 * Reads the 12-byte request header at `offset`; throws {@link TdxFrameError} when
 * the two length fields disagree or are below 2 (no valid request looks like that).
 */
export function parseRequestHeader(bytes: Uint8Array, offset = 0): RequestHeader {
  if (bytes.length - offset < REQUEST_HEADER_SIZE) {
    throw new TdxFrameError(`request header needs ${REQUEST_HEADER_SIZE} bytes, got ${bytes.length - offset}`);
  }
  const v = new DataView(bytes.buffer, bytes.byteOffset + offset, REQUEST_HEADER_SIZE);
  const len1 = v.getUint16(6, true);
  const len2 = v.getUint16(8, true);
  if (len1 !== len2 || len1 < 2) {
    throw new TdxFrameError(`corrupt request header: length fields ${len1} and ${len2} (must be equal and ≥ 2)`);
  }
  return {
    head: bytes[offset]!,
    seq: v.getUint32(1, true),
    control: bytes[offset + 5]!,
    cmd: v.getUint16(10, true),
    payloadLength: len1 - 2,
  };
}

/** Opens one complete request frame (exactly header + payload). */
export function decodeRequest(frame: Uint8Array): RequestFrame {
  const header = parseRequestHeader(frame);
  const want = REQUEST_HEADER_SIZE + header.payloadLength;
  if (frame.length !== want) {
    throw new TdxFrameError(`${commandName(header.cmd)} request frame is ${frame.length} bytes, header says ${want}`);
  }
  return { header, payload: frame.subarray(REQUEST_HEADER_SIZE) };
}

export interface ResponseOptions {
  /** Deflate the body: `true`, `false`, or (default) from {@link PLAIN_BELOW} bytes on, when that makes it strictly smaller. */
  readonly compress?: boolean;
  /** Value of the unknown header byte 9; 0 by default. */
  readonly unknown?: number;
}

/** A whole response frame for `body` (the simulator's side). */
export function encodeResponse(cmd: number, seq: number, body: Uint8Array, opts: ResponseOptions = {}): Uint8Array {
  if (body.length > MAX_BODY) {
    throw new RangeError(`${commandName(cmd)} reply body of ${body.length} bytes exceeds ${MAX_BODY}; page it`);
  }
  let wire = body;
  if (body.length > 0 && (opts.compress === true || (opts.compress === undefined && body.length >= PLAIN_BELOW))) {
    // the fastest level: any level inflates the same, and the simulator's CPU stands in for a remote host's
    const deflated = deflateSync(body, { level: constants.Z_BEST_SPEED });
    if (deflated.length < body.length) wire = deflated;
    else if (opts.compress === true) {
      throw new RangeError(`${commandName(cmd)} body does not shrink when deflated; send it plain`);
    }
  }
  const out = new Uint8Array(RESPONSE_HEADER_SIZE + wire.length);
  const v = new DataView(out.buffer);
  v.setUint32(0, RESPONSE_MAGIC, true);
  out[4] = wire === body ? FLAG_PLAIN : FLAG_ZLIB;
  v.setUint32(5, seq, true);
  out[9] = opts.unknown ?? 0;
  v.setUint16(10, cmd, true);
  v.setUint16(12, wire.length, true);
  v.setUint16(14, body.length, true);
  out.set(wire, RESPONSE_HEADER_SIZE);
  return out;
}

/**
 * Reads the 16-byte response header at `offset`; throws {@link TdxFrameError} on a
 * wrong magic or when zipsize exceeds unzipsize (a body is compressed only if it shrinks).
 */
export function parseResponseHeader(bytes: Uint8Array, offset = 0): ResponseHeader {
  if (bytes.length - offset < RESPONSE_HEADER_SIZE) {
    throw new TdxFrameError(`response header needs ${RESPONSE_HEADER_SIZE} bytes, got ${bytes.length - offset}`);
  }
  const v = new DataView(bytes.buffer, bytes.byteOffset + offset, RESPONSE_HEADER_SIZE);
  const magic = v.getUint32(0, true);
  if (magic !== RESPONSE_MAGIC) {
    const hex = Array.from(bytes.subarray(offset, offset + 4), (b) => b.toString(16).padStart(2, "0")).join(" ");
    throw new TdxFrameError(`corrupt response header: magic ${hex}, expected b1 cb 74 00`);
  }
  const header: ResponseHeader = {
    flag: bytes[offset + 4]!,
    seq: v.getUint32(5, true),
    unknown: bytes[offset + 9]!,
    cmd: v.getUint16(10, true),
    zipSize: v.getUint16(12, true),
    unzipSize: v.getUint16(14, true),
  };
  if (header.zipSize > header.unzipSize) {
    throw new TdxFrameError(`corrupt ${commandName(header.cmd)} response header: zipsize ${header.zipSize} > unzipsize ${header.unzipSize}`);
  }
  return header;
}

/**
 * The body of a reply as sent on the wire, inflated when compressed. `wire` is exactly `zipSize`
 * bytes: both callers (decodeResponse, the splitter) cut it by that field.
 */
export function inflateBody(header: ResponseHeader, wire: Uint8Array): Uint8Array {
  if (header.zipSize === header.unzipSize) return wire;
  let body: Uint8Array;
  try {
    // One output buffer of the announced size (+1, so that a longer stream is seen): the default 16 KiB
    // chunks and their concatenation were most of the ArrayBuffer bytes a reply cost after the response's JSON.
    // Stryker disable next-line ObjectLiteral,ArithmeticOperator: the chunk size only sizes inflateSync's buffers, which it joins; the body is the same
    body = inflateSync(wire, { chunkSize: Math.max(64, header.unzipSize + 1) });
  } catch (e) {
    throw new TdxFrameError(`${commandName(header.cmd)} body is not a valid zlib stream: ${(e as Error).message}`);
  }
  if (body.length !== header.unzipSize) {
    throw new TdxFrameError(`${commandName(header.cmd)} body inflated to ${body.length} bytes, header says ${header.unzipSize}`);
  }
  return new Uint8Array(body.buffer, body.byteOffset, body.length);
}

/** Opens one complete response frame (exactly header + zipsize bytes). */
export function decodeResponse(frame: Uint8Array): ResponseFrame {
  const header = parseResponseHeader(frame);
  const want = RESPONSE_HEADER_SIZE + header.zipSize;
  if (frame.length !== want) {
    throw new TdxFrameError(`${commandName(header.cmd)} response frame is ${frame.length} bytes, header says ${want}`);
  }
  return { header, body: inflateBody(header, frame.subarray(RESPONSE_HEADER_SIZE)) };
}

/** Throws a {@link TdxDecodeError} unless a reply answers the expected command. */
export function expectCommand(header: ResponseHeader | RequestHeader, cmd: number): void {
  if (header.cmd !== cmd) {
    throw new TdxDecodeError(`expected ${commandName(cmd)}, got ${commandName(header.cmd)}`);
  }
}
