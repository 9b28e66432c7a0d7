/** The ranking of every strategy (optimise-all) as table rows: each strategy's best point, its parameters as text, its metrics, how much of its grid ran (`grid_points` of `grid_size`) and the point's note. */
import type { OptimizeAllResult } from "../api/research-types.ts";
import { withGrade } from "../backtest/result-shapes.ts";
import { paramsText } from "../backtest/strategy-params.ts";
import type { TableColumn } from "./table-columns.ts";

const METRICS = ["total_return", "annual_return", "sharpe", "sortino", "calmar", "max_drawdown", "total_trades", "win_rate", "profit_factor"];

/** `shown` names a strategy on screen (its label in the chosen language); the result's label by default. */
export function strategyRankingRows(r: Pick<OptimizeAllResult, "ranking">, shown: (strategy: string, label: string) => string = (_, label) => label): Record<string, unknown>[] {
  return r.ranking.map((e) => withGrade({ ...e, strategy_label: shown(e.strategy, e.strategy_label), params: paramsText(e.params), points: `${e.grid_points}/${e.grid_size}` }));
}

/** `labels`: the words of the fixed columns; `metricLabel` names a metric. */
export function strategyRankingColumns(
  objective: string,
  labels: { readonly strategy: string; readonly params: string; readonly points: string; readonly note?: string; readonly grade?: string },
  metricLabel: (key: string) => string,
): TableColumn[] {
  const metrics = METRICS.includes(objective) ? METRICS : [objective, ...METRICS];
  return [
    { key: "rank", label: "#", kind: "value" },
    { key: "grade", label: labels.grade ?? "grade", kind: "grade" },
    { key: "strategy_label", label: labels.strategy, kind: "text" },
    { key: "params", label: labels.params, kind: "text", raw: true },
    ...metrics.map((key): TableColumn => ({ key, label: metricLabel(key), kind: "metric" })),
    { key: "points", label: labels.points, kind: "text" },
    { key: "note", label: labels.note ?? "note", kind: "text" },
  ];
}
