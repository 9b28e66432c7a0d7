/**
 * The demo market's trading days: weekdays, less New Year's Day, the Spring
 * Festival week, Labour Day (May 1–3) and National Day week (Oct 1–7). An
 * approximation of the SSE calendar, good enough for a generated market.
 */
import { fromYyyymmdd, yyyymmdd } from "../../../core/bars/index.ts";

// Lunar New Year's Day; the market closes from its eve through the fifth day.
const SPRING_FESTIVAL: Record<number, [number, number]> = {
  2010: [2, 14],
  2011: [2, 3],
  2012: [1, 23],
  2013: [2, 10],
  2014: [1, 31],
  2015: [2, 19],
  2016: [2, 8],
  2017: [1, 28],
  2018: [2, 16],
  2019: [2, 5],
  2020: [1, 25],
  2021: [2, 12],
  2022: [2, 1],
  2023: [1, 22],
  2024: [2, 10],
  2025: [1, 29],
  2026: [2, 17],
  2027: [2, 6],
  2028: [1, 26],
  2029: [2, 13],
  2030: [2, 3],
};

const DAY = 86_400_000;

function isHoliday(t: number): boolean {
  const d = new Date(t);
  const y = d.getUTCFullYear();
  const m = d.getUTCMonth() + 1;
  const day = d.getUTCDate();
  if (m === 1 && day === 1) return true;
  if (m === 5 && day <= 3) return true;
  if (m === 10 && day <= 7) return true;
  const sf = SPRING_FESTIVAL[y];
  if (sf) {
    const ny = Date.UTC(y, sf[0] - 1, sf[1]);
    if (t >= ny - DAY && t <= ny + 5 * DAY) return true;
  }
  return false;
}

/** Whether YYYYMMDD is a trading day. */
export function isTradingDay(ymd: number): boolean {
  const t = fromYyyymmdd(ymd);
  const wd = new Date(t).getUTCDay();
  return wd !== 0 && wd !== 6 && !isHoliday(t);
}

/** Trading days from `from` to `to` inclusive (YYYYMMDD), ascending. */
export function tradingDays(from: number, to: number): number[] {
  const out: number[] = [];
  for (let t = fromYyyymmdd(from), end = fromYyyymmdd(to); t <= end; t += DAY) {
    const ymd = yyyymmdd(t);
    if (isTradingDay(ymd)) out.push(ymd);
  }
  return out;
}
