/**
 * What a run holds at its last bar, per member (easy_tdx's "current holdings"
 * of a saved strategy rerun up to today): the last row of each result's
 * `positions` — shares, average cost, the latest close (market value ÷ shares)
 * and the unrealised P&L at it (market value − shares × cost, before fees).
 * One rule for the web app's result pages and the library's holdings route.
 */

/** A row of a result's `positions` (result-rows.ts PositionRow, as JSON). */
export interface PositionPoint {
  readonly datetime: string;
  readonly size: number | null;
  readonly avg_price: number | null;
  readonly market_value: number | null;
  readonly unrealized_pnl: number | null;
}

interface WithPositions {
  readonly positions?: readonly PositionPoint[] | undefined;
}

export interface Holding {
  /** The member: its symbol, or `label@symbol` in a multi-strategy run. */
  readonly key: string;
  /** Date of the last bar. */
  readonly date: string;
  readonly size: number;
  readonly cost: number | null;
  readonly price: number | null;
  readonly value: number | null;
  readonly pnl: number | null;
  /** The P&L as a fraction of the cost of the shares held. */
  readonly pnl_pct: number | null;
}

/** The number, or null when missing or not finite (`Number.isFinite` is false for anything not a number). */
const num = (v: number | null | undefined): number | null => (Number.isFinite(v) ? (v as number) : null);

export function holdingOf(key: string, r: WithPositions): Holding | null {
  const last = r.positions?.at(-1);
  if (!last) return null;
  const size = num(last.size) ?? 0;
  const cost = size === 0 ? null : num(last.avg_price);
  const value = num(last.market_value);
  const pnl = size === 0 ? 0 : num(last.unrealized_pnl);
  return {
    key,
    date: last.datetime.slice(0, 10),
    size,
    cost,
    price: size !== 0 && value !== null ? value / size : null,
    value,
    pnl,
    pnl_pct: cost !== null && pnl !== null && cost !== 0 ? pnl / (cost * Math.abs(size)) : null,
  };
}

/** One row per member, held ones first. */
export function holdingsOf(members: Readonly<Record<string, WithPositions>>): Holding[] {
  const rows = Object.entries(members).flatMap(([key, r]) => holdingOf(key, r) ?? []);
  return [...rows.filter((h) => h.size !== 0), ...rows.filter((h) => h.size === 0)];
}
