/**
 * The trading-window rule of `/api/v1/market/session` (adapters/http/README.md §4.1):
 * Monday to Friday, 09:15–11:30 and 13:00–15:05 Asia/Shanghai, both ends
 * inclusive (auction buffer included, lunch break excluded). No holiday calendar.
 *
 * Times are market wall-clock milliseconds (see core/bars/series.ts).
 */

export type SessionPhase = "pre_open" | "morning" | "lunch_break" | "afternoon" | "closed" | "weekend";

export interface TradingWindow {
  readonly start: string;
  readonly end: string;
}

export const TRADING_WINDOWS: readonly TradingWindow[] = [
  { start: "09:15", end: "11:30" },
  { start: "13:00", end: "15:05" },
];

const S = 1000;
const hm = (h: number, m: number) => (h * 3600 + m * 60) * S;
const MORNING_OPEN = hm(9, 15);
const MORNING_CLOSE = hm(11, 30);
const AFTERNOON_OPEN = hm(13, 0);
const AFTERNOON_CLOSE = hm(15, 5);
const DAY = 86_400 * S;

export interface SessionState {
  readonly trading: boolean;
  readonly phase: SessionPhase;
  /** Market time of the next change between trading and not trading. */
  readonly nextChange: number;
}

function isWeekday(dayStart: number): boolean {
  const wd = new Date(dayStart).getUTCDay();
  return wd >= 1 && wd <= 5;
}

/** Market time of the next window opening strictly after `dayStart`'s day. */
function nextOpenAfterDay(dayStart: number): number {
  let d = dayStart + DAY;
  while (!isWeekday(d)) d += DAY;
  return d + MORNING_OPEN;
}

/** Whether `t` (market time) falls inside a trading window, and what comes next. */
export function tradingSession(t: number): SessionState {
  const dayStart = Math.floor(t / DAY) * DAY;
  const tod = t - dayStart;
  if (!isWeekday(dayStart)) return { trading: false, phase: "weekend", nextChange: nextOpenAfterDay(dayStart) };
  // The windows include their closing second: 11:30:00 trades, 11:30:01 does not.
  if (tod < MORNING_OPEN) return { trading: false, phase: "pre_open", nextChange: dayStart + MORNING_OPEN };
  if (tod <= MORNING_CLOSE) return { trading: true, phase: "morning", nextChange: dayStart + MORNING_CLOSE + S };
  if (tod < AFTERNOON_OPEN) return { trading: false, phase: "lunch_break", nextChange: dayStart + AFTERNOON_OPEN };
  if (tod <= AFTERNOON_CLOSE) return { trading: true, phase: "afternoon", nextChange: dayStart + AFTERNOON_CLOSE + S };
  return { trading: false, phase: "closed", nextChange: nextOpenAfterDay(dayStart) };
}

/** True inside a trading window. */
export function isTradingTime(t: number): boolean {
  return tradingSession(t).trading;
}
