/**
 * `GET /backtest/tasks/{id}/export?format=csv`: the main table of a result,
 * chosen in the spec's priority — trades, then ranking (optimisation), then
 * equity_curve; when none is there, the performance key-value pairs. An empty
 * table counts as missing. Portfolio and multi-strategy results read as one
 * account: every member's trades with a leading `symbol` column (the member's
 * key), `combined_equity`, `total_performance`. A screen's or signal scan's
 * `rows`, a multi-seed validation's `runs` and a walk-forward's `windows` come
 * after ranking, but only in a result without `performance` (nor
 * `total_performance`): extensions for results that have neither trades nor an
 * equity curve nor performance. An evaluation carries its walk-forward windows
 * next to its performance, so the spec's fallback holds for it: the
 * performance pairs.
 */
import { stringify } from "csv-stringify";

type Row = Record<string, unknown>;

const rowsOf = (v: unknown): Row[] | undefined => (Array.isArray(v) && v.length > 0 ? (v as Row[]) : undefined);

function memberTrades(members: unknown): Row[] | undefined {
  if (members === null || typeof members !== "object") return undefined;
  const rows = Object.entries(members as Record<string, { trades?: Row[] }>).flatMap(([symbol, r]) => (r.trades ?? []).map((t) => ({ symbol, ...t })));
  return rowsOf(rows);
}

function performanceRows(perf: unknown): Row[] {
  return Object.entries((perf ?? {}) as Row).map(([metric, value]) => ({ metric, value }));
}

/** The table a CSV export of `result` holds. */
export function mainTable(result: Row): Row[] {
  const performance = result.performance ?? result.total_performance;
  return (
    rowsOf(result.trades) ??
    memberTrades(result.individual_results) ??
    rowsOf(result.ranking) ??
    (performance == null ? extensionTable(result) : undefined) ??
    rowsOf(result.equity_curve) ??
    rowsOf(result.combined_equity) ??
    performanceRows(performance)
  );
}

/** The table of a result the spec's list does not name: a screen's rows, a multi-seed's runs, a walk-forward's windows. */
function extensionTable(result: Row): Row[] | undefined {
  return rowsOf(result.rows) ?? rowsOf(result.runs) ?? rowsOf((result.walkforward as Row | undefined)?.windows);
}

/** CSV text with a header of every key in order of first appearance; null → empty, objects as JSON. */
export function toCsv(rows: readonly Row[]): Promise<string> {
  const columns: string[] = [];
  const seen = new Set<string>();
  for (const r of rows) {
    for (const k of Object.keys(r)) {
      if (!seen.has(k)) {
        seen.add(k);
        columns.push(k);
      }
    }
  }
  const records = rows.map((r) =>
    columns.map((c) => {
      const v = r[c];
      return v === null || v === undefined ? "" : typeof v === "object" ? JSON.stringify(v) : v;
    }),
  );
  return new Promise((resolve, reject) => stringify(records, { header: true, columns, cast: { boolean: (b) => String(b) } }, (err, out) => (err ? reject(err) : resolve(out))));
}
