/**
 * Columns of the research tables (rankings, windows, runs): each cell shown by
 * its kind — a performance metric in the metric's unit and colour, a parameter
 * value or a number as written, text as it is — so one sortable table serves
 * every research result.
 */
import type { Locale } from "../app/i18n.ts";
import { formatMetric, metricSpec } from "../backtest/metrics.ts";
import { trend } from "../market/format.ts";

/** `grade`: an S/A/B/C/D badge. */
export type ColumnKind = "metric" | "value" | "text" | "grade";

export interface TableColumn {
  readonly key: string;
  readonly label: string;
  readonly kind: ColumnKind;
  /** Identifiers shown as written in every language (parameter names and values): marked translate="no". */
  readonly raw?: boolean;
}

export function cellText(c: TableColumn, v: unknown, locale: Locale): string {
  if (v === null || v === undefined) return "–";
  if (c.kind === "metric") return typeof v === "number" ? formatMetric(c.key, v, locale) : String(v);
  if (typeof v === "number") return Number.isInteger(v) ? String(v) : String(Number(v.toPrecision(6)));
  return String(v);
}

/** Numbers to the right in a fixed-width font; gains and losses coloured. */
export function cellClass(c: TableColumn, v: unknown): string {
  if (c.kind === "text" || c.kind === "grade") return "";
  const signed = c.kind === "metric" && metricSpec(c.key).signed ? ` text-${trend(v)}` : "";
  return `num mono${signed}`;
}

/**
 * Columns of an optimisation's ranking in the order its rows have them: the
 * rank, the grade (when the rows carry one), the grid values, then the metrics (the objective among them), then the
 * point's `note` as text (why its value cannot be trusted); `qualified` is
 * left out, the note says it.
 */
export function rankingColumns(
  sample: Readonly<Record<string, unknown>> | undefined,
  paramNames: readonly string[],
  metricLabel: (key: string) => string,
  noteLabel = "note",
  gradeLabel = "grade",
): TableColumn[] {
  if (!sample) return [];
  return Object.keys(sample).flatMap((key): TableColumn[] => {
    if (key === "rank") return [{ key, label: "#", kind: "value" }];
    if (key === "grade") return [{ key, label: gradeLabel, kind: "grade" }];
    if (paramNames.includes(key)) return [{ key, label: key, kind: "value", raw: true }];
    if (key === "qualified") return [];
    if (key === "note") return [{ key, label: noteLabel, kind: "text" }];
    return [{ key, label: metricLabel(key), kind: "metric" }];
  });
}
