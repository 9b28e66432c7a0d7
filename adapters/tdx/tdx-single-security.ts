/**
 * The request payload shared by xdxr (0x000f) and finance (0x0010): u16 count,
 * u8 market, 6-byte code. The count field suggests batching, but every client sends
 * 1 and the replies hold one security, so exactly 1 is accepted.
 */
import { ByteReader, ByteWriter } from "./tdx-bytes.ts";
import type { SecurityRef } from "../../core/quotes/index.ts";

export function encodeSingleSecurity(r: SecurityRef): Uint8Array {
  return new ByteWriter(9).u16(1).u8(r.market).ascii(r.code, 6).finish();
}

export function decodeSingleSecurity(payload: Uint8Array, what: string): SecurityRef {
  const r = new ByteReader(payload, what);
  const count = r.u16();
  if (count !== 1) r.fail(`asks for ${count} securities; the protocol takes exactly 1`);
  const market = r.u8();
  const code = r.ascii(6);
  r.expectEnd();
  return { market, code };
}
