/**
 * One time label for bars and backtest results: the service stamps every bar
 * as `YYYY-MM-DDTHH:MM:SS` (midnight for daily and longer bars, as easy_tdx
 * does); older answers and saved runs may carry `YYYY-MM-DD` or
 * `YYYY-MM-DD HH:MM`. All become the short form the pages show (`YYYY-MM-DD`,
 * `YYYY-MM-DD HH:MM`), so markers and curves land on the drawn bar.
 */
const STAMP = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2})/;

export function barKey(datetime: string): string {
  const m = STAMP.exec(datetime);
  if (!m) return datetime;
  return m[2] === "00:00" ? m[1]! : `${m[1]} ${m[2]}`;
}

/** The calendar day of a time label. */
export const dayOf = (key: string): string => key.slice(0, 10);
