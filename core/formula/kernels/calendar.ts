/**
 * Calendar variables from `BarSeries.time` (market wall-clock time encoded as
 * UTC milliseconds). Integer arithmetic only, no Date objects, so a million
 * bars cost one pass. DATE uses TDX's form (year−1900)·10000 + month·100 + day
 * (2024-01-02 is 1240102); TIME is HHMMSS (0 on daily bars); WEEKDAY is 0 for
 * Sunday.
 */
export type CalendarField = "DATE" | "TIME" | "YEAR" | "MONTH" | "DAY" | "WEEKDAY" | "HOUR" | "MINUTE";

const DAY_MS = 86_400_000;

/** Civil date from days since 1970-01-01 (proleptic Gregorian). */
function civil(days: number): [number, number, number] {
  const z = days + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const d = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const m = mp < 10 ? mp + 3 : mp - 9;
  return [yoe + era * 400 + (m <= 2 ? 1 : 0), m, d];
}

/**
 * An invalid time needs no test: NaN runs through every field's arithmetic.
 * The civil date is worked out once per day (intraday bars share it), from a
 * cache that starts on day 0.
 */
export function calendar(out: Float64Array, time: Float64Array, field: CalendarField): void {
  let lastDays = 0;
  let ymd = civil(0);
  for (let i = 0; i < out.length; i++) {
    const t = time[i]!;
    const days = Math.floor(t / DAY_MS);
    const ms = t - days * DAY_MS;
    if (days !== lastDays) {
      ymd = civil(days);
      lastDays = days;
    }
    switch (field) {
      case "DATE":
        out[i] = (ymd[0] - 1900) * 10000 + ymd[1] * 100 + ymd[2];
        break;
      case "YEAR":
        out[i] = ymd[0];
        break;
      case "MONTH":
        out[i] = ymd[1];
        break;
      case "DAY":
        out[i] = ymd[2];
        break;
      case "WEEKDAY":
        out[i] = (((days + 4) % 7) + 7) % 7;
        break;
      case "TIME": {
        const s = Math.floor(ms / 1000);
        out[i] = Math.floor(s / 3600) * 10000 + (Math.floor(s / 60) % 60) * 100 + (s % 60);
        break;
      }
      case "HOUR":
        out[i] = Math.floor(ms / 3_600_000);
        break;
      case "MINUTE":
        out[i] = Math.floor(ms / 60_000) % 60;
        break;
    }
  }
}
