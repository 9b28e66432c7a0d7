/** Sorting table rows by a clicked column: numbers by value, text in the locale's order, missing values always last. */

export interface SortState {
  readonly key: string;
  readonly descending: boolean;
}

export function sortRows<R extends Readonly<Record<string, unknown>>>(rows: readonly R[], sort: SortState | null, locale: string): R[] {
  if (!sort) return [...rows];
  const dir = sort.descending ? -1 : 1;
  const collator = new Intl.Collator(locale);
  return [...rows].sort((a, b) => {
    const x = a[sort.key];
    const y = b[sort.key];
    const xm = x === null || x === undefined || (typeof x === "number" && !Number.isFinite(x));
    const ym = y === null || y === undefined || (typeof y === "number" && !Number.isFinite(y));
    if (xm || ym) return xm === ym ? 0 : xm ? 1 : -1;
    if (typeof x === "number" && typeof y === "number") return (x - y) * dir;
    return collator.compare(String(x), String(y)) * dir;
  });
}

/** The next sort after clicking `key`: a new column starts descending (largest first), the same column flips. */
export function nextSort(cur: SortState | null, key: string): SortState {
  return cur?.key === key ? { key, descending: !cur.descending } : { key, descending: true };
}
