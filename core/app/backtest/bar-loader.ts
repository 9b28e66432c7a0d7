/**
 * Bars for a backtest by symbol (`"SZ:000001"`): more than the 800 bars one
 * request gives (paged back 800 at a time), optionally back to a start date, cut
 * to a date range, adjusted as `/bars` adjusts them (QFQ by default). Also the
 * trading rules of the security: board from the code, ST from its name.
 */
import { type AdjustMode, type BarCategory, formatDate, type Market, allocSeries, concatSeries, sliceSeries, type BarSeries } from "../../bars/index.ts";
import type { SecurityInfo } from "../../backtest/index.ts";
import type { BarService } from "../bars/bar-service.ts";
import type { SecurityDirectory } from "../quotes/security-directory.ts";
import { InvalidRequestError, NotFoundError } from "../app-errors.ts";

export const SYMBOL_PATTERN = /^(SZ|SH|BJ):\d{6}$/;

const PAGE = 800;
/** With a start date, at most this many pages back (as easy_tdx: 8,000 bars). */
const MAX_PAGES = 10;
const ST_NAME = /^[*S]*ST/i;

export interface BarRequest {
  readonly category: BarCategory;
  readonly adjust: AdjustMode;
  /** Latest bars wanted when no start date is given. */
  readonly count: number;
  /** "YYYY-MM-DD", inclusive. */
  readonly start_date?: string | undefined;
  readonly end_date?: string | undefined;
}

export interface LoadedBars {
  readonly series: BarSeries;
  readonly security: SecurityInfo;
}

export function splitSymbol(symbol: string): { market: Market; code: string } {
  const [market, code] = symbol.split(":") as [Market, string];
  return { market, code };
}

/** Bars whose date is within [start, end] (either end open). */
function cut(s: BarSeries, start: string | undefined, end: string | undefined): BarSeries {
  let a = 0;
  let b = s.length;
  if (start) while (a < b && formatDate(s.time[a]!) < start) a++;
  if (end) while (b > a && formatDate(s.time[b - 1]!) > end) b--;
  return a === 0 && b === s.length ? s : sliceSeries(s, a, b);
}

export class BarLoader {
  constructor(
    private readonly bars: BarService,
    private readonly directory: SecurityDirectory,
  ) {}

  /** The security's trading rules; 404 for a code the market's security list lacks. */
  async security(symbol: string): Promise<SecurityInfo> {
    const { market, code } = splitSymbol(symbol);
    // the list unavailable (quote server down): let the bar fetch report the upstream error
    const found = await this.directory.find(market, code).catch(() => null);
    if (found === undefined) throw new NotFoundError(`Unknown security ${symbol}`);
    return { code, market, st: found ? ST_NAME.test(found.name) : false };
  }

  /** Bars and trading rules for a backtest: 404 for an unknown security, 400 for fewer than 2 bars. */
  async load(symbol: string, req: BarRequest): Promise<LoadedBars> {
    const [security, series] = await Promise.all([this.security(symbol), this.fetch(symbol, req)]);
    if (series.length < 2) throw new InvalidRequestError(`${symbol}: ${series.length} bar(s) in the requested range; a backtest needs at least 2`);
    return { series, security };
  }

  /** The bars alone, cut to the date range (possibly empty). */
  async fetch(symbol: string, req: BarRequest): Promise<BarSeries> {
    const { market, code } = splitSymbol(symbol);
    return cut(await this.#pages(market, code, req), req.start_date, req.end_date);
  }

  async #pages(market: Market, code: string, req: BarRequest): Promise<BarSeries> {
    const pages: BarSeries[] = [];
    for (let page = 0, have = 0; page < MAX_PAGES; page++) {
      const want = req.start_date ? PAGE : Math.min(PAGE, req.count - have);
      if (want <= 0) break;
      const a = await this.bars.bars({ market, code, category: req.category, start: page * PAGE, count: want, barTime: "start" }, req.adjust);
      if (a.series.length > 0) pages.unshift(a.series);
      have += a.series.length;
      if (a.series.length < want) break;
      if (req.start_date && formatDate(a.series.time[0]!) <= req.start_date) break;
    }
    return pages.length === 0 ? allocSeries(0) : concatSeries(pages);
  }
}
