/**
 * The simulator's side of the mac command set: each request decoded with the
 * codec the client encodes it with, answered from the demo market (DemoMacData),
 * encoded with the codec the client decodes it with. Lists are ordered by the
 * same local ordering the derived source uses (adapters/tdx/mac/mac-sort.ts);
 * the board list's value slot is 0, as real hosts send it for change %.
 */
import { decodeMacAuctionRequest, encodeMacAuctionReply } from "../../../adapters/tdx/mac/mac-codec-auction.ts";
import { allocMacBars, decodeMacBarsRequest, encodeMacBarsReply } from "../../../adapters/tdx/mac/mac-codec-bars.ts";
import { decodeBoardListRequest, encodeBoardListReply, MAC_BOARD_TYPES } from "../../../adapters/tdx/mac/mac-codec-board-list.ts";
import { decodeJsonRequest, encodeJsonReply, QUERY_BELONG, QUERY_CAPITAL_FLOW } from "../../../adapters/tdx/mac/mac-codec-json.ts";
import { decodeMacListRequest, encodeMacListReply } from "../../../adapters/tdx/mac/mac-codec-quotes.ts";
import { decodeSymbolInfoRequest, encodeServerInfoReply, encodeSymbolInfoReply } from "../../../adapters/tdx/mac/mac-codec-symbol.ts";
import { decodeUnusualRequest, encodeUnusualReply, MAC_UNUSUAL_MAX } from "../../../adapters/tdx/mac/mac-codec-unusual.ts";
import { MacCommand } from "../../../adapters/tdx/mac/mac-commands.ts";
import { isExcluded } from "../../../adapters/tdx/mac/mac-fields.ts";
import { sortMacRows } from "../../../adapters/tdx/mac/mac-sort.ts";
import { boardSymbolOf, BOARD_CATEGORIES, inQuoteCategory } from "../../../adapters/tdx/mac/mac-board-code.ts";
import { fromYyyymmdd, yyyymmdd, dayStart, sliceSeries, TDX_MARKET } from "../../../core/bars/index.ts";
import { type MacBoardSide, type MacQuoteRow, symbolInfoFromQuote } from "../../../core/quotes/index.ts";
import type { Handler } from "../sim-dispatch.ts";
import type { BoardKind } from "../demo/boards.ts";
import { historyBar } from "../demo/daily.ts";
import { DemoMarket } from "../demo/demo-market.ts";
import type { DemoSecurity } from "../demo/universe.ts";
import type { DemoMacData, MacValues } from "./demo-mac.ts";
import { demoUnusual } from "./demo-unusual.ts";

const EMPTY = new Uint8Array(0);
const KIND_OF_TYPE = new Map<number, BoardKind | "ALL">(Object.entries(MAC_BOARD_TYPES).map(([k, v]) => [v, k as BoardKind | "ALL"]));
const KIND_OF_CATEGORY = new Map<number, BoardKind | "ALL">(Object.entries(BOARD_CATEGORIES).map(([k, v]) => [v, k as BoardKind | "ALL"]));
const YEAR_MS = 365 * 86_400_000;

type Row = MacQuoteRow & { readonly sec: DemoSecurity };

const row = (v: MacValues): Row => ({ market: TDX_MARKET[v.sec.market], code: v.sec.code, name: v.sec.name, values: v.fields, sec: v.sec });

export function macHandlers(data: DemoMacData): Map<number, Handler> {
  const m = data.market;
  const rowsOf = (secs: readonly DemoSecurity[], now: number) =>
    secs.flatMap((s) => {
      const v = data.values(s, now);
      return v ? [row(v)] : [];
    });
  const stocks = m.universe.filter((s) => s.kind === "stock");
  /** The securities a 0x122c board code names, or undefined for an unknown code. */
  const listOf = (code: number): readonly DemoSecurity[] | undefined => {
    const kind = KIND_OF_CATEGORY.get(code);
    if (kind) return data.boards(kind).map((b) => m.find("SH", b.code)!);
    const symbol = boardSymbolOf(code);
    if (symbol) return m.board(symbol)?.members;
    return stocks.filter((s) => inQuoteCategory(code, s.market, s.board));
  };
  const excluded = (s: DemoSecurity, mask: number, now: number) => isExcluded(mask, { st: s.st, board: s.board, recent: fromYyyymmdd(s.listDate) > dayStart(now) - YEAR_MS });

  const h = new Map<number, Handler>();

  h.set(MacCommand.BOARD_LIST, (p, now) => {
    const q = decodeBoardListRequest(p);
    const kind = KIND_OF_TYPE.get(q.type);
    if (!kind) return encodeBoardListReply({ total: 0, rows: [] });
    const all = data.boards(kind).flatMap((b) => {
      const v = data.values(m.find("SH", b.code)!, now);
      return v ? [{ b, v }] : [];
    });
    const ordered = sortMacRows(
      all.map(({ v }) => row(v)),
      0x0e,
      q.order === 2 ? 2 : q.order === 1 ? 1 : 0,
    );
    const byCode = new Map(all.map((x) => [x.b.code, x]));
    const side = (v: MacValues): MacBoardSide => ({ market: TDX_MARKET[v.sec.market], code: v.sec.code, name: v.sec.name, price: v.quote.price, value: 0, preClose: v.quote.preClose });
    const rows = ordered.slice(q.start, q.start + q.count).map((r) => {
      const { b, v } = byCode.get(r.code)!;
      const leader = data.leader(b, now);
      return { board: side(v), leader: leader ? side(leader) : { market: 0, code: "", name: "", price: 0, value: 0, preClose: 0 } };
    });
    return encodeBoardListReply({ total: all.length, rows });
  });

  h.set(MacCommand.BOARD_MEMBERS, (p, now) => {
    const q = decodeMacListRequest(p);
    const secs = listOf(q.board) ?? [];
    const rows = sortMacRows(
      rowsOf(
        secs.filter((s) => !excluded(s, q.exclude, now)),
        now,
      ),
      q.sortType,
      q.order,
    );
    return encodeMacListReply({ total: rows.length, bits: q.bits, rows: rows.slice(q.start, q.start + q.count) }, q.exclude);
  });

  h.set(MacCommand.SYMBOL_JSON, (p, now) => {
    const q = decodeJsonRequest(p);
    const s = m.find(q.market === 1 ? "SH" : q.market === 2 ? "BJ" : "SZ", q.code);
    const v = s && data.values(s, now);
    if (q.query === QUERY_CAPITAL_FLOW) {
      const today = v?.flows[0];
      if (!v || !today)
        return encodeJsonReply(q, [
          [0, 0, 0, 0],
          [0, 0, 0, 0, 0, 0],
        ]);
      const five = v.flows.slice(0, 5);
      const sum = (f: (x: (typeof five)[number]) => number) => five.reduce((a, x) => a + f(x), 0);
      const net = sum((x) => x.mainIn - x.mainOut);
      const retailNet = sum((x) => x.retailIn - x.retailOut);
      return encodeJsonReply(q, [
        [today.mainIn, today.mainOut, today.retailIn, today.retailOut].map(Math.round),
        [sum((x) => x.mainIn), sum((x) => x.mainOut), net * 0.6, net * 0.4, retailNet * 0.5, retailNet * 0.5].map(Math.round),
      ]);
    }
    if (q.query === QUERY_BELONG) {
      const boards = s ? m.boards.filter((b) => b.kind !== "ZS" && b.members.includes(s)) : [];
      return encodeJsonReply(
        q,
        boards.map((b) => {
          const bv = data.values(m.find("SH", b.code)!, now)!;
          const ups = b.members.filter((x) => (data.values(x, now)?.changePct ?? 0) >= 9.9).length;
          return [b.kind, 1, b.code, b.name, bv.quote.price, bv.quote.preClose, ups, 0, 0];
        }),
      );
    }
    return EMPTY;
  });

  h.set(MacCommand.SYMBOL_INFO, (p, now) => {
    const ref = decodeSymbolInfoRequest(p);
    const s = m.find(ref.market === 1 ? "SH" : ref.market === 2 ? "BJ" : "SZ", ref.code);
    const v = s && data.values(s, now);
    if (!v) return EMPTY;
    return encodeSymbolInfoReply(
      symbolInfoFromQuote(v.quote, v.sec.name, now, {
        decimals: v.fields.decimal_point,
        volRatio: v.fields.vol_ratio,
        turnover: v.fields.turnover,
        avgPrice: v.fields.avg_price,
      }),
    );
  });

  h.set(MacCommand.SERVER_INFO, (_p, now) => {
    const sh = m.find("SH", "000001")!;
    const last = m.dailyAt(sh, now).days.at(-1)!;
    const sessions = [570, 690, 780, 900, 0, 0, 0, 0];
    const t = new Date(now);
    return encodeServerInfoReply({
      today: yyyymmdd(dayStart(now)),
      timestamp: t.getUTCHours() * 10000 + t.getUTCMinutes() * 100 + t.getUTCSeconds(),
      sessions1: sessions,
      sessions2: sessions,
      flag: DemoMarket.session(now).tradingDay ? 1 : 0,
      lastTradingDay: last,
      previousTradingDay: data.previousSessionDay(sh, last),
      param1: 0,
      param2: 0,
    });
  });

  h.set(MacCommand.AUCTION, (p, now) => {
    const q = decodeMacAuctionRequest(p);
    const a = data.src.auction(q, now);
    const from = Math.min(q.start, a.length);
    const to = Math.min(a.length, from + q.count);
    const cut = { length: to - from, second: a.second.slice(from, to), price: a.price.slice(from, to), matched: a.matched.slice(from, to), unmatched: a.unmatched.slice(from, to) };
    return encodeMacAuctionReply(q, cut);
  });

  h.set(MacCommand.UNUSUAL, (p, now) => {
    const q = decodeUnusualRequest(p);
    const all = demoUnusual(data, q.market, now);
    return encodeUnusualReply(all.slice(q.start, q.start + Math.min(q.count, MAC_UNUSUAL_MAX)));
  });

  h.set(MacCommand.BARS, (p, now) => {
    const q = decodeMacBarsRequest(p);
    const s = m.find(q.market === 1 ? "SH" : q.market === 2 ? "BJ" : "SZ", q.code);
    const days = q.period === 4 || (q.period === 9 && q.times === 1);
    if (!s || !days) return encodeMacBarsReply(q, { date: 0, close: 0 }, allocMacBars(0));
    const hist = m.dailyAt(s, now);
    const to = Math.max(0, hist.bars.length - q.start);
    const from = Math.max(0, to - (q.count - 1));
    const out = allocMacBars(to - from);
    const part = sliceSeries(hist.bars, from, to);
    for (const f of ["open", "high", "low", "close", "amount", "vol"] as const) out[f].set(part[f]);
    out.date.set(hist.days.subarray(from, to));
    const before = from > 0 ? historyBar(hist, from - 1) : undefined;
    const sentinel = before ? { date: before.day, close: before.close } : { date: 0, close: 0 };
    return encodeMacBarsReply(q, sentinel, out);
  });

  return h;
}
