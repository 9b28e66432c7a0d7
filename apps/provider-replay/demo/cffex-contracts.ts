/**
 * Which CFFEX contracts trade on a day (adapters/external/README.md §3): index futures
 * list the current month, the next month and the next two quarter months, the
 * current month rolling after its last trading day, the third Friday; treasury
 * futures list the nearest three quarter months, each trading until the second
 * Friday of its month. Holidays moving a last trading day are ignored (demo).
 */
import { fromYyyymmdd } from "../../../core/bars/index.ts";

const INDEX_FUTURES = new Set(["IF", "IH", "IC", "IM"]);

/** Day of month of the n-th Friday of a month. */
function nthFriday(year: number, month: number, n: number): number {
  const firstWeekday = new Date(Date.UTC(year, month - 1, 1)).getUTCDay();
  return 1 + ((5 - firstWeekday + 7) % 7) + (n - 1) * 7;
}

/** The last trading day (YYYYMMDD) of a product's contract for a month. */
export function lastTradingDay(product: string, year: number, month: number): number {
  return year * 10000 + month * 100 + nthFriday(year, month, INDEX_FUTURES.has(product) ? 3 : 2);
}

const addMonths = ([y, m]: readonly [number, number], n: number): [number, number] => {
  const i = y * 12 + (m - 1) + n;
  return [Math.floor(i / 12), (i % 12) + 1];
};

/** Contract ids listed on YYYYMMDD, nearest first, e.g. ["IF2611", "IF2612", "IF2703", "IF2706"]. */
export function listedContracts(product: string, ymd: number): string[] {
  const d = new Date(fromYyyymmdd(ymd));
  let first: [number, number] = [d.getUTCFullYear(), d.getUTCMonth() + 1];
  const alive = (ym: readonly [number, number]) => lastTradingDay(product, ym[0], ym[1]) >= ymd;
  const months: [number, number][] = [];
  if (INDEX_FUTURES.has(product)) {
    if (!alive(first)) first = addMonths(first, 1);
    months.push(first, addMonths(first, 1));
    let q = addMonths(first, 2);
    while (months.length < 4) {
      if (q[1] % 3 === 0) months.push(q);
      q = addMonths(q, 1);
    }
  } else {
    for (let q = first; months.length < 3; q = addMonths(q, 1)) if (q[1] % 3 === 0 && alive(q)) months.push(q);
  }
  return months.map(([y, m]) => `${product}${String(y % 100).padStart(2, "0")}${String(m).padStart(2, "0")}`);
}
