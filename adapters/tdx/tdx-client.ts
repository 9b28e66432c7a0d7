/**
 * The TDX standard-protocol client: a {@link QuoteSource} over any transport (the
 * TCP pool, or a replay of recorded exchanges). Requests are encoded and replies
 * decoded with the shared codecs; large asks are paged the way the protocol needs.
 */
import type { BarSeries } from "../../core/bars/index.ts";
import type { DayMinutes, DayTicks, QuoteSource } from "../../ports/quote-source.ts";
import { decodeAuctionReply, encodeAuctionRequest, DEFAULT_AUCTION_COUNT } from "./tdx-codec-auction.ts";
import { decodeBarsReply, encodeBarsRequest, isBarCategoryId, MAX_BARS_PER_REQUEST } from "./tdx-codec-bars.ts";
import { decodeCompanyCategoryReply, decodeCompanyContentReply, encodeCompanyCategoryRequest, encodeCompanyContentRequest } from "./tdx-codec-company.ts";
import { decodeFileChunkReply, decodeFileMetaReply, encodeFileChunkRequest, encodeFileMetaRequest } from "./tdx-codec-files.ts";
import { decodeFinanceReply, encodeFinanceRequest } from "./tdx-codec-finance.ts";
import { decodeHistoryMinuteReply, decodeMinuteReply, encodeHistoryMinuteRequest, encodeMinuteRequest } from "./tdx-codec-minute.ts";
import { decodeQuotesReply, encodeQuotesRequest, MAX_QUOTES_PER_REQUEST } from "./tdx-codec-quotes.ts";
import { decodeSecurityCountReply, decodeSecurityListReply, encodeSecurityCountRequest, encodeSecurityListRequest } from "./tdx-codec-security.ts";
import { decodeHistoryTransactionsReply, decodeTransactionsReply, encodeHistoryTransactionsRequest, encodeTransactionsRequest } from "./tdx-codec-transactions.ts";
import { decodeXdxrReply, encodeXdxrRequest } from "./tdx-codec-xdxr.ts";
import { TdxCommand } from "./tdx-commands.ts";
import { fallbackPriceDecimals } from "./tdx-price-decimals.ts";
import { type TdxTransport, TdxUnavailableError } from "./tdx-transport.ts";
import type {
  AuctionSeries,
  CompanyInfoEntry,
  FinanceInfo,
  IndexBarSeries,
  MarketId,
  MinuteSeries,
  Quote,
  SecurityInfo,
  SecurityRef,
  ServerFileMeta,
  TickSeries,
  XdxrEntry,
} from "../../core/quotes/index.ts";

export class TdxClient implements QuoteSource {
  readonly #t: TdxTransport;
  /** Price decimals learnt from security-list pages (the authority), by market+code. */
  readonly #decimals = new Map<string, number>();

  constructor(transport: TdxTransport) {
    this.#t = transport;
  }

  get transport(): TdxTransport {
    return this.#t;
  }

  #dec = (market: MarketId, code: string): number => this.#decimals.get(`${market}:${code}`) ?? fallbackPriceDecimals(market, code);

  async #ask(cmd: number, payload: Uint8Array): Promise<Uint8Array> {
    return (await this.#t.request(cmd, payload)).body;
  }

  async securityCount(market: MarketId): Promise<number> {
    return decodeSecurityCountReply(await this.#ask(TdxCommand.SECURITY_COUNT, encodeSecurityCountRequest({ market })));
  }

  async securityList(market: MarketId, start: number): Promise<SecurityInfo[]> {
    const list = decodeSecurityListReply(await this.#ask(TdxCommand.SECURITY_LIST, encodeSecurityListRequest({ market, start })));
    for (const s of list) this.#decimals.set(`${market}:${s.code}`, s.decimals);
    return list;
  }

  async quotes(refs: readonly SecurityRef[]): Promise<Quote[]> {
    if (refs.length > MAX_QUOTES_PER_REQUEST) throw new RangeError(`at most ${MAX_QUOTES_PER_REQUEST} securities per quotes call`);
    if (refs.length === 0) return [];
    return [...decodeQuotesReply(await this.#ask(TdxCommand.QUOTES, encodeQuotesRequest(refs)), this.#dec).quotes];
  }

  async #bars(ref: SecurityRef, category: number, start: number, count: number, index: boolean) {
    if (count > MAX_BARS_PER_REQUEST) throw new RangeError(`at most ${MAX_BARS_PER_REQUEST} bars per call`);
    if (!isBarCategoryId(category)) throw new RangeError(`unknown bar category ${category}`);
    const body = await this.#ask(TdxCommand.BARS, encodeBarsRequest({ ...ref, category, start, count }));
    return decodeBarsReply(body, { category, index });
  }

  bars(ref: SecurityRef, category: number, start: number, count: number): Promise<BarSeries> {
    return this.#bars(ref, category, start, count, false);
  }

  indexBars(ref: SecurityRef, category: number, start: number, count: number): Promise<IndexBarSeries> {
    return this.#bars(ref, category, start, count, true) as Promise<IndexBarSeries>;
  }

  async minute(ref: SecurityRef): Promise<MinuteSeries> {
    return decodeMinuteReply(await this.#ask(TdxCommand.MINUTE, encodeMinuteRequest(ref)), { decimals: this.#dec(ref.market, ref.code) });
  }

  async historyMinute(ref: SecurityRef, date: number): Promise<DayMinutes> {
    const body = await this.#ask(TdxCommand.HISTORY_MINUTE, encodeHistoryMinuteRequest({ ...ref, date }));
    return decodeHistoryMinuteReply(body, { decimals: this.#dec(ref.market, ref.code) });
  }

  async transactions(ref: SecurityRef, start: number, count: number): Promise<TickSeries> {
    const body = await this.#ask(TdxCommand.TRANSACTIONS, encodeTransactionsRequest({ ...ref, start, count }));
    return decodeTransactionsReply(body, { decimals: this.#dec(ref.market, ref.code) });
  }

  async historyTransactions(ref: SecurityRef, date: number, start: number, count: number): Promise<DayTicks> {
    const body = await this.#ask(TdxCommand.HISTORY_TRANSACTIONS, encodeHistoryTransactionsRequest({ ...ref, date, start, count }));
    return decodeHistoryTransactionsReply(body, { decimals: this.#dec(ref.market, ref.code) });
  }

  async auction(ref: SecurityRef): Promise<AuctionSeries> {
    return decodeAuctionReply(await this.#ask(TdxCommand.CALL_AUCTION, encodeAuctionRequest({ ...ref, count: DEFAULT_AUCTION_COUNT })));
  }

  /** A server without ex-rights data answers with an empty body: that is an error, not "no events". */
  async xdxr(ref: SecurityRef): Promise<XdxrEntry[]> {
    const body = await this.#ask(TdxCommand.XDXR, encodeXdxrRequest(ref));
    if (body.length === 0) throw new TdxUnavailableError("the quote server has no ex-rights (xdxr) data", []);
    return [...decodeXdxrReply(body).records];
  }

  async finance(ref: SecurityRef): Promise<FinanceInfo | undefined> {
    const body = await this.#ask(TdxCommand.FINANCE, encodeFinanceRequest(ref));
    return body.length === 0 ? undefined : decodeFinanceReply(body);
  }

  async companyCategory(ref: SecurityRef): Promise<CompanyInfoEntry[]> {
    return decodeCompanyCategoryReply(await this.#ask(TdxCommand.COMPANY_CATEGORY, encodeCompanyCategoryRequest(ref)));
  }

  async companyContent(ref: SecurityRef, filename: string, start: number, length: number): Promise<string> {
    const body = await this.#ask(TdxCommand.COMPANY_CONTENT, encodeCompanyContentRequest({ ...ref, filename, start, length }));
    return decodeCompanyContentReply(body).text;
  }

  async fileMeta(name: string): Promise<ServerFileMeta> {
    return decodeFileMetaReply(await this.#ask(TdxCommand.FILE_META, encodeFileMetaRequest(name)));
  }

  async fileChunk(name: string, offset: number, size: number): Promise<Uint8Array> {
    return decodeFileChunkReply(await this.#ask(TdxCommand.FILE_CHUNK, encodeFileChunkRequest({ filename: name, offset, size })));
  }
}
