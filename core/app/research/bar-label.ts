/** A bar's time as the research results show it: the date of a daily-or-longer bar, date and minute of an intraday one. */
import { formatDate, formatDateTime } from "../../bars/index.ts";

export const barLabel = (time: number): string => (time % 86_400_000 === 0 ? formatDate(time) : formatDateTime(time));
