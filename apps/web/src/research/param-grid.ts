/**
 * The parameter grid as the research forms edit it: per parameter the values to
 * try, typed as text ("5, 10, 20") and read with the parameter's own type. A
 * blank list leaves the parameter out of the grid, so it keeps its fixed value
 * (the `params` of the request). The grid is the Cartesian product of the lists;
 * points the strategy's own rules reject (out of bounds, fast ≥ slow) are
 * skipped by the server, so values out of bounds are only flagged here.
 */
import type { ParamValue, StrategyInfo, StrategyParamInfo } from "../api/backtest-types.ts";

export type GridTexts = Readonly<Record<string, string>>;
export type ParamGrid = Record<string, ParamValue[]>;

/** Parameters a grid can search: numbers, switches and choices (not free text such as a formula). */
export const searchable = (info: StrategyInfo): StrategyParamInfo[] => info.params.filter((p) => p.type !== "str" || !!p.choices);

const SEPARATORS = /[\s,，;；]+/;

export interface ParsedValues {
  readonly values: ParamValue[];
  /** Items that are not values of the parameter's type. */
  readonly bad: string[];
  /** Values outside the parameter's bounds (their points will be skipped). */
  readonly outside: ParamValue[];
}

function valueOf(p: StrategyParamInfo, item: string): ParamValue | undefined {
  switch (p.type) {
    case "bool": {
      const w = item.toLowerCase();
      return w === "true" || w === "1" ? true : w === "false" || w === "0" ? false : undefined;
    }
    case "str":
      return !p.choices || p.choices.includes(item) ? item : undefined;
    default: {
      const n = Number(item);
      return Number.isFinite(n) && (p.type === "float" || Number.isInteger(n)) ? n : undefined;
    }
  }
}

/** The distinct values of one list, in the order written. */
export function parseValues(p: StrategyParamInfo, text: string): ParsedValues {
  const values: ParamValue[] = [];
  const bad: string[] = [];
  for (const item of text.split(SEPARATORS).filter(Boolean)) {
    const v = valueOf(p, item);
    if (v === undefined) bad.push(item);
    else if (!values.includes(v)) values.push(v);
  }
  const outside = values.filter((v) => typeof v === "number" && ((p.min_value !== undefined && v < p.min_value) || (p.max_value !== undefined && v > p.max_value)));
  return { values, bad, outside };
}

export interface GridReading {
  readonly grid: ParamGrid;
  /** Parameters whose list has items that are not values. */
  readonly bad: string[];
}

/** The grid of a strategy from the lists as typed (blank lists left out). */
export function gridOf(info: StrategyInfo, texts: GridTexts): GridReading {
  const grid: ParamGrid = {};
  const bad: string[] = [];
  for (const p of searchable(info)) {
    const parsed = parseValues(p, texts[p.name] ?? "");
    if (parsed.bad.length) bad.push(p.name);
    if (parsed.values.length) grid[p.name] = parsed.values;
  }
  return { grid, bad };
}

/** Points in a grid (an empty grid is the one point of the fixed parameters). */
export const gridSize = (grid: Readonly<Record<string, readonly unknown[]>>): number => Object.values(grid).reduce((n, v) => n * v.length, 1);

/** The lists of the strategy's preset grid, as text. */
export function presetTexts(info: StrategyInfo): Record<string, string> {
  return Object.fromEntries(searchable(info).map((p) => [p.name, (info.preset_grid[p.name] ?? []).map(String).join(", ")]));
}
