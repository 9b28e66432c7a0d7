/**
 * Server files (block_*.dat, tdxzs3.cfg, tdxhy.cfg) kept between requests. They
 * change at most daily, so a copy is trusted for a few minutes, then re-validated
 * with the meta command (size and hash) and downloaded again only when it changed.
 * A file the server does not publish is an outage of that server, like missing xdxr.
 */
import type { Clock } from "../../../ports/clock.ts";
import type { ServerFileMeta } from "../../../core/quotes/index.ts";
import { downloadChunks, type FileSource } from "./server-file.ts";
import { TdxUnavailableError } from "../tdx-transport.ts";

const TRUST_MS = 5 * 60_000;

interface Held {
  readonly meta: ServerFileMeta;
  readonly data: Uint8Array;
  checkedAt: number;
}

export class ServerFileCache {
  readonly #src: FileSource;
  readonly #clock: Clock;
  readonly #held = new Map<string, Held>();
  readonly #pending = new Map<string, Promise<Uint8Array>>();

  constructor(src: FileSource, clock: Clock) {
    this.#src = src;
    this.#clock = clock;
  }

  get(name: string): Promise<Uint8Array> {
    const held = this.#held.get(name);
    if (held && this.#clock.now() - held.checkedAt < TRUST_MS) return Promise.resolve(held.data);
    let p = this.#pending.get(name);
    if (!p) {
      p = this.#fetch(name, held).finally(() => this.#pending.delete(name));
      this.#pending.set(name, p);
    }
    return p;
  }

  async #fetch(name: string, held: Held | undefined): Promise<Uint8Array> {
    const meta = await this.#src.fileMeta(name);
    if (meta.size === 0) throw new TdxUnavailableError(`the quote server does not publish ${name}`, []);
    const same = held && held.meta.size === meta.size && held.meta.hash === meta.hash;
    const data = same ? held.data : await downloadChunks(this.#src, name, meta.size);
    this.#held.set(name, { meta, data, checkedAt: this.#clock.now() });
    return data;
  }
}
