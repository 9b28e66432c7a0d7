/**
 * A parameter grid: a list of values per parameter, searched as their
 * Cartesian product in a fixed order (the first parameter outermost, the last
 * varying fastest, as itertools.product and easy_tdx's optimiser enumerate it).
 * A point is addressed by its index alone, so a chunk of a grid travels to a
 * worker as `[from, to)` and every worker decodes the same points.
 */
export type ParamValue = number | string | boolean;
export type ParamGrid = Readonly<Record<string, readonly ParamValue[]>>;

/** Number of points (1 for an empty grid: the base parameters alone). */
export function gridSize(grid: ParamGrid): number {
  let n = 1;
  for (const values of Object.values(grid)) n *= values.length;
  return n;
}

/** The parameters of point `index`: `base` with the grid's values for that point on top. */
export function gridPoint(grid: ParamGrid, base: Readonly<Record<string, unknown>>, index: number): Record<string, unknown> {
  const names = Object.keys(grid);
  const digits = new Array<number>(names.length);
  let rest = index;
  for (let k = names.length - 1; k >= 0; k--) {
    const n = grid[names[k]!]!.length;
    digits[k] = rest % n;
    rest = Math.floor(rest / n);
  }
  const point: Record<string, unknown> = { ...base };
  names.forEach((name, k) => (point[name] = grid[name]![digits[k]!]));
  return point;
}

/** The grid's own values of point `index` (no base), in the grid's parameter order. */
export function gridValues(grid: ParamGrid, index: number): Record<string, ParamValue> {
  return gridPoint(grid, {}, index) as Record<string, ParamValue>;
}

/** `[from, to)` ranges splitting `total` points into at most `parts` chunks of near-equal size, in order. */
export function chunkRanges(total: number, parts: number): [number, number][] {
  const count = Math.max(1, Math.min(total, Math.floor(parts)));
  const out: [number, number][] = [];
  for (let k = 0; k < count; k++) {
    const from = Math.floor((k * total) / count);
    const to = Math.floor(((k + 1) * total) / count);
    if (to > from) out.push([from, to]);
  }
  return out;
}
