/**
 * Board lots (整手). Buy orders must respect a minimum quantity and a step; a
 * whole position may always be sold, odd lot included, so the kernels round only
 * buys and partial (rebalancing) sells.
 */
import type { Board } from "../market/index.ts";

export interface LotRule {
  /** Smallest order, in shares. */
  readonly min: number;
  /** Increment above the minimum, in shares. */
  readonly step: number;
}

const ROUND_LOT: LotRule = { min: 100, step: 100 };
const STAR_LOT: LotRule = { min: 200, step: 1 };
const BJ_LOT: LotRule = { min: 100, step: 1 };
const WHOLE_SHARES: LotRule = { min: 1, step: 1 };

/**
 * Main board, ChiNext and funds: multiples of 100. STAR: at least 200, then any
 * number. Beijing: at least 100, then any number. With lots switched off, whole
 * shares.
 */
export function lotRule(board: Board, enabled: boolean): LotRule {
  if (!enabled) return WHOLE_SHARES;
  if (board === "star") return STAR_LOT;
  if (board === "bj") return BJ_LOT;
  return ROUND_LOT;
}

/** Largest order not above `shares` that the rule allows (0 when below the minimum). */
export function roundDownToLot(shares: number, lot: LotRule): number {
  const q = Math.floor((shares + 1e-9) / lot.step) * lot.step;
  return q >= lot.min ? q : 0;
}
