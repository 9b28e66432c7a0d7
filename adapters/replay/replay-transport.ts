import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { commandName } from "../tdx/tdx-commands.ts";
import type { ResponseFrame } from "../tdx/tdx-frame.ts";
import { type TdxTransport, TdxUnavailableError } from "../tdx/tdx-transport.ts";
import { CAPTURE_FILE, type CapturedExchange, exchangeKey, toHex } from "./capture-format.ts";

function captureFiles(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const p = join(dir, name);
      if (statSync(p).isDirectory()) return captureFiles(p);
      return name === CAPTURE_FILE ? [p] : [];
    });
}

/**
 * `QUOTE_SOURCE=replay`: answers requests from recorded exchanges (every
 * capture under `dir`; a later recording of the same request wins). A request
 * that was never recorded fails as an unavailable upstream (503).
 */
export class ReplayTransport implements TdxTransport {
  readonly #replies = new Map<string, Uint8Array>();

  constructor(readonly dir: string) {
    for (const file of captureFiles(dir)) {
      for (const line of readFileSync(file, "utf8").split("\n")) {
        if (!line.trim()) continue;
        const x = JSON.parse(line) as CapturedExchange;
        this.#replies.set(exchangeKey(x.cmd, x.request), Uint8Array.from(Buffer.from(x.response, "hex")));
      }
    }
  }

  get size(): number {
    return this.#replies.size;
  }

  async request(cmd: number, payload: Uint8Array): Promise<ResponseFrame> {
    const body = this.#replies.get(exchangeKey(cmd, toHex(payload)));
    if (!body) throw new TdxUnavailableError(`no recorded reply for this ${commandName(cmd)} request in the REPLAY_DIR capture`, []);
    return {
      header: { flag: 0x0c, seq: 0, unknown: 0, cmd, zipSize: body.length, unzipSize: body.length },
      body,
    };
  }

  async close(): Promise<void> {}
}
