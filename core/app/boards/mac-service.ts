/**
 * Boards, ranked quotes and per-symbol data (adapters/http/README.md 4.7, 4.8) from the mac
 * hosts, or — when they cannot be reached — from the derived source, saying which
 * answered. After a failure the mac hosts are skipped for a short while so that
 * every request does not wait for them to time out again; only a host that is
 * unreachable, times out or does not speak the command set starts that skip,
 * never a code a client asked for that has no data (the mac client answers that
 * as no data, not as an outage;
 * adapters/http/DECISIONS.md "Errors"). Capital flow and the
 * market monitor have no derived equivalent and are never replaced: without the
 * mac hosts they fail (503).
 *
 * Summary, ranking and N-day change ranking are built here the way the original
 * system builds them, on top of either source: a summary aggregates a board's
 * member quotes, a ranking takes the boards' change % then each top board's
 * summary, and the N-day ranking compares a board index's daily closes.
 */
import { fromYyyymmdd, marketTimeOf, yyyymmdd } from "../../bars/index.ts";
import { type MacQuoteRow, FIELDS_BASIC, Field, SORT_CHANGE_PCT } from "../../quotes/index.ts";
import type { BoardEntry, BoardKind, BoardMetric, BoardSource, ListQuery, SortOrder } from "../../../ports/board-source.ts";
import type { Clock } from "../../../ports/clock.ts";
import type { Logger } from "../../../ports/logger.ts";
import { UpstreamError } from "../app-errors.ts";
import { NotFoundError } from "../app-errors.ts";

export type Source = "mac" | "derived";

export interface Sourced<T> {
  readonly value: T;
  readonly source: Source;
}

export interface BoardSummary {
  readonly member_count: number;
  readonly amount: number;
  readonly vol: number;
  /** Null when the answering source has no capital-flow fields (the derived one). */
  readonly main_net_amount: number | null;
  readonly main_net_3d: number | null;
  readonly main_net_5d: number | null;
  readonly up_count: number;
  readonly down_count: number;
  readonly members: readonly MacQuoteRow[];
}

export interface RankingRow {
  readonly code: string;
  readonly name: string;
  readonly change_pct: number;
  readonly amount: number;
  readonly vol: number;
  readonly main_net_amount: number | null;
  readonly up_count: number;
  readonly down_count: number;
  readonly member_count: number;
}

export interface ChangeRow {
  readonly code: string;
  readonly name: string;
  readonly close_end: number;
  readonly close_start: number;
  readonly change_pct: number;
}

export const RANKING_SORTS = ["change_pct", "amount", "main_net_amount", "vol"] as const;
export type RankingSort = (typeof RANKING_SORTS)[number];

/** Fields of a summary's members: the basic quote plus amount and the main-force nets. */
export const SUMMARY_FIELDS = [...FIELDS_BASIC, Field.MAIN_NET, Field.MAIN_NET_3D, Field.MAIN_NET_5D];
const MEMBERS_ALL = 100_000;
const SKIP_MAC_MS = 30_000;
/** Extra daily bars fetched for holidays, as the original does. */
const CHANGE_BUFFER = 10;

/** Board symbols are six digits (880xxx, 881xxx, ...). */
const BOARD_SYMBOL = /^\d{6}$/;
const round2 = (x: number) => Math.round(x * 100) / 100;
export const changePct = (price: number, preClose: number) => (preClose > 0 ? (price / preClose - 1) * 100 : NaN);

function unavailable(e: unknown): boolean {
  return e instanceof UpstreamError && e.upstream === "Quote server" && (e.failure === "unavailable" || e.failure === "timeout");
}

/** NaN and null sort last whatever the direction. */
function byValue<T>(get: (x: T) => number | null, ascending: boolean) {
  return (a: T, b: T) => {
    const x = get(a) ?? NaN;
    const y = get(b) ?? NaN;
    if (Number.isNaN(x) || Number.isNaN(y)) return Number.isNaN(x) ? (Number.isNaN(y) ? 0 : 1) : -1;
    return ascending ? x - y : y - x;
  };
}

export class MacService {
  readonly #mac: BoardSource;
  readonly #derived: BoardSource;
  readonly #clock: Clock;
  readonly #log: Logger;
  #skipMacUntil = -Infinity;

  constructor(mac: BoardSource, derived: BoardSource, clock: Clock, log: Logger) {
    this.#mac = mac;
    this.#derived = derived;
    this.#clock = clock;
    this.#log = log;
  }

  /** `op` on the mac source, on the derived one when the mac hosts are away. */
  async #either<T>(op: (s: BoardSource) => Promise<T>): Promise<Sourced<T>> {
    if (this.#clock.now() >= this.#skipMacUntil) {
      try {
        return { value: await op(this.#mac), source: "mac" };
      } catch (e) {
        if (!unavailable(e)) throw e;
        this.#skipMacUntil = this.#clock.now() + SKIP_MAC_MS;
        this.#log.warn({ err: (e as Error).message }, "mac hosts unavailable; answering from derived data");
      }
    }
    return { value: await op(this.#derived), source: "derived" };
  }

  /** `op` on the mac source only (no derived equivalent exists). */
  async #macOnly<T>(op: (s: BoardSource) => Promise<T>): Promise<Sourced<T>> {
    return { value: await op(this.#mac), source: "mac" };
  }

  /** Boards of a kind ordered by the metric (change % by default), descending. */
  boardList(kind: BoardKind, metric: BoardMetric, count: number): Promise<Sourced<BoardEntry[]>> {
    return this.#either(async (s) => {
      const boards = await s.boards(kind, metric);
      const key = metric === "CHANGE_PCT" ? (b: BoardEntry) => changePct(b.price, b.preClose) : (b: BoardEntry) => b.sortValue;
      return boards.sort(byValue(key, false)).slice(0, count);
    });
  }

  /** 404 unless `board` is a board the answering source lists. */
  async #requireBoard(s: BoardSource, board: string): Promise<void> {
    if (!(await s.boards("ALL", "CHANGE_PCT")).some((b) => b.code === board)) throw new NotFoundError(`Unknown board code ${board}`);
  }

  members(board: string, sortType: number, order: SortOrder, count: number, fields: readonly number[]): Promise<Sourced<MacQuoteRow[]>> {
    if (!BOARD_SYMBOL.test(board)) return Promise.reject(new NotFoundError(`Unknown board code ${board}`));
    return this.#either(async (s) => {
      const rows = await s.members(board, { sortType, order, start: 0, count, fields, exclude: 0 });
      if (rows.length === 0) await this.#requireBoard(s, board);
      return rows;
    });
  }

  belong(market: number, code: string) {
    return this.#either((s) => s.belong({ market, code }));
  }

  summary(board: string, sortType: number, order: SortOrder): Promise<Sourced<BoardSummary>> {
    if (!BOARD_SYMBOL.test(board)) return Promise.reject(new NotFoundError(`Unknown board code ${board}`));
    return this.#either(async (s) => {
      const members = await s.members(board, { sortType, order, start: 0, count: MEMBERS_ALL, fields: SUMMARY_FIELDS, exclude: 0 });
      if (members.length === 0) await this.#requireBoard(s, board);
      return summarise(members);
    });
  }

  ranking(kind: BoardKind, topN: number, sortBy: RankingSort, ascending: boolean): Promise<Sourced<RankingRow[]>> {
    return this.#either(async (s) => {
      const boards = (await s.boards(kind, "CHANGE_PCT")).sort(byValue((b) => changePct(b.price, b.preClose), ascending)).slice(0, topN);
      const rows = await Promise.all(
        boards.map(async (b): Promise<RankingRow> => {
          const sum = summarise(await s.members(b.code, { sortType: SORT_CHANGE_PCT, order: "DESC", start: 0, count: MEMBERS_ALL, fields: SUMMARY_FIELDS, exclude: 0 }));
          return {
            code: b.code,
            name: b.name,
            change_pct: round2(changePct(b.price, b.preClose)),
            amount: sum.amount,
            vol: sum.vol,
            main_net_amount: sum.main_net_amount,
            up_count: sum.up_count,
            down_count: sum.down_count,
            member_count: sum.member_count,
          };
        }),
      );
      return rows.sort(byValue((r) => r[sortBy], ascending));
    });
  }

  changeRanking(kind: BoardKind, days: number, topN: number, targetDate: number | undefined, ascending: boolean): Promise<Sourced<ChangeRow[]>> {
    const today = yyyymmdd(marketTimeOf(this.#clock.now()));
    // Trading days between the target and today, over-estimated from calendar days.
    const back = targetDate ? Math.max(0, Math.ceil((fromYyyymmdd(today) - fromYyyymmdd(targetDate)) / 86_400_000)) : 0;
    const want = Math.min(800, days + CHANGE_BUFFER + back);
    return this.#either(async (s) => {
      const boards = await s.boards(kind, "CHANGE_PCT");
      const rows = await Promise.all(
        boards.map(async (b): Promise<ChangeRow | undefined> => {
          const c = await s.boardCloses(b.code, want);
          let end = c.close.length - 1;
          if (targetDate !== undefined) while (end >= 0 && c.date[end]! > targetDate) end--;
          if (end < 1) return undefined;
          const start = Math.max(0, end - days);
          if (!(c.close[start]! > 0)) return undefined;
          return { code: b.code, name: b.name, close_end: c.close[end]!, close_start: c.close[start]!, change_pct: round2((c.close[end]! / c.close[start]! - 1) * 100) };
        }),
      );
      return rows
        .filter((r): r is ChangeRow => r !== undefined)
        .sort(byValue((r) => r.change_pct, ascending))
        .slice(0, topN);
    });
  }

  quoteList(category: number, q: ListQuery) {
    return this.#either((s) => s.quoteList(category, q));
  }

  capitalFlow(market: number, code: string) {
    return this.#macOnly((s) => s.capitalFlow({ market, code }));
  }

  unusual(market: number, start: number, count: number) {
    return this.#macOnly((s) => s.unusual(market, start, count));
  }

  symbolInfo(market: number, code: string) {
    return this.#either((s) => s.symbolInfo({ market, code }));
  }

  serverInfo() {
    return this.#either((s) => s.serverInfo());
  }

  auction(market: number, code: string) {
    return this.#either((s) => s.auction({ market, code }));
  }
}

/** Totals of a board's members; capital-flow sums are null when the rows do not carry them. */
export function summarise(members: readonly MacQuoteRow[]): BoardSummary {
  const sum = (name: string) => members.reduce((a, r) => a + (r.values[name] ?? 0), 0);
  const flow = (name: string) => (members.length > 0 && members.every((r) => name in r.values) ? sum(name) : members.length === 0 ? 0 : null);
  return {
    member_count: members.length,
    amount: sum("amount"),
    vol: sum("vol"),
    main_net_amount: flow("main_net_amount"),
    main_net_3d: flow("main_net_3d_amount"),
    main_net_5d: flow("main_net_5d_amount"),
    // A row without a close or a previous close is neither up nor down.
    up_count: members.filter((r) => (r.values.close ?? NaN) > (r.values.pre_close ?? NaN)).length,
    down_count: members.filter((r) => (r.values.close ?? NaN) < (r.values.pre_close ?? NaN)).length,
    members,
  };
}
