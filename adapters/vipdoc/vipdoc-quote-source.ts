/**
 * `QUOTE_SOURCE=vipdoc`: a local TDX directory as a {@link QuoteSource}, read
 * directly (no protocol round trip), so every stored value is served exactly: u32
 * volumes and float32 amounts as the files keep them, every category the files
 * allow, indices included (see {@link VipdocTree}). What offline files do not hold
 * answers as a server without that data does: ex-rights as unavailable (so `adjust`
 * is reported as not applied), no ticks, auction, finance, F10 text or server files.
 * Limits are the protocol's (≤ 800 bars and ≤ 80 quotes a call), so callers page the
 * same way against every source.
 */
import { MAX_BARS_PER_REQUEST } from "../tdx/tdx-codec-bars.ts";
import { MAX_QUOTES_PER_REQUEST } from "../tdx/tdx-codec-quotes.ts";
import { SECURITY_LIST_PAGE } from "../tdx/tdx-codec-security.ts";
import { TdxUnavailableError } from "../tdx/tdx-transport.ts";
import type { BarSeries } from "../../core/bars/index.ts";
import {
  type AuctionSeries,
  type CompanyInfoEntry,
  emptyAuction,
  emptyTicks,
  type FinanceInfo,
  type IndexBarSeries,
  type MarketId,
  type MinuteSeries,
  type Quote,
  type SecurityInfo,
  type SecurityRef,
  type ServerFileMeta,
  type TickSeries,
  type XdxrEntry,
} from "../../core/quotes/index.ts";
import type { Clock } from "../../ports/clock.ts";
import type { DayMinutes, DayTicks, QuoteSource } from "../../ports/quote-source.ts";
import type { VipdocTree } from "./vipdoc-tree.ts";

const NO_FILE: ServerFileMeta = { size: 0, hash: "", unknown1: 0, unknown2: 0 };

export class VipdocQuoteSource implements QuoteSource {
  constructor(
    readonly tree: VipdocTree,
    private readonly clock: Clock,
  ) {}

  async securityCount(market: MarketId): Promise<number> {
    return this.tree.securities(market).length;
  }

  async securityList(market: MarketId, start: number): Promise<SecurityInfo[]> {
    return this.tree.securities(market).slice(start, start + SECURITY_LIST_PAGE);
  }

  async quotes(refs: readonly SecurityRef[]): Promise<Quote[]> {
    if (refs.length > MAX_QUOTES_PER_REQUEST) throw new RangeError(`at most ${MAX_QUOTES_PER_REQUEST} securities per quotes call`);
    const now = this.clock.now();
    return refs.flatMap((r) => this.tree.quote(r, now) ?? []);
  }

  async bars(ref: SecurityRef, category: number, start: number, count: number): Promise<BarSeries> {
    if (count > MAX_BARS_PER_REQUEST) throw new RangeError(`at most ${MAX_BARS_PER_REQUEST} bars per call`);
    return this.tree.bars(ref, category, start, count);
  }

  async indexBars(ref: SecurityRef, category: number, start: number, count: number): Promise<IndexBarSeries> {
    if (count > MAX_BARS_PER_REQUEST) throw new RangeError(`at most ${MAX_BARS_PER_REQUEST} bars per call`);
    return this.tree.indexBars(ref, category, start, count);
  }

  async minute(ref: SecurityRef): Promise<MinuteSeries> {
    return this.tree.minute(ref);
  }

  async historyMinute(ref: SecurityRef, date: number): Promise<DayMinutes> {
    return this.tree.historyMinute(ref, date);
  }

  async transactions(): Promise<TickSeries> {
    return emptyTicks();
  }

  async historyTransactions(): Promise<DayTicks> {
    return { preClose: 0, ticks: emptyTicks() };
  }

  async auction(): Promise<AuctionSeries> {
    return emptyAuction();
  }

  async xdxr(_ref: SecurityRef): Promise<XdxrEntry[]> {
    throw new TdxUnavailableError("a vipdoc directory has no ex-rights (xdxr) data", []);
  }

  async finance(): Promise<FinanceInfo | undefined> {
    return undefined;
  }

  async companyCategory(): Promise<CompanyInfoEntry[]> {
    return [];
  }

  async companyContent(): Promise<string> {
    return "";
  }

  async fileMeta(): Promise<ServerFileMeta> {
    return NO_FILE;
  }

  async fileChunk(): Promise<Uint8Array> {
    return new Uint8Array(0);
  }
}
