/**
 * CFFEX member rankings (adapters/http/README.md 4.11). A published day never changes, so
 * it is cached forever; "nothing published" is remembered briefly (half a day
 * for past days, minutes for today, which may still be published). Without a
 * date the latest day with data is searched backwards from today (from
 * yesterday before 16:00 Shanghai, as CFFEX publishes about 16:15), skipping
 * weekends without asking, for at most 16 days, which covers the longest
 * holiday.
 */
import { fromYyyymmdd, marketTimeOf, yyyymmdd, DAY_MS, minuteOfDay } from "../../bars/index.ts";
import type { Clock } from "../../../ports/clock.ts";
import type { ExternalCache } from "../../../ports/external-cache.ts";
import type { PositionRankRow, PositionRankSource } from "../../../ports/external-data.ts";
import type { Logger } from "../../../ports/logger.ts";
import { CCPM_PRODUCTS, type CcpmProduct, type CcpmProductCode, ccpmProduct } from "../../market/index.ts";
import { ReadThrough } from "./read-through.ts";
import { NotFoundError, UpstreamError } from "../app-errors.ts";

const SEARCH_DAYS = 16;
const PUBLISH_MINUTE = 16 * 60;
const MISSING_PAST_MS = 12 * 3600_000;
const MISSING_TODAY_MS = 10 * 60_000;

export interface CcpmRank {
  /** "YYYYMMDD" of the day answered (may differ from the asked one when searching). */
  readonly trading_day: string;
  readonly product: string;
  readonly product_name: string;
  readonly data: readonly PositionRankRow[];
  readonly count: number;
}

const isWeekend = (ymd: number) => {
  const wd = new Date(fromYyyymmdd(ymd)).getUTCDay();
  return wd === 0 || wd === 6;
};
const previousDay = (ymd: number) => yyyymmdd(fromYyyymmdd(ymd) - DAY_MS);
const dashed = (ymd: number) => String(ymd).replace(/^(\d{4})(\d{2})(\d{2})$/, "$1-$2-$3");

export class CcpmService {
  readonly #cache: ReadThrough;

  constructor(
    private readonly source: PositionRankSource,
    cache: ExternalCache,
    /** Cache namespace: the provider and mode, so demo answers never pass for live ones. */
    namespace: string,
    private readonly clock: Clock,
    log?: Logger,
  ) {
    this.#cache = new ReadThrough(namespace, cache, clock, log);
  }

  products(): { products: readonly CcpmProduct[]; count: number } {
    return { products: CCPM_PRODUCTS, count: CCPM_PRODUCTS.length };
  }

  /** `date` "YYYY-MM-DD", or undefined for the latest published day. */
  async rank(code: CcpmProductCode, date: string | undefined, refresh: boolean): Promise<CcpmRank> {
    const product = ccpmProduct(code)!;
    const now = marketTimeOf(this.clock.now());
    const today = yyyymmdd(now);
    if (date !== undefined) {
      const ymd = Number(date.replace(/-/g, ""));
      const rows = ymd > today || isWeekend(ymd) ? undefined : await this.#day(code, ymd, today, refresh);
      if (!rows) {
        throw new NotFoundError(`No ${code} ranking for ${date}: not a trading day, or not published yet (CFFEX publishes about 16:15 after each close)`);
      }
      return this.#answer(product, ymd, rows);
    }
    let ymd = minuteOfDay(now) >= PUBLISH_MINUTE ? today : previousDay(today);
    const first = ymd;
    for (let i = 0; i < SEARCH_DAYS; i++, ymd = previousDay(ymd)) {
      if (isWeekend(ymd)) continue;
      const rows = await this.#day(code, ymd, today, refresh);
      if (rows) return this.#answer(product, ymd, rows);
    }
    throw new UpstreamError("External provider", "failed", `cffex published no ${code} ranking in the ${SEARCH_DAYS} days up to ${dashed(first)} (each day answered with its error page)`);
  }

  async #day(code: string, ymd: number, today: number, refresh: boolean): Promise<PositionRankRow[] | undefined> {
    const loaded = await this.#cache.load<PositionRankRow[] | null>(
      `${code}:${ymd}`,
      async () => (await this.source.day(code, String(ymd))) ?? null,
      (rows, now) => (rows ? null : now + (ymd < today ? MISSING_PAST_MS : MISSING_TODAY_MS)),
      refresh,
    );
    return loaded.value ?? undefined;
  }

  #answer(product: CcpmProduct, ymd: number, rows: readonly PositionRankRow[]): CcpmRank {
    return { trading_day: String(ymd), product: product.code, product_name: product.name, data: rows, count: rows.length };
  }
}
