/**
 * Request → reply for every standard-protocol command the simulator answers. A
 * request is decoded with the same codec the client encodes it with, the source
 * is asked, and the reply is encoded with the codec the client decodes it with.
 */
import { createHash } from "node:crypto";
import { yyyymmdd, dayStart } from "../../core/bars/index.ts";
import { decodeAuctionRequest, encodeAuctionReply } from "../../adapters/tdx/tdx-codec-auction.ts";
import { decodeBarsRequest, encodeBarsReply, MAX_BARS_PER_REQUEST } from "../../adapters/tdx/tdx-codec-bars.ts";
import { decodeCompanyCategoryRequest, decodeCompanyContentRequest, encodeCompanyCategoryReply, encodeCompanyContentReply } from "../../adapters/tdx/tdx-codec-company.ts";
import { decodeFileChunkRequest, decodeFileMetaRequest, encodeFileChunkReply, encodeFileMetaReply } from "../../adapters/tdx/tdx-codec-files.ts";
import { decodeFinanceRequest, encodeFinanceReply } from "../../adapters/tdx/tdx-codec-finance.ts";
import { decodeHistoryMinuteRequest, decodeMinuteRequest, encodeHistoryMinuteReply, encodeMinuteReply } from "../../adapters/tdx/tdx-codec-minute.ts";
import { decodeQuotesRequest, encodeQuotesReply } from "../../adapters/tdx/tdx-codec-quotes.ts";
import { decodeSecurityCountRequest, decodeSecurityListRequest, encodeSecurityCountReply, encodeSecurityListReply, SECURITY_LIST_PAGE } from "../../adapters/tdx/tdx-codec-security.ts";
import {
  decodeHistoryTransactionsRequest,
  decodeTransactionsRequest,
  encodeHistoryTransactionsReply,
  encodeTransactionsReply,
  MAX_TRANSACTIONS_PER_REQUEST,
} from "../../adapters/tdx/tdx-codec-transactions.ts";
import { decodeXdxrRequest, encodeXdxrReply } from "../../adapters/tdx/tdx-codec-xdxr.ts";
import { TdxCommand } from "../../adapters/tdx/tdx-commands.ts";
import { decodeGbk, encodeGbk } from "../../adapters/tdx/tdx-gbk.ts";
import { encodeSetupReply } from "../../adapters/tdx/tdx-session.ts";
import type { TickSeries } from "../../core/quotes/index.ts";
import type { SimSource } from "./sim-source.ts";

export type Handler = (payload: Uint8Array, now: number) => Uint8Array;

const EMPTY = new Uint8Array(0);

/** The last `count` ticks ending `start` before the newest. */
function tickWindow(t: TickSeries, start: number, count: number): TickSeries {
  const to = Math.max(0, t.length - start);
  const from = Math.max(0, to - Math.min(count, MAX_TRANSACTIONS_PER_REQUEST));
  const s = (a: Float64Array) => a.slice(from, to);
  return { length: to - from, minute: s(t.minute), price: s(t.price), vol: s(t.vol), orders: s(t.orders), direction: s(t.direction), reserved: s(t.reserved) };
}

/** Every command's handler over one source; unknown commands have none. */
export function handlers(src: SimSource, serverName: string): Map<number, Handler> {
  const decimalsOf = (market: number, code: string) => src.decimals({ market, code });
  const h = new Map<number, Handler>();
  h.set(TdxCommand.SETUP, (_p, now) => encodeSetupReply({ clock: now, sessions: [570, 690, 780, 900, 900, 900, 900, 900], tradingDate: yyyymmdd(dayStart(now)), name: serverName }));
  h.set(TdxCommand.SETUP_LOGIN, () => EMPTY);
  h.set(TdxCommand.HEARTBEAT, () => EMPTY);
  h.set(TdxCommand.SECURITY_COUNT, (p) => encodeSecurityCountReply(src.securities(decodeSecurityCountRequest(p).market).length));
  h.set(TdxCommand.SECURITY_LIST, (p) => {
    const { market, start } = decodeSecurityListRequest(p);
    return encodeSecurityListReply(src.securities(market).slice(start, start + SECURITY_LIST_PAGE));
  });
  h.set(TdxCommand.QUOTES, (p, now) => {
    const quotes = decodeQuotesRequest(p).flatMap((ref) => src.quote(ref, now) ?? []);
    return encodeQuotesReply({ unknownHead: 0x3601, quotes }, decimalsOf);
  });
  h.set(TdxCommand.BARS, (p, now) => {
    const r = decodeBarsRequest(p);
    const index = src.isIndex(r);
    const bars = src.bars(r, r.category, r.start, Math.min(r.count, MAX_BARS_PER_REQUEST), now);
    return encodeBarsReply(bars, { category: r.category, index });
  });
  h.set(TdxCommand.MINUTE, (p, now) => {
    const ref = decodeMinuteRequest(p);
    return encodeMinuteReply(src.minute(ref, now), { decimals: src.decimals(ref) });
  });
  h.set(TdxCommand.HISTORY_MINUTE, (p, now) => {
    const r = decodeHistoryMinuteRequest(p);
    return encodeHistoryMinuteReply(src.historyMinute(r, r.date, now), { decimals: src.decimals(r) });
  });
  h.set(TdxCommand.TRANSACTIONS, (p, now) => {
    const r = decodeTransactionsRequest(p);
    return encodeTransactionsReply(tickWindow(src.ticks(r, now), r.start, r.count), { decimals: src.decimals(r) });
  });
  h.set(TdxCommand.HISTORY_TRANSACTIONS, (p, now) => {
    const r = decodeHistoryTransactionsRequest(p);
    const reply = src.historyTicks(r, r.date, now);
    return encodeHistoryTransactionsReply({ preClose: reply.preClose, ticks: tickWindow(reply.ticks, r.start, r.count) }, { decimals: src.decimals(r) });
  });
  h.set(TdxCommand.CALL_AUCTION, (p, now) => {
    const r = decodeAuctionRequest(p);
    const a = src.auction(r, now);
    const n = Math.min(a.length, r.count);
    return encodeAuctionReply({ length: n, second: a.second.slice(0, n), price: a.price.slice(0, n), matched: a.matched.slice(0, n), unmatched: a.unmatched.slice(0, n) });
  });
  h.set(TdxCommand.XDXR, (p, now) => {
    const ref = decodeXdxrRequest(p);
    const records = src.xdxr(ref, now);
    return records ? encodeXdxrReply({ market: ref.market, code: ref.code, records }) : EMPTY;
  });
  h.set(TdxCommand.FINANCE, (p, now) => {
    const ref = decodeFinanceRequest(p);
    const f = src.finance(ref, now);
    // Real servers answer an unknown code with an empty body.
    return f ? encodeFinanceReply(f) : EMPTY;
  });
  h.set(TdxCommand.COMPANY_CATEGORY, (p) => encodeCompanyCategoryReply(src.companyCategory(decodeCompanyCategoryRequest(p))));
  h.set(TdxCommand.COMPANY_CONTENT, (p) => {
    const r = decodeCompanyContentRequest(p);
    const all = encodeGbk(src.companyText(r, r.filename) ?? "");
    const text = decodeGbk(all.subarray(r.start, r.start + r.length));
    return encodeCompanyContentReply({ market: r.market, code: r.code, unknown: 1, text });
  });
  h.set(TdxCommand.FILE_META, (p, now) => {
    const data = src.file(decodeFileMetaRequest(p), now);
    const hash = data ? createHash("md5").update(data).digest("hex") : "";
    return encodeFileMetaReply({ size: data?.length ?? 0, hash, unknown1: 0, unknown2: 0 });
  });
  h.set(TdxCommand.FILE_CHUNK, (p, now) => {
    const r = decodeFileChunkRequest(p);
    const data = src.file(r.filename, now) ?? EMPTY;
    return encodeFileChunkReply(data.subarray(r.offset, r.offset + r.size));
  });
  for (const [cmd, handle] of src.extraHandlers?.() ?? []) h.set(cmd, handle);
  return h;
}
