/**
 * When a demo company discloses each periodic report: a trading day inside the
 * legal window (Q1 in late April, half-year in August, Q3 in late October, the
 * annual report from mid-March to late April of the next year). The demo
 * announcements and the demo financial statements share these dates.
 */
import { fromYyyymmdd, yyyymmdd, DAY_MS } from "../../../core/bars/index.ts";
import { isTradingDay } from "../../tdx-sim/demo/calendar.ts";
import { hashSeed, mulberry32 } from "../../tdx-sim/demo/prng.ts";

/** 1 = Q1, 2 = half-year, 3 = Q3, 4 = annual (Sina's `date_type`). */
export type ReportKind = 1 | 2 | 3 | 4;

/** Month and day (MMDD) each kind of report closes its period on. */
const PERIOD_END: Readonly<Record<ReportKind, number>> = { 1: 331, 2: 630, 3: 930, 4: 1231 };

/** Period end of a fiscal year's report, YYYYMMDD. */
export function periodEnd(year: number, kind: ReportKind): number {
  return year * 10000 + PERIOD_END[kind];
}

/** The first trading day on or after YYYYMMDD. */
export function tradingDayOnOrAfter(ymd: number): number {
  let t = fromYyyymmdd(ymd);
  while (!isTradingDay(yyyymmdd(t))) t += DAY_MS;
  return yyyymmdd(t);
}

/** Disclosure day of a company's report for a fiscal year. */
export function reportDay(seed: number, code: string, year: number, kind: ReportKind): number {
  const r = mulberry32(hashSeed(seed, "report-day", code, year, kind))();
  const [y, m, first, span] = kind === 1 ? [year, 4, 15, 14] : kind === 2 ? [year, 8, 10, 20] : kind === 3 ? [year, 10, 15, 15] : [year + 1, 3, 15, 40];
  const day = first + Math.floor(r * span);
  const start = y * 10000 + m * 100 + 1;
  return tradingDayOnOrAfter(yyyymmdd(fromYyyymmdd(start) + (day - 1) * DAY_MS));
}

/** First fiscal year a demo company reports: its listing year, no earlier than 2016. */
export function firstReportYear(listDate: number): number {
  return Math.max(2016, Math.floor(listDate / 10000));
}
