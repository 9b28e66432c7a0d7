/**
 * The extended-market client (port 7727) over any transport: its own pool on the
 * extended hosts (login 0x2454, requests starting 0x01, 0x23f0 as heartbeat —
 * see {@link EX_POOL_OPTIONS}), or the simulator's second listener. Trades are
 * paged backwards 1800 at a time, as the server wants, and returned oldest first.
 * An empty reply is how the server answers an instrument it does not know: every
 * per-instrument call returns undefined for it (the HTTP edge's 404), while a
 * reply that has bytes but cannot be read stays an unreadable reply (502).
 */
import type { ExBarSeries, ExMinuteSeries, ExQuote, ExRef, ExTradeSeries } from "../../../core/quotes/index.ts";
import type { PoolOptions } from "../tdx-pool.ts";
import type { TdxTransport } from "../tdx-transport.ts";
import { EX_HEAD, EX_LOGIN_BODY, ExCommand } from "./ex-commands.ts";
import {
  allocExTrades,
  decodeExBarsReply,
  decodeExMinuteReply,
  decodeExQuoteReply,
  decodeExTradesReply,
  encodeExBarsRequest,
  encodeExRefRequest,
  encodeExTradesRequest,
  EX_MAX_BARS,
  EX_MAX_TRADES,
} from "./ex-codec.ts";

/** How a pool talks to extended-market hosts. */
export const EX_POOL_OPTIONS: Pick<PoolOptions, "head" | "setup" | "heartbeat"> = {
  head: EX_HEAD,
  setup: [{ cmd: ExCommand.LOGIN, payload: EX_LOGIN_BODY }],
  heartbeat: { cmd: ExCommand.INSTRUMENT_COUNT, payload: new Uint8Array(0) },
};

export class ExClient {
  readonly #t: TdxTransport;

  constructor(transport: TdxTransport) {
    this.#t = transport;
  }

  async #ask(cmd: number, payload: Uint8Array): Promise<Uint8Array> {
    return (await this.#t.request(cmd, payload, { head: EX_HEAD })).body;
  }

  /** Undefined when the server does not know the instrument (empty reply). */
  async bars(ref: ExRef, category: number, start: number, count: number): Promise<ExBarSeries | undefined> {
    if (count > EX_MAX_BARS) throw new RangeError(`at most ${EX_MAX_BARS} bars per call`);
    const body = await this.#ask(ExCommand.BARS, encodeExBarsRequest({ ...ref, category, start, count }));
    return body.length === 0 ? undefined : decodeExBarsReply(body, category);
  }

  /** Undefined when the server does not know the instrument (empty reply). */
  async quote(ref: ExRef): Promise<ExQuote | undefined> {
    const body = await this.#ask(ExCommand.QUOTE, encodeExRefRequest(ref));
    return body.length === 0 ? undefined : decodeExQuoteReply(body);
  }

  /** Undefined when the server does not know the instrument (empty reply). */
  async minute(ref: ExRef): Promise<ExMinuteSeries | undefined> {
    const body = await this.#ask(ExCommand.MINUTE, encodeExRefRequest(ref));
    return body.length === 0 ? undefined : decodeExMinuteReply(body);
  }

  /**
   * `count` trades ending `start` back from the newest, oldest first (`date` YYYYMMDD for a past day);
   * undefined when the server does not know the instrument (an empty reply to the first page; a later
   * empty page ends the trades).
   */
  async trades(ref: ExRef, start: number, count: number, date?: number): Promise<ExTradeSeries | undefined> {
    const pages: ExTradeSeries[] = [];
    let got = 0;
    while (got < count) {
      const want = Math.min(EX_MAX_TRADES, count - got);
      const cmd = date === undefined ? ExCommand.TRANSACTIONS : ExCommand.HISTORY_TRANSACTIONS;
      const body = await this.#ask(cmd, encodeExTradesRequest({ ...ref, date, start: start + got, count: want }));
      if (body.length === 0) {
        if (pages.length === 0) return undefined;
        break;
      }
      const page = decodeExTradesReply(body);
      pages.unshift(page);
      got += page.length;
      if (page.length < want) break;
    }
    const out = allocExTrades(got);
    let at = 0;
    for (const p of pages) {
      for (const k of ["minute", "price", "volume", "zengcang", "nature"] as const) out[k].set(p[k], at);
      at += p.length;
    }
    return out;
  }
}
