import { appendFileSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import type { ResponseFrame } from "../tdx/tdx-frame.ts";
import { CAPTURE_FILE, toHex } from "./capture-format.ts";

/**
 * `TDX_RECORD=DIR`: writes every exchange of this session to
 * `DIR/<session>/exchanges.jsonl` (see capture-format.ts). Lines are appended
 * synchronously so a crash loses nothing already answered.
 */
export function captureRecorder(dir: string, session: string): (cmd: number, payload: Uint8Array, reply: ResponseFrame) => void {
  const folder = join(dir, session);
  mkdirSync(folder, { recursive: true });
  const file = join(folder, CAPTURE_FILE);
  return (cmd, payload, reply) => {
    appendFileSync(file, `${JSON.stringify({ cmd, request: toHex(payload), response: toHex(reply.body) })}\n`);
  };
}
