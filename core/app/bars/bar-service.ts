/**
 * `/bars` and `/bars/index` as one pipeline (adapters/http/README.md 4.2): fetch (MIN_120 as
 * pairs of 60-minute bars), adjust from xdxr, derive pre_close/change fields,
 * restamp for `bar_time`, label. Adjustment needs the xdxr list; when the source
 * cannot supply it the bars are served unadjusted and the answer says so.
 *
 * Index and stock bar replies share one command but not one layout (index bars
 * carry 4 more bytes of breadth per bar, and the server picks the layout from the
 * code, not from the request), so a stock read as an index or the reverse is
 * undecodable. The code's kind (security-kind.ts) decides before anything is
 * asked: a mismatch is a 400 naming the endpoint that serves the code.
 *
 * Store-first (issue 21): when a market store is wired and holds the security's
 * bars of the requested category complete at this moment (daily bars with their
 * ex-rights records, and the 5- and 1-minute bars it was asked to keep), bars and
 * ex-rights are read from it, else from the quote source; the answer says which
 * (`source`: "store" | "upstream"). Adjustment is the same code over either.
 */
import {
  adjustBars,
  needsBasis,
  type AdjustMethod,
  type AdjustMode,
  barTimes,
  type BarTimeMode,
  BAR_CATEGORIES,
  type BarCategory,
  deriveBarFields,
  formatDate,
  fromYyyymmdd,
  yyyymmdd,
  marketTimeOf,
  DAY_MS,
  aggregateMin120,
  MIN120_MAX_BARS,
  priceEvents,
  barTable,
  type BarTable,
  classifySecurity,
  type Market,
  priceDecimals,
  type BarSeries,
} from "../../bars/index.ts";
import type { Clock } from "../../../ports/clock.ts";
import type { Logger } from "../../../ports/logger.ts";
import type { QuoteSource } from "../../../ports/quote-source.ts";
import type { StoredBars } from "../../../ports/stored-bars.ts";
import { AdjustHistory } from "./adjust-history.ts";
import { marketId } from "../quotes/markets.ts";
import { InvalidRequestError } from "../app-errors.ts";

export interface BarQuery {
  readonly market: Market;
  readonly code: string;
  readonly category: BarCategory;
  readonly start: number;
  readonly count: number;
  readonly barTime: BarTimeMode;
}

export interface BarAnswer {
  readonly table: BarTable;
  /** Extra columns (index breadth), aligned with the table. */
  readonly extra: readonly (readonly [string, Float64Array])[];
  readonly series: BarSeries;
  readonly adjust?: { readonly requested: AdjustMode; readonly applied: AdjustMode; readonly method: AdjustMethod; readonly note?: string };
  /** Where the bars were read. */
  readonly source: "store" | "upstream";
}

/** Refuses a code whose kind does not match the endpoint (`index` = /bars/index). */
function requireInstrument(q: BarQuery, index: boolean): void {
  const { kind } = classifySecurity(q.market, q.code);
  if ((kind === "index") === index) return;
  const sym = `${q.market}:${q.code}`;
  throw new InvalidRequestError(
    index
      ? `${sym} is not an index (its code is a ${kind === "other" ? "security of no known kind" : kind}); index bars are for SH 000xxx, 88xxxx, 99xxxx, SZ 39xxxx and BJ 899xxx codes; use /api/v1/bars for it`
      : `${sym} is an index: its bars (volume in lots, advancing/declining counts, no ex-rights adjustment) are served by /api/v1/bars/index`,
  );
}

export class BarService {
  private readonly history = new AdjustHistory();

  constructor(
    private readonly upstream: QuoteSource,
    private readonly clock: Clock,
    private readonly log: Logger,
    private readonly store?: StoredBars,
  ) {}

  /** The store when it holds what `q` asks for, else the quote source. */
  async #pick(q: BarQuery): Promise<{ src: QuoteSource; source: "store" | "upstream" }> {
    const ref = { market: marketId(q.market), code: q.code };
    if (this.store && (await this.store.covers(ref, BAR_CATEGORIES[q.category].request))) return { src: await this.store.source(), source: "store" };
    return { src: this.upstream, source: "upstream" };
  }

  async #fetch(src: QuoteSource, q: BarQuery, index: boolean): Promise<BarSeries> {
    const spec = BAR_CATEGORIES[q.category];
    const ref = { market: marketId(q.market), code: q.code };
    const get = (start: number, count: number) => (index ? src.indexBars(ref, spec.request, start, count) : src.bars(ref, spec.request, start, count));
    if (spec.barsPerBar === 1) return get(q.start, q.count);
    // MIN_120: two 60-minute bars per output bar, at most 400 synthesized; one extra
    // 60-minute bar lets the oldest half be complete when the window starts mid-half.
    const want = Math.min(q.count, MIN120_MAX_BARS);
    const raw = await get(q.start * 2, Math.min(800, want * 2 + 1));
    return aggregateMin120(raw, want);
  }

  /** Stock (and fund, bond) bars with adjustment. */
  async bars(q: BarQuery, adjust: AdjustMode): Promise<BarAnswer> {
    requireInstrument(q, false);
    const ref = { market: marketId(q.market), code: q.code };
    const { src, source } = await this.#pick(q);
    const pending =
      adjust === "NONE"
        ? Promise.resolve(undefined)
        : src.xdxr(ref).catch((e: Error) => {
            this.log.warn({ err: e.message, code: q.code }, "xdxr unavailable; serving unadjusted bars");
            return undefined;
          });
    // The ex-rights request ends before a refused bar request is answered: an answer
    // must not leave it running against a source that may close next (a CLI run).
    const raw = await this.#fetch(src, q, false).catch(async (e: unknown) => {
      await pending;
      throw e;
    });
    const xdxr = await pending;
    let series = raw;
    let applied: AdjustMode = "NONE";
    let method: AdjustMethod = "none";
    let note: string | undefined;
    if (adjust !== "NONE" && xdxr === undefined) {
      note = "ex-rights data unavailable from the quote source; adjust ignored";
    } else if (adjust !== "NONE" && xdxr) {
      const today = yyyymmdd(marketTimeOf(this.clock.now()));
      const events = priceEvents(xdxr);
      const decimals = priceDecimals(q.market, q.code);
      // The window is the whole history when it is the newest daily bars and fewer came back than were asked.
      const whole = q.category === "DAY" && q.start === 0 && raw.length < q.count;
      const asOfDay = Math.floor(fromYyyymmdd(today) / DAY_MS);
      const basis = !whole && needsBasis(raw, events, adjust, asOfDay) ? await this.history.basis(src, ref, events, asOfDay, decimals) : undefined;
      const r = adjustBars(raw, events, adjust, { asOf: today, decimals, ...(basis ? { basis } : {}) });
      series = r.series;
      applied = adjust;
      method = r.method;
      if (method === "ratio") {
        const over = basis ? `the security's ${basis.bars} daily bars since ${formatDate(basis.firstDay * DAY_MS)}` : "the whole history";
        note = `forward-adjusted prices would go below zero somewhere in ${over}; ratio method used for every bar`;
      }
    }
    return { ...this.#finish(series, q, source), adjust: { requested: adjust, applied, method, ...(note ? { note } : {}) } };
  }

  /** Index bars: volume in lots (null for minute bars), plus up/down breadth. */
  async indexBars(q: BarQuery): Promise<BarAnswer> {
    requireInstrument(q, true);
    const { src, source } = await this.#pick(q);
    const raw = await this.#fetch(src, q, true);
    const breadth = raw as BarSeries & { up?: Float64Array; down?: Float64Array };
    const answer = this.#finish(raw, q, source);
    return breadth.up && breadth.down && breadth.up.length === raw.length
      ? {
          ...answer,
          extra: [
            ["up_count", breadth.up],
            ["down_count", breadth.down],
          ],
        }
      : answer;
  }

  #finish(series: BarSeries, q: BarQuery, source: BarAnswer["source"]): BarAnswer {
    const derived = deriveBarFields(series);
    const stamped = { ...series, time: barTimes(series.time, q.category, q.barTime) };
    return { table: barTable(stamped, derived, q.category), extra: [], series, source };
  }
}
