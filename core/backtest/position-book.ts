/**
 * One security's position under average-cost accounting, long or short. Entry
 * fees are held with the position and released pro rata as shares are closed, so
 * a closing fill's P&L is net of both sides' fees and the P&L of all closed fills
 * plus the open position's mark-to-market equals the change in equity.
 */
import type { Side } from "./fees.ts";

export class PositionBook {
  /** Signed shares: > 0 long, < 0 short. */
  shares = 0;
  /** Average entry price of the open shares (fees excluded). */
  avgPrice = 0;
  /** Entry fees of the open shares not yet released into P&L. */
  entryFees = 0;
  /** Bar (timeline step) on which the current position was opened from flat. */
  entryBar = -1;
  /** Bar of the latest closing fill (exposure counts that bar as held). */
  lastExitBar = -1;
  /** Shares bought on `lockDay`: not sellable that day under T+1. */
  lockedShares = 0;
  lockDay = -1;

  reset(): void {
    this.shares = 0;
    this.avgPrice = 0;
    this.entryFees = 0;
    this.entryBar = -1;
    this.lastExitBar = -1;
    this.lockedShares = 0;
    this.lockDay = -1;
  }

  /** Long shares that may be sold on `day` (T+1 keeps that day's buys back). */
  sellable(day: number, tPlusOne: boolean): number {
    if (this.shares <= 0) return 0;
    return tPlusOne && day === this.lockDay ? this.shares - this.lockedShares : this.shares;
  }

  /**
   * Books a fill of `quantity` shares; returns the realised P&L when it reduces
   * the position (NaN when it opens or adds). A fill never flips the sign: the
   * kernels close first and open in a separate fill.
   */
  apply(side: Side, quantity: number, price: number, fees: number, bar: number, day: number): number {
    const held = this.shares;
    if (held === 0 || held > 0 === (side === 1)) {
      const size = Math.abs(held);
      this.avgPrice = (this.avgPrice * size + price * quantity) / (size + quantity);
      this.entryFees += fees;
      if (held === 0) this.entryBar = bar;
      this.shares = held + side * quantity;
      if (side === 1) {
        this.lockedShares = this.lockDay === day ? this.lockedShares + quantity : quantity;
        this.lockDay = day;
      }
      return Number.NaN;
    }
    const size = Math.abs(held);
    const releasedFees = (this.entryFees * quantity) / size;
    const gross = held > 0 ? (price - this.avgPrice) * quantity : (this.avgPrice - price) * quantity;
    this.entryFees -= releasedFees;
    this.shares = held + side * quantity;
    this.lastExitBar = bar;
    if (this.shares === 0) {
      this.avgPrice = 0;
      this.entryFees = 0;
    }
    if (this.lockDay === day) this.lockedShares = Math.min(this.lockedShares, Math.max(this.shares, 0));
    return gross - fees - releasedFees;
  }
}
