/**
 * Report periods → the `/finsrc/financial-report` table, as the original system
 * shaped it: one row per period (newest first), `报告期` first, then each item's
 * caption, followed by `<caption>_同比` where a year-on-year figure exists.
 * Columns appear in first-seen order across the rows. A caption can occur twice
 * in one statement (利息收入 as a revenue line and again under 财务费用): the
 * first occurrence with a value wins, so an empty line never hides a figure.
 */
import type { StatementPeriod } from "../../../ports/external-data.ts";

export const PERIOD_COLUMN = "报告期";
export const YOY_SUFFIX = "_同比";

export interface StatementTable {
  readonly columns: string[];
  readonly rows: Record<string, string | number | null>[];
}

export function statementTable(periods: readonly StatementPeriod[]): StatementTable {
  const columns = new Set<string>([PERIOD_COLUMN]);
  const rows = periods.map((p) => {
    const row: Record<string, string | number | null> = { [PERIOD_COLUMN]: p.period };
    for (const it of p.items) {
      const seen = it.title in row;
      if (seen && (row[it.title] !== null || it.value === null)) continue;
      row[it.title] = it.value;
      columns.add(it.title);
      const yoyKey = it.title + YOY_SUFFIX;
      if (it.yoy !== null) {
        row[yoyKey] = it.yoy;
        columns.add(yoyKey);
      } else delete row[yoyKey];
    }
    return row;
  });
  return { columns: [...columns], rows };
}
