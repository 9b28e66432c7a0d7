/**
 * The board source used when the mac hosts cannot be reached: everything rebuilt
 * from the standard protocol (adapters/tdx/mac/README.md 6). Boards and members come
 * from the board files (board-catalogue.ts); prices and 涨速 from board-index and
 * member quotes (0x053e); N-day and YTD changes from board-index daily bars;
 * ranked lists from a full-market quote snapshot ordered locally (the standard
 * sorted list 0x054b has no documented reply layout); the call auction from the
 * standard command 0x056a; symbol info from the quote and the security list;
 * server sessions from the A-share schedule and the last daily bar.
 *
 * Capital flow and the market monitor exist only on the mac hosts: asking this
 * source for them is a MacUnavailableError (503), never a number made from ticks.
 */
import { marketTimeOf, yyyymmdd, classifySecurity, type Market } from "../../../core/bars/index.ts";
import { limitFraction, roundToTick, tickOf, boardOf } from "../../../core/market/index.ts";
import { type MacBelongEntry, type MacQuoteRow, type MacServerInfo, type MacSymbolInfo, type SecurityRef, symbolInfoFromQuote } from "../../../core/quotes/index.ts";
import type { BoardEntry, BoardKind, BoardMetric, BoardSource, DailyCloses, ListQuery } from "../../../ports/board-source.ts";
import type { Clock } from "../../../ports/clock.ts";
import type { QuoteSource } from "../../../ports/quote-source.ts";
import { inQuoteCategory } from "./mac-board-code.ts";
import { MacUnavailableError } from "./mac-errors.ts";
import { isExcluded } from "./mac-fields.ts";
import { quoteFields } from "./mac-quote-fields.ts";
import { sortMacRows } from "./mac-sort.ts";
import type { ServerFileCache } from "../files/server-file-cache.ts";
import type { MarketSnapshot } from "../../../core/app/market/market-snapshot.ts";
import { marketName } from "../../../core/app/quotes/markets.ts";
import type { SecurityDirectory } from "../../../core/app/quotes/security-directory.ts";
import { buildCatalogue, CATALOGUE_FILE_NAMES, type CatalogueBoard } from "./board-catalogue.ts";

const DAILY = 9;
const SH = 1;
/** Daily bars kept per board for N-day metrics: a year covers 60 days and YTD. */
const YEAR_BARS = 260;
const METRIC_DAYS: Partial<Record<BoardMetric, number>> = { CHANGE_3D: 3, CHANGE_5D: 5, CHANGE_10D: 10, CHANGE_20D: 20, CHANGE_60D: 60 };
/** A-share sessions: 09:30–11:30, 13:00–15:00, as minutes of the day, then four unused pairs. */
const SESSIONS = [570, 690, 780, 900, 0, 0, 0, 0];

const isSt = (name: string) => /^\*?S?ST/i.test(name.trim());

export class DerivedBoardSource implements BoardSource {
  readonly source = "derived" as const;
  readonly #quotes: QuoteSource;
  readonly #dir: SecurityDirectory;
  readonly #files: ServerFileCache;
  readonly #snapshot: MarketSnapshot;
  readonly #clock: Clock;
  #built: { files: readonly Uint8Array[]; boards: CatalogueBoard[] } | undefined;

  constructor(quotes: QuoteSource, dir: SecurityDirectory, files: ServerFileCache, snapshot: MarketSnapshot, clock: Clock) {
    this.#quotes = quotes;
    this.#dir = dir;
    this.#files = files;
    this.#snapshot = snapshot;
    this.#clock = clock;
  }

  /** The catalogue, rebuilt only when one of its files changed (the file cache hands back the same bytes otherwise). */
  async catalogue(): Promise<CatalogueBoard[]> {
    const files = await Promise.all(Object.values(CATALOGUE_FILE_NAMES).map((n) => this.#files.get(n)));
    if (!this.#built || files.some((f, i) => f !== this.#built!.files[i])) {
      const [tdxzs, tdxhy, blockGn, blockFg] = files as [Uint8Array, Uint8Array, Uint8Array, Uint8Array];
      this.#built = { files, boards: buildCatalogue({ tdxzs, tdxhy, blockGn, blockFg }) };
    }
    return this.#built.boards;
  }

  async #board(code: string): Promise<CatalogueBoard | undefined> {
    return (await this.catalogue()).find((b) => b.code === code);
  }

  /** Named quote rows for securities, with limit prices; securities the server did not quote are left out. */
  async #rows(refs: readonly SecurityRef[]): Promise<MacQuoteRow[]> {
    const byMarket = refs.map((r) => ({ market: marketName(r.market) ?? "SZ", code: r.code }) as { market: Market; code: string });
    const [quotes, names] = await Promise.all([
      this.#snapshot.quotes(byMarket),
      Promise.all(
        byMarket.map((r) =>
          this.#dir.find(r.market, r.code).then(
            (s) => s?.name ?? "",
            () => "",
          ),
        ),
      ),
    ]);
    const now = marketTimeOf(this.#clock.now());
    const rows: MacQuoteRow[] = [];
    quotes.forEach((q, i) => {
      if (!q) return;
      const { market, code } = byMarket[i]!;
      const values = quoteFields(q);
      if (classifySecurity(market, code).kind === "stock") {
        const board = boardOf(code, market);
        const f = limitFraction(board, isSt(names[i]!), now);
        values.buy_price_limit = roundToTick(q.preClose * (1 + f), tickOf(board));
        values.sell_price_limit = roundToTick(q.preClose * (1 - f), tickOf(board));
      }
      rows.push({ market: q.market, code: q.code, name: names[i]!, values });
    });
    return rows;
  }

  /** Listing dates are not in the standard lists, so the "new listing" filter passes everything here. */
  #page(rows: readonly MacQuoteRow[], q: ListQuery): MacQuoteRow[] {
    const kept = rows.filter((r) => {
      const m = marketName(r.market) ?? "SZ";
      return !isExcluded(q.exclude, { st: isSt(r.name), board: classifySecurity(m, r.code).board, recent: false });
    });
    return sortMacRows(kept, q.sortType, q.order === "ASC" ? 2 : 1).slice(q.start, q.start + q.count);
  }

  async boards(kind: BoardKind, metric: BoardMetric): Promise<BoardEntry[]> {
    const boards = (await this.catalogue()).filter((b) => kind === "ALL" || b.kind === kind);
    const [boardRows, members] = await Promise.all([
      this.#rows(boards.map((b) => ({ market: SH, code: b.code }))),
      this.#rows([...new Map(boards.flatMap((b) => b.members).map((m) => [`${m.market}:${m.code}`, m])).values()]),
    ]);
    const quoteOf = new Map(boardRows.map((r) => [r.code, r]));
    const memberOf = new Map(members.map((r) => [`${r.market}:${r.code}`, r]));
    // Every row here carries close and pre_close: quoteFields writes both.
    const change = (r: MacQuoteRow) => (r.values.pre_close! > 0 ? r.values.close! / r.values.pre_close! - 1 : -Infinity);
    const metricOf = await this.#metric(boards, metric, quoteOf);
    return boards.flatMap((b) => {
      const q = quoteOf.get(b.code);
      if (!q) return [];
      let leader: MacQuoteRow | undefined;
      for (const m of b.members) {
        const r = memberOf.get(`${m.market}:${m.code}`);
        if (r && (!leader || change(r) > change(leader))) leader = r;
      }
      const side = (r: MacQuoteRow) => ({ market: r.market, code: r.code, name: r.name, price: r.values.close!, preClose: r.values.pre_close! });
      return [{ ...side(q), name: b.name, sortValue: metricOf.get(b.code) ?? NaN, leader: leader && side(leader) }];
    });
  }

  /** The metric per board code, in percent (0 for change %). */
  async #metric(boards: readonly CatalogueBoard[], metric: BoardMetric, quotes: Map<string, MacQuoteRow>): Promise<Map<string, number>> {
    if (metric === "CHANGE_PCT") return new Map(boards.map((b) => [b.code, 0]));
    if (metric === "SPEED") return new Map(boards.map((b) => [b.code, quotes.get(b.code)?.values.speed_pct ?? NaN]));
    const days = METRIC_DAYS[metric];
    const closes = await Promise.all(boards.map((b) => this.boardCloses(b.code, days !== undefined ? days + 1 : YEAR_BARS).catch(() => undefined)));
    return new Map(
      boards.map((b, i) => {
        const c = closes[i];
        const n = c ? c.close.length - 1 : -1;
        if (!c || n < 0) return [b.code, NaN];
        if (days !== undefined) return [b.code, n - days >= 0 ? (c.close[n]! / c.close[n - days]! - 1) * 100 : NaN];
        const year = Math.floor(c.date[n]! / 10000) * 10000;
        let base = n;
        while (base >= 0 && c.date[base]! >= year) base--;
        return [b.code, base >= 0 ? (c.close[n]! / c.close[base]! - 1) * 100 : NaN];
      }),
    );
  }

  async members(board: string, q: ListQuery): Promise<MacQuoteRow[]> {
    const b = await this.#board(board);
    return b ? this.#page(await this.#rows(b.members), q) : [];
  }

  async belong(ref: SecurityRef): Promise<MacBelongEntry[]> {
    const boards = (await this.catalogue()).filter((b) => b.members.some((m) => m.market === ref.market && m.code === ref.code));
    const rows = new Map((await this.#rows(boards.map((b) => ({ market: SH, code: b.code })))).map((r) => [r.code, r]));
    return boards.map((b) => {
      const r = rows.get(b.code);
      return { boardType: b.kind, market: SH, code: b.code, name: b.name, price: r?.values.close ?? NaN, preClose: r?.values.pre_close ?? NaN, extra: [] };
    });
  }

  async boardCloses(board: string, count: number): Promise<DailyCloses> {
    const bars = await this.#quotes.indexBars({ market: SH, code: board }, DAILY, 0, Math.min(count, 800));
    return { date: Float64Array.from(bars.time, yyyymmdd), close: Float64Array.from(bars.close) };
  }

  async quoteList(category: number, q: ListQuery): Promise<MacQuoteRow[]> {
    const snap = await this.#snapshot.take((m, code) => inQuoteCategory(category, m, classifySecurity(m, code).board));
    const rows = snap.entries.flatMap((e) => (e.quote ? [{ market: e.quote.market, code: e.info.code, name: e.info.name, values: quoteFields(e.quote) }] : []));
    return this.#page(rows, q);
  }

  capitalFlow(): Promise<never> {
    return Promise.reject(new MacUnavailableError("capital flow is served only by the mac hosts, which cannot be reached; it is not replaced by tick-derived figures"));
  }

  unusual(): Promise<never> {
    return Promise.reject(new MacUnavailableError("the market monitor is served only by the mac hosts, which cannot be reached"));
  }

  /** Undefined when the quote server has no quote for the security: no data, not an outage. */
  async symbolInfo(ref: SecurityRef): Promise<MacSymbolInfo | undefined> {
    const m = marketName(ref.market) ?? "SZ";
    const [quote] = await this.#quotes.quotes([ref]);
    if (!quote) return undefined;
    const name = (await this.#dir.find(m, ref.code).catch(() => undefined))?.name ?? "";
    return symbolInfoFromQuote(quote, name, marketTimeOf(this.#clock.now()), {
      decimals: 2,
      volRatio: NaN,
      turnover: NaN,
      avgPrice: quote.vol > 0 ? quote.amount / (quote.vol * 100) : quote.price,
    });
  }

  async serverInfo(): Promise<MacServerInfo> {
    const bars = await this.#quotes.indexBars({ market: SH, code: "000001" }, DAILY, 0, 2);
    const days = Array.from(bars.time, yyyymmdd);
    const now = marketTimeOf(this.#clock.now());
    const t = new Date(now);
    return {
      today: yyyymmdd(now),
      timestamp: t.getUTCHours() * 10000 + t.getUTCMinutes() * 100 + t.getUTCSeconds(),
      sessions1: SESSIONS,
      sessions2: SESSIONS,
      flag: 0,
      lastTradingDay: days.at(-1) ?? 0,
      previousTradingDay: days.at(-2) ?? 0,
      param1: 0,
      param2: 0,
    };
  }

  auction(ref: SecurityRef) {
    return this.#quotes.auction(ref);
  }
}
