/**
 * The mac command set as a {@link BoardSource}, over any transport (a pool on the
 * mac hosts, or the simulator). Lists are paged the way the server wants (150
 * boards, 80 quotes per request) and pages are appended in order (the original
 * system once prepended them). An empty reply to a list or server command means
 * the host does not speak the command set: that is a {@link MacUnavailableError},
 * so callers can fall back. An empty reply to a per-symbol command (belong,
 * capital flow, symbol info, auction, bars) is no data for that symbol — an
 * unknown or unquoted code, which a client can ask for at will — never a host
 * outage (adapters/http/DECISIONS.md "Errors": 404 where the source can tell, a
 * 503 only when no server is reachable).
 *
 * Board lists are read with 0x1231 sorted by change % (its only known sort byte);
 * for any other metric the same boards are read as a ranked list through 0x122c on
 * the board-category code with the metric's field bit (design doc 3.2's
 * alternative), whose sort codes and field bits are documented.
 */
import { type MacQuoteRow, type AuctionSeries, type SecurityRef, emptyAuction, Field } from "../../../core/quotes/index.ts";
import type { BoardEntry, BoardKind, BoardMetric, BoardSource, DailyCloses, ListQuery } from "../../../ports/board-source.ts";
import type { TdxTransport } from "../tdx-transport.ts";
import { BOARD_CATEGORIES, macBoardCode } from "./mac-board-code.ts";
import { decodeMacAuctionReply, encodeMacAuctionRequest, MAC_AUCTION_COUNT } from "./mac-codec-auction.ts";
import { decodeMacBarsReply, encodeMacBarsRequest, MAC_DAILY } from "./mac-codec-bars.ts";
import { BOARD_LIST_PAGE, decodeBoardListReply, encodeBoardListRequest, MAC_BOARD_TYPES } from "./mac-codec-board-list.ts";
import { decodeBelongReply, decodeCapitalFlowReply, encodeJsonRequest, QUERY_BELONG, QUERY_CAPITAL_FLOW } from "./mac-codec-json.ts";
import { decodeMacListReply, encodeMacListRequest, MAC_PAGE } from "./mac-codec-quotes.ts";
import { decodeServerInfoReply, decodeSymbolInfoReply, encodeSymbolInfoRequest, SERVER_INFO_REQUEST } from "./mac-codec-symbol.ts";
import { decodeUnusualReply, encodeUnusualRequest } from "./mac-codec-unusual.ts";
import { HEAD_BELONG, HEAD_CAPITAL_FLOW, MAC_HEAD, MacCommand } from "./mac-commands.ts";
import { MacUnavailableError } from "./mac-errors.ts";

/** Sort type (0x122c) and field bit carrying each board metric (design doc 3.3, 3.4). */
export const METRIC_SOURCE: Readonly<Record<Exclude<BoardMetric, "CHANGE_PCT">, { sortType: number; bit: number; name: string }>> = {
  SPEED: { sortType: 0x2e, bit: Field.SPEED_PCT, name: "speed_pct" },
  CHANGE_3D: { sortType: 0x139, bit: Field.CHANGE_3D, name: "change_3d_pct" },
  CHANGE_5D: { sortType: 0xd1, bit: Field.CHANGE_5D, name: "change_5d_pct" },
  CHANGE_10D: { sortType: 0xd2, bit: Field.CHANGE_10D, name: "change_10d_pct" },
  CHANGE_20D: { sortType: 0x172, bit: Field.CHANGE_20D, name: "change_20d_pct" },
  CHANGE_60D: { sortType: 0x173, bit: Field.CHANGE_60D, name: "change_60d_pct" },
  YTD: { sortType: 0x121, bit: Field.YTD, name: "ytd_pct" },
};

const MAX_BOARDS = 10_000;

export class MacClient implements BoardSource {
  readonly source = "mac" as const;
  readonly #t: TdxTransport;

  constructor(transport: TdxTransport) {
    this.#t = transport;
  }

  async #ask(cmd: number, payload: Uint8Array, head = MAC_HEAD): Promise<Uint8Array> {
    const body = (await this.#t.request(cmd, payload, { head })).body;
    if (body.length === 0) throw new MacUnavailableError(`the mac host sent an empty reply to 0x${cmd.toString(16)}`);
    return body;
  }

  /** A per-symbol command's reply; undefined when it is empty (no data for the symbol). */
  async #askSymbol(cmd: number, payload: Uint8Array, head = MAC_HEAD): Promise<Uint8Array | undefined> {
    const body = (await this.#t.request(cmd, payload, { head })).body;
    return body.length === 0 ? undefined : body;
  }

  async boards(kind: BoardKind, metric: BoardMetric): Promise<BoardEntry[]> {
    const out: BoardEntry[] = [];
    for (let start = 0; start < MAX_BOARDS; start += BOARD_LIST_PAGE) {
      const page = decodeBoardListReply(await this.#ask(MacCommand.BOARD_LIST, encodeBoardListRequest({ type: MAC_BOARD_TYPES[kind], start, count: BOARD_LIST_PAGE, sortColumn: 0, order: 1 })));
      for (const { board, leader } of page.rows) out.push({ ...board, sortValue: board.value, leader });
      if (page.rows.length < BOARD_LIST_PAGE || out.length >= page.total) break;
    }
    if (metric === "CHANGE_PCT") return out.map((b) => ({ ...b, sortValue: 0 }));
    const m = METRIC_SOURCE[metric];
    const rows = await this.#list(BOARD_CATEGORIES[kind], { sortType: m.sortType, order: "DESC", start: 0, count: MAX_BOARDS, fields: [m.bit], exclude: 0 });
    const value = new Map(rows.map((r) => [r.code, r.values[m.name]]));
    return out.map((b) => ({ ...b, sortValue: value.get(b.code) ?? NaN }));
  }

  members(board: string, q: ListQuery): Promise<MacQuoteRow[]> {
    return this.#list(macBoardCode(board), q);
  }

  quoteList(category: number, q: ListQuery): Promise<MacQuoteRow[]> {
    return this.#list(category, q);
  }

  async #list(board: number, q: ListQuery): Promise<MacQuoteRow[]> {
    const rows: MacQuoteRow[] = [];
    for (let start = q.start; rows.length < q.count; ) {
      const want = Math.min(MAC_PAGE, q.count - rows.length);
      const page = decodeMacListReply(
        await this.#ask(MacCommand.BOARD_MEMBERS, encodeMacListRequest({ board, sortType: q.sortType, start, count: want, order: q.order === "ASC" ? 2 : 1, bits: q.fields, exclude: q.exclude })),
      );
      rows.push(...page.rows);
      start += page.rows.length;
      if (page.rows.length < want || start >= page.total) break;
    }
    return rows;
  }

  async belong(ref: SecurityRef) {
    const body = await this.#askSymbol(MacCommand.SYMBOL_JSON, encodeJsonRequest({ ...ref, query: QUERY_BELONG }), HEAD_BELONG);
    return body ? decodeBelongReply(body) : [];
  }

  async capitalFlow(ref: SecurityRef) {
    const body = await this.#askSymbol(MacCommand.SYMBOL_JSON, encodeJsonRequest({ ...ref, query: QUERY_CAPITAL_FLOW }), HEAD_CAPITAL_FLOW);
    return body && decodeCapitalFlowReply(body);
  }

  async symbolInfo(ref: SecurityRef) {
    const body = await this.#askSymbol(MacCommand.SYMBOL_INFO, encodeSymbolInfoRequest(ref));
    return body && decodeSymbolInfoReply(body);
  }

  async serverInfo() {
    return decodeServerInfoReply(await this.#ask(MacCommand.SERVER_INFO, SERVER_INFO_REQUEST));
  }

  async auction(ref: SecurityRef): Promise<AuctionSeries> {
    const body = await this.#askSymbol(MacCommand.AUCTION, encodeMacAuctionRequest({ ...ref, start: 0, count: MAC_AUCTION_COUNT }));
    return body ? decodeMacAuctionReply(body) : emptyAuction();
  }

  async unusual(market: number, start: number, count: number) {
    // The request's start is a u16: nothing lies beyond it.
    if (start > 0xffff) return [];
    return decodeUnusualReply(await this.#ask(MacCommand.UNUSUAL, encodeUnusualRequest({ market, start, count })));
  }

  async boardCloses(board: string, count: number): Promise<DailyCloses> {
    const body = await this.#askSymbol(MacCommand.BARS, encodeMacBarsRequest({ market: 1, code: board, period: MAC_DAILY, times: 1, start: 0, count: count + 1, adjust: 0 }));
    if (!body) return { date: new Float64Array(0), close: new Float64Array(0) };
    const bars = decodeMacBarsReply(body);
    return { date: bars.date, close: bars.close };
  }
}
