/**
 * One real-time quote for every A-share (SH, SZ and, where the server lists
 * them, BJ): the security lists from the directory, then quotes in batches of 80
 * sent all at once, so the pool spreads them over its connections. Market-wide
 * views (`/market/stat`, ranked lists without the mac hosts) read it. A market
 * whose list the server cannot give (BJ on older hosts) is left out and named.
 */
import { classifySecurity, type Market } from "../../bars/index.ts";
import { type Quote, type SecurityInfo, MAX_QUOTES_PER_REQUEST } from "../../quotes/index.ts";
import type { QuoteSource } from "../../../ports/quote-source.ts";
import { marketId } from "../quotes/markets.ts";
import type { SecurityDirectory } from "../quotes/security-directory.ts";

export interface SnapshotEntry {
  readonly market: Market;
  readonly info: SecurityInfo;
  /** Undefined when the server listed the code but sent no quote for it. */
  readonly quote: Quote | undefined;
}

export interface Snapshot {
  readonly entries: readonly SnapshotEntry[];
  /** Markets included (BJ only when the server lists it). */
  readonly markets: readonly Market[];
}

/** A-shares: stocks on the main, STAR, ChiNext and Beijing boards (B shares excluded). */
export const isAShare = (m: Market, code: string): boolean => {
  const c = classifySecurity(m, code);
  return c.kind === "stock" && c.board !== "B_SHARE";
};

export class MarketSnapshot {
  readonly #src: QuoteSource;
  readonly #dir: SecurityDirectory;

  constructor(src: QuoteSource, dir: SecurityDirectory) {
    this.#src = src;
    this.#dir = dir;
  }

  /** Securities of `markets` that pass `keep`, each with its quote. */
  async take(keep: (m: Market, code: string) => boolean = isAShare, markets: readonly Market[] = ["SH", "SZ", "BJ"]): Promise<Snapshot> {
    const lists = await Promise.all(
      markets.map((m) =>
        this.#dir.list(m).then(
          (l) => ({ m, l }),
          (e) => {
            if (m === "BJ") return { m, l: undefined };
            throw e;
          },
        ),
      ),
    );
    const chosen: { market: Market; info: SecurityInfo }[] = [];
    for (const { m, l } of lists) if (l) for (const info of l.values()) if (keep(m, info.code)) chosen.push({ market: m, info });
    const quotes = await this.quotes(chosen.map((c) => ({ market: c.market, code: c.info.code })));
    return {
      entries: chosen.map((c, i) => ({ ...c, quote: quotes[i] })),
      markets: lists.filter((x) => x.l).map((x) => x.m),
    };
  }

  /** Quotes for any list of securities, in order (undefined where the server sent none). */
  async quotes(refs: readonly { market: Market; code: string }[]): Promise<(Quote | undefined)[]> {
    const batches: Promise<Quote[]>[] = [];
    for (let i = 0; i < refs.length; i += MAX_QUOTES_PER_REQUEST) {
      batches.push(this.#src.quotes(refs.slice(i, i + MAX_QUOTES_PER_REQUEST).map((r) => ({ market: marketId(r.market), code: r.code }))));
    }
    const byKey = new Map<string, Quote>();
    for (const batch of await Promise.all(batches)) for (const q of batch) byKey.set(`${q.market}:${q.code}`, q);
    return refs.map((r) => byKey.get(`${marketId(r.market)}:${r.code}`));
  }
}
