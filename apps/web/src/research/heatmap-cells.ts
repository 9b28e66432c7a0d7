/**
 * An optimisation's ranking as a heatmap over two of its parameters: one cell
 * per pair of values, coloured by the objective. The other parameters are
 * either held at the best point's values ("fixed": the slice of the grid
 * through the best point) or folded over: the best value any of their
 * combinations reached ("best") or the mean over them ("mean", a robustness
 * view). Points the strategy rejected have no row, so their cells stay empty;
 * an undefined objective (e.g. the Sharpe ratio of a run without trades) is a
 * cell without a value.
 */
import type { ParamValue } from "../api/backtest-types.ts";
import type { Direction, RankingRow } from "../api/research-types.ts";

export type HeatmapMode = "fixed" | "best" | "mean";

export const HEATMAP_MODES: readonly HeatmapMode[] = ["fixed", "best", "mean"];

export interface HeatCell {
  readonly x: number;
  readonly y: number;
  /** Objective of the cell (null: undefined for every point in it). */
  readonly value: number | null;
  /** Grid points the cell stands for. */
  readonly points: number;
}

export interface HeatmapCells {
  readonly x: ParamValue[];
  readonly y: ParamValue[];
  readonly cells: HeatCell[];
  /** The values the other parameters are held at ("fixed"), else null. */
  readonly fixed: Readonly<Record<string, ParamValue>> | null;
  readonly min: number | null;
  readonly max: number | null;
}

const isValue = (v: unknown): v is ParamValue => typeof v === "number" || typeof v === "string" || typeof v === "boolean";
const keyOf = (v: unknown): string => `${typeof v}:${String(v)}`;
const finite = (v: unknown): v is number => typeof v === "number" && Number.isFinite(v);

/** Numbers by value, switches false first, text in code-point order. */
function compareValues(a: ParamValue, b: ParamValue): number {
  if (typeof a === "number" && typeof b === "number") return a - b;
  if (typeof a === "boolean" && typeof b === "boolean") return Number(a) - Number(b);
  const x = String(a);
  const y = String(b);
  return x < y ? -1 : x > y ? 1 : 0;
}

/** The distinct values of a parameter over the rows, sorted. */
export function axisValues(rows: readonly RankingRow[], name: string): ParamValue[] {
  const seen = new Map<string, ParamValue>();
  for (const r of rows) {
    const v = r[name];
    if (isValue(v) && !seen.has(keyOf(v))) seen.set(keyOf(v), v);
  }
  return [...seen.values()].sort(compareValues);
}

/** Parameters that take more than one value over the rows: the ones an axis can show. */
export const variedParams = (rows: readonly RankingRow[], names: readonly string[]): string[] => names.filter((n) => axisValues(rows, n).length > 1);

export interface HeatmapRequest {
  readonly rows: readonly RankingRow[];
  readonly paramNames: readonly string[];
  readonly x: string;
  readonly y: string;
  readonly objective: string;
  readonly direction: Direction;
  readonly mode: HeatmapMode;
}

export function heatmapCells(q: HeatmapRequest): HeatmapCells {
  const x = axisValues(q.rows, q.x);
  const y = axisValues(q.rows, q.y);
  const xi = new Map(x.map((v, i) => [keyOf(v), i]));
  const yi = new Map(y.map((v, i) => [keyOf(v), i]));
  const others = q.paramNames.filter((n) => n !== q.x && n !== q.y);
  const better = (a: number, b: number) => (q.direction === "max" ? a > b : a < b);
  const bestRow =
    q.rows.reduce<RankingRow | undefined>((best, r) => {
      const v = r[q.objective];
      if (!finite(v)) return best;
      return best === undefined || better(v, best[q.objective] as number) ? r : best;
    }, undefined) ?? q.rows[0];
  const fixed = q.mode === "fixed" && bestRow ? Object.fromEntries(others.flatMap((n) => (isValue(bestRow[n]) ? [[n, bestRow[n]]] : []))) : null;
  const inSlice = (r: RankingRow) => !fixed || Object.entries(fixed).every(([n, v]) => keyOf(r[n]) === keyOf(v));

  const acc = new Map<string, { x: number; y: number; values: number[]; points: number }>();
  for (const r of q.rows) {
    if (!inSlice(r)) continue;
    const i = xi.get(keyOf(r[q.x]));
    const j = yi.get(keyOf(r[q.y]));
    if (i === undefined || j === undefined) continue;
    const k = `${i},${j}`;
    const cell = acc.get(k) ?? { x: i, y: j, values: [], points: 0 };
    cell.points++;
    const v = r[q.objective];
    if (finite(v)) cell.values.push(v);
    acc.set(k, cell);
  }
  const cells = [...acc.values()].map((c): HeatCell => {
    let value: number | null = null;
    if (c.values.length) value = q.mode === "mean" ? c.values.reduce((a, v) => a + v, 0) / c.values.length : c.values.reduce((a, v) => (better(v, a) ? v : a));
    return { x: c.x, y: c.y, value, points: c.points };
  });
  const values = cells.flatMap((c) => (c.value === null ? [] : [c.value]));
  return { x, y, cells, fixed, min: values.length ? Math.min(...values) : null, max: values.length ? Math.max(...values) : null };
}
