/**
 * When a local copy of daily (or intraday) bars is complete (issue 21): the rules
 * the market store's sync and its store-first readers share. Times are market
 * wall-clock milliseconds (core/bars/series.ts). Sessions are those of
 * trading-session.ts: weekdays from 09:15 to 15:05, no holiday calendar.
 *
 * - A bar dated `day` is final once that day's session has closed (15:05):
 *   before then the server's bar for it is still moving, so the sync leaves it out.
 * - A copy fetched at `fetchedAt` still holds every bar a server would give at
 *   `now` when no session has opened since the copy was made after the previous
 *   close. A holiday only costs a needless upstream read, never a stale answer.
 * - The sync stores final bars only, so a copy it made holds every final bar
 *   there is while no session has closed since: a second sync during the same
 *   session asks nothing (readers still go upstream for the moving bar).
 */
import { DAY_MS, MINUTE_MS } from "../bars/index.ts";

const OPEN = (9 * 60 + 15) * MINUTE_MS;
const CLOSE = (15 * 60 + 5) * MINUTE_MS;

const weekday = (dayStart: number) => {
  const wd = new Date(dayStart).getUTCDay();
  return wd >= 1 && wd <= 5;
};

/** Whether the bar of the day starting at `dayStart` (or any bar stamped within that day) is final at `now`. */
export function barIsFinal(barTime: number, now: number): boolean {
  return now >= Math.floor(barTime / DAY_MS) * DAY_MS + CLOSE;
}

/** Market time of the latest weekday moment `at` (ms after midnight) at or before `now`: the last opening or close. */
function lastWeekdayAt(now: number, at: number): number {
  let d = Math.floor(now / DAY_MS) * DAY_MS;
  if (now < d + at) d -= DAY_MS;
  while (!weekday(d)) d -= DAY_MS;
  return d + at;
}

/** Whether bars fetched at `fetchedAt` are still every final bar there is at `now` (and no bar is being formed). */
export function stillComplete(fetchedAt: number, now: number): boolean {
  return fetchedAt >= lastWeekdayAt(now, OPEN) - OPEN + CLOSE;
}

/** Whether final bars fetched at `fetchedAt` are still every final bar there is at `now`. */
export function noCloseSince(fetchedAt: number, now: number): boolean {
  return fetchedAt >= lastWeekdayAt(now, CLOSE);
}

/** `"HH:MM"` as minutes after midnight; undefined when malformed. */
export function parseClockTime(hhmm: string): number | undefined {
  const m = /^([01]?\d|2[0-3]):([0-5]\d)$/.exec(hhmm);
  return m ? Number(m[1]) * 60 + Number(m[2]) : undefined;
}

/** The first weekday moment at `minutes` after midnight strictly after `now` (the daily sync schedule). */
export function nextWeekdayAt(now: number, minutes: number): number {
  let d = Math.floor(now / DAY_MS) * DAY_MS;
  for (;;) {
    const t = d + minutes * MINUTE_MS;
    if (t > now && weekday(d)) return t;
    d += DAY_MS;
  }
}
