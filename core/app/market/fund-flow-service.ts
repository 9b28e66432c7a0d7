/**
 * Capital flow of one security from its trade prints (`/fund-flow`,
 * `/fund-flow/history`), bucketed by core/market/fund-flow.ts. Today's flow reads
 * every page of today's ticks. A past day reads that day's ticks once and keeps
 * the result (the past does not change); today's and empty days are never kept,
 * so a day whose ticks the server could not give is tried again next time.
 */
import { yyyymmdd, marketTimeOf } from "../../bars/index.ts";
import { bucketTrades, type FundFlow } from "../../market/index.ts";
import { type SecurityRef, type TickSeries, MAX_TRANSACTIONS_PER_REQUEST } from "../../quotes/index.ts";
import type { Clock } from "../../../ports/clock.ts";
import type { FundFlowStore } from "../../../ports/fund-flow-store.ts";
import type { QuoteSource } from "../../../ports/quote-source.ts";

/** Daily bars category whose dates the history follows. */
const DAILY = 9;
/** Past days computed at the same time (each is several tick requests). */
const DAY_CONCURRENCY = 4;
/** A day has far fewer pages than this; a guard against a server that never ends a list. */
const MAX_PAGES = 50;

export interface DayFlow {
  /** YYYYMMDD */
  readonly date: number;
  readonly flow: FundFlow;
}

/** Every tick of a day, oldest first, by pages of 2000 going back from the newest. */
async function allTicks(page: (start: number, count: number) => Promise<TickSeries>): Promise<TickSeries[]> {
  const pages: TickSeries[] = [];
  for (let start = 0, k = 0; k < MAX_PAGES; k++) {
    const t = await page(start, MAX_TRANSACTIONS_PER_REQUEST);
    if (t.length > 0) pages.unshift(t);
    if (t.length < MAX_TRANSACTIONS_PER_REQUEST) break;
    start += t.length;
  }
  return pages;
}

function flowOf(pages: readonly TickSeries[]): FundFlow {
  const parts = pages.map((t) => bucketTrades(t.price, t.vol, t.direction, t.length));
  const sum = (pick: (f: FundFlow) => readonly number[]) => [0, 1, 2, 3].map((b) => parts.reduce((a, f) => a + pick(f)[b]!, 0)) as [number, number, number, number];
  return { inflow: sum((f) => f.inflow), outflow: sum((f) => f.outflow), trades: parts.reduce((a, f) => a + f.trades, 0) };
}

export class FundFlowService {
  readonly #src: QuoteSource;
  readonly #store: FundFlowStore;
  readonly #clock: Clock;

  constructor(src: QuoteSource, store: FundFlowStore, clock: Clock) {
    this.#src = src;
    this.#store = store;
    this.#clock = clock;
  }

  /** Today's flow (the last session's, before the open). */
  async today(ref: SecurityRef): Promise<FundFlow> {
    return flowOf(await allTicks((start, count) => this.#src.transactions(ref, start, count)));
  }

  /** One row per trading day of the daily bars `start`..`start + count` back from the newest, oldest first. */
  async history(ref: SecurityRef, start: number, count: number): Promise<DayFlow[]> {
    const bars = await this.#src.bars(ref, DAILY, start, count);
    const dates = Array.from(bars.time, yyyymmdd);
    const today = yyyymmdd(marketTimeOf(this.#clock.now()));
    const kept = await this.#store.getDays(ref.market, ref.code, dates);
    const missing = dates.filter((d) => !kept.has(d));
    for (let i = 0; i < missing.length; i += DAY_CONCURRENCY) {
      await Promise.all(
        missing.slice(i, i + DAY_CONCURRENCY).map(async (date) => {
          const flow = flowOf(await allTicks(async (s, c) => (await this.#src.historyTransactions(ref, date, s, c)).ticks));
          kept.set(date, flow);
          if (date < today && flow.trades > 0) await this.#store.putDay(ref.market, ref.code, date, flow, this.#clock.now());
        }),
      );
    }
    return dates.map((date) => ({ date, flow: kept.get(date)! }));
  }
}
